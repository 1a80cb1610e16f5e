import fs from 'node:fs';
import os from 'node:os';
import { expect, it } from '@jest/globals';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { startProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/workspaceHarness.js';

/** The niceness of each thread of a process, from /proc (field 19 of a task's stat). */
function threadNiceness(pid: number): number[] {
  return fs
    .readdirSync(`/proc/${pid}/task`)
    .map((task) => Number(fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]));
}

describeWithPostgres('a worker lowers its own scheduling priority (Linux)', (server) => {
  // A worker only ever lowers its priority: started under a test run already niced further, it keeps that.
  it.each([
    ['to --nice 3', ['--nice', '3'], Math.max(3, os.getPriority())],
    ['to --nice 12', ['--nice', '12'], Math.max(12, os.getPriority())],
    ['not at all by default (--nice 0)', [], os.getPriority()],
  ])('every thread %s', async (_name, flags, nice) => {
    if (process.platform !== 'linux') return;
    const database = await createDatabase(server);
    try {
      const args = [
        'worker',
        '--database',
        database,
        '--files',
        tempDir('worker-nice'),
        '--base-url',
        'http://127.0.0.1:9',
        '--no-scheduler',
        ...flags,
      ];
      const worker = await startProcess(args, { ETHERSCAN_API_KEY: 'WORKERNICEKEY1' }, /worker (\S+) on /);
      try {
        const pid = worker.process.child.pid ?? 0;
        const threads = threadNiceness(pid);
        expect(threads.length).toBeGreaterThan(1);
        expect(new Set(threads)).toEqual(new Set([nice]));
      } finally {
        worker.process.child.kill('SIGTERM');
        await worker.process.ended;
      }
    } finally {
      await dropDatabase(database);
    }
  });
});
