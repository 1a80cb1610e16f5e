/**
 * One method's cost-basis replay over `legs` generated legs, its gain rows made and handed on as the export's outputs
 * hear them (`GainStream`, none kept), in a process of its own so its heap is its own; prints one JSON line of
 * `BasisFigures`. Runs the built code (`npm run build` first), as the export does:
 *
 *   node --expose-gc --import tsx bench/basisChild.ts '{"legs":1000000,"method":"fifo"}'
 *
 * `"twin": true` is its null twin: the same passes, the legs read and dropped. Under valgrind's callgrind (V8 in
 * predictable mode) a run's instructions less its twin's are the replay's, a count the host's load does not move:
 *
 *   valgrind --tool=callgrind --callgrind-out-file=callgrind.%p.out node --predictable --hash-seed=1 --random-seed=1 \
 *     --expose-gc --import tsx bench/basisChild.ts '{"legs":200000,"method":"fifo","twin":true}'
 */
import type * as Money from '../src/ledger/money.js';
import type * as Run from '../src/costbasis/BasisRun.js';
import type * as Stream from '../src/costbasis/GainStream.js';
import type * as Sink from '../src/costbasis/GainSink.js';
import type { BasisLeg } from '../src/costbasis/BasisLeg.js';
import type { BasisMethod } from '../src/costbasis/CostBasisSettings.js';
import { BASIS_END, BASIS_START, basisLegs } from './basisLegs.js';

export interface BasisFigures {
  method: BasisMethod;
  legs: number;
  /** CPU seconds of the replay and its gain rows made once: the pass with the replay less a pass that only makes the same legs. */
  cpuSeconds: number;
  wallSeconds: number;
  generateCpuSeconds: number;
  legsPerCpuSecond: number;
  /** Highest heap in use while replaying, above the heap before it (sampled every 4,096 legs and at the end). */
  peakHeapMb: number;
  /** What the report holds: the heap after a collection once the replay ended, above the heap before it. */
  reportHeapMb: number;
  gainRows: number;
  /** Gain rows whose gain is unknown (counted as they are heard). */
  unknownGainRows: number;
  openLots: number;
  issues: number;
  /** Income and removal rows (handed on, not kept). */
  incomeAndRemovals: number;
}

const built = async <T>(module: string): Promise<T> => (await import(new URL(`../dist/${module}`, import.meta.url).href)) as T;
const { Decimal } = await built<typeof Money>('ledger/money.js');
const { BasisRun } = await built<typeof Run>('costbasis/BasisRun.js');
const { GainStream } = await built<typeof Stream>('costbasis/GainStream.js');
const { gainMoney } = await built<typeof Sink>('costbasis/GainSink.js');

const { legs, method, twin } = JSON.parse(process.argv[2] ?? '{}') as { legs: number; method: BasisMethod; twin?: boolean };
const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const cpu = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

let generated = 0;
let cpuStart = cpu();
for (const leg of basisLegs(legs, Decimal)) generated += leg.amountRaw > 0n ? 1 : 0;
const generateCpuSeconds = cpu() - cpuStart;

collect();
const heapBefore = process.memoryUsage().heapUsed;
let peak = heapBefore;
function* sampled(): Generator<BasisLeg> {
  let count = 0;
  for (const leg of basisLegs(legs, Decimal)) {
    if ((count++ & 4095) === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    yield leg;
  }
}
const settings = { method, scope: 'universal', profile: 'generic', changes: [], unclassifiedOut: 'remove' } as const;
cpuStart = cpu();
const wallStart = performance.now();
let known = 0;
// The gain as gains.csv, its summary and totals read it: the row's Money (its Decimals are made only when read).
const gains = new GainStream([(row) => void (known += gainMoney(row).gain === null ? 0 : 1)]);
let issues = 0;
let otherRows = 0;
const run = new BasisRun({ settings, period: { start: BASIS_START, end: BASIS_END + 1 }, timezone: 'UTC' }, gains, {
  income: () => void (otherRows += 1),
  removal: () => void (otherRows += 1),
  issue: () => void (issues += 1),
});
if (twin === true) for (const leg of sampled()) void leg;
else for (const leg of sampled()) run.add(leg);
const report = run.end();
const wallSeconds = (performance.now() - wallStart) / 1000;
const cpuSeconds = cpu() - cpuStart - generateCpuSeconds;
peak = Math.max(peak, process.memoryUsage().heapUsed);
collect();
const reportHeapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
const figures: BasisFigures = {
  method,
  legs: generated,
  cpuSeconds,
  wallSeconds,
  generateCpuSeconds,
  legsPerCpuSecond: generated / cpuSeconds,
  peakHeapMb: (peak - heapBefore) / 2 ** 20,
  reportHeapMb,
  gainRows: gains.length,
  unknownGainRows: gains.length - known,
  openLots: report.openLots.length,
  issues,
  incomeAndRemovals: otherRows,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
