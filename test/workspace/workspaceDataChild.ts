/**
 * Run by workspaceData.test.ts as one of several processes racing on one workspace database: opens it
 * (an SQLite file or a PostgreSQL URL), prints "ready", then for each JSON line on stdin
 * (`{ at, method, args }`) spins until the instant `at` (epoch ms, so all processes call at once),
 * calls that `WorkspaceData` method, or `tick` of a scheduler on its own not-started queue, and prints
 * the result as a JSON line.
 */
import readline from 'node:readline';
import { InProcessRunQueue } from '../../src/workspace/InProcessRunQueue.js';
import { Scheduler } from '../../src/workspace/Scheduler.js';
import { openPostgresWorkspaceData, openSqliteWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import type { WorkspaceData } from '../../src/workspace/WorkspaceData.js';

const [location = ''] = process.argv.slice(2);
const data: WorkspaceData = location.startsWith('postgres')
  ? (await openPostgresWorkspaceData(location)).data
  : openSqliteWorkspaceData(location);
let now = new Date(0);
// Not started: enqueued runs stay queued, so the test counts exactly what the schedulers enqueued.
const queue = new InProcessRunQueue(data, () => Promise.resolve(), { now: () => now });
const scheduler = new Scheduler(data, queue, () => []);
process.stdout.write('ready\n');
for await (const line of readline.createInterface({ input: process.stdin })) {
  const { at, method, args } = JSON.parse(line) as { at: number; method: 'claimScheduleTick' | 'assignApiKey' | 'tick'; args: unknown[] };
  while (Date.now() < at) {
    // spin: a timer would wake each process up to a few ms apart
  }
  let result: unknown;
  if (method === 'tick') {
    now = new Date(args[0] as string);
    result = await scheduler.tick(now);
  } else {
    result = await (data[method] as (...values: unknown[]) => Promise<unknown>).apply(data, args);
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
await data.close();
