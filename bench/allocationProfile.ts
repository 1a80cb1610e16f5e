/**
 * What the store-to-CSV stage allocates, by the function that allocates it: a figure this shared two-CPU machine
 * does not blur, where its wall clock swings ±30 % between minutes (docs/performance.md, "Fifth round"). Runs
 * `csvStage.ts` in this process under V8's sampling heap profiler, counting the objects minor and major collections
 * freed too, so the figure is what was allocated rather than what survived. Only this thread is sampled: give it
 * a one-pass input (`"onePass": true`), whose whole render runs here. Build first (`npm run build`):
 *
 *   node --import tsx bench/allocationProfile.ts INPUT.json [TOP]
 *
 * Prints the stage's own JSON line, then the MB allocated in all and by the TOP (default 20) largest allocators.
 */
import inspector from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';

interface SampledNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SampledNode[];
}

/** About one sample per 64 KB allocated: a million rows give tens of thousands of samples. */
const SAMPLING_INTERVAL = 65_536;

const [input, top = '20'] = process.argv.slice(2);
if (input === undefined) throw new Error('usage: allocationProfile.ts INPUT.json [TOP]');
const session = new inspector.Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: SAMPLING_INTERVAL,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
process.argv.splice(2, process.argv.length, input);
await import(pathToFileURL(new URL('csvStage.ts', import.meta.url).pathname).href);
const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: SampledNode } };

const bySite = new Map<string, number>();
const walk = (node: SampledNode): number => {
  const { functionName, url, lineNumber } = node.callFrame;
  const site = `${functionName === '' ? '(anonymous)' : functionName} ${url.split('/').at(-1) ?? ''}:${lineNumber + 1}`;
  bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
  return node.children.reduce((sum, child) => sum + walk(child), node.selfSize);
};
const total = walk(profile.head);
const mb = (bytes: number): string => (bytes / 1e6).toFixed(0).padStart(7);
console.log(`${mb(total)} MB allocated`);
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${mb(bytes)} MB ${site}`);
