/**
 * `npm run bench -- --basis [--legs N] [--methods fifo,hifo,average]`: the cost-basis replay alone over N generated
 * legs (default 1M, the large world's size; see basisLegs.ts for the mix), each method in a process of its own
 * (basisChild.ts). Figures: the replay's CPU seconds (the machine is shared: its wall clock says little), legs per CPU
 * second (its gain rows made once and handed on, as the export's outputs hear them), the peak heap above the heap
 * before it and what the report holds after a collection (the open lots and the period's other rows). Target (issue 43): gains add ≤ 15 % to store→CSV, which runs at
 * ≈ 200k entries/s, so ≈ 0.75 s per 1M legs. Merged into bench/results.json as `basisReplay`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BasisFigures } from './basisChild.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGET_SECONDS_PER_MILLION = 0.75;

export function basisBench(argv: readonly string[], resultsPath: string): void {
  let legs = 1_000_000;
  let methods = ['fifo', 'hifo', 'average'];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--legs') legs = Number(argv[(i += 1)]);
    else if (argv[i] === '--methods') methods = (argv[(i += 1)] ?? '').split(',');
    else throw new Error(`unknown argument ${String(argv[i])} (use --legs N, --methods fifo,hifo,average)`);
  }
  const runs = methods.map((method): BasisFigures => {
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', path.join(here, 'basisChild.ts'), JSON.stringify({ legs, method })],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const figures = JSON.parse(output.trim().split('\n').pop() ?? '{}') as BasisFigures;
    const perMillion = (figures.cpuSeconds / figures.legs) * 1e6;
    process.stdout.write(
      `  ${perMillion <= TARGET_SECONDS_PER_MILLION ? 'ok ' : 'MISS'} basis ${method.padEnd(7)} ${figures.legs.toLocaleString('en-US')} legs: ` +
        `${figures.cpuSeconds.toFixed(2)} CPU s (${perMillion.toFixed(2)} s per 1M, target ≤ ${TARGET_SECONDS_PER_MILLION}), ` +
        `${Math.round(figures.legsPerCpuSecond).toLocaleString('en-US')} legs/CPU s, wall ${figures.wallSeconds.toFixed(1)} s, ` +
        `peak heap +${figures.peakHeapMb.toFixed(0)} MB, report +${figures.reportHeapMb.toFixed(0)} MB (${figures.gainRows.toLocaleString('en-US')} gain rows, ${figures.openLots.toLocaleString('en-US')} open lots)\n`,
    );
    return figures;
  });
  const results = fs.existsSync(resultsPath) ? (JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>) : {};
  results.basisReplay = { measuredAt: new Date().toISOString(), targetCpuSecondsPerMillion: TARGET_SECONDS_PER_MILLION, runs };
  fs.writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
}
