import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from '@jest/globals';
import { describeWithPostgres } from '../support/postgres.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cursorChild.ts');
const ROWS = 300_000;

describeWithPostgres('BlockingPostgres cursors', (server) => {
  // A cursor that kept the batches it had read would run its thread out of heap long before the end; the
  // thread's death then leaves the caller waiting, hence the child's timeout.
  it('stream a result several times larger than the heap of the threads reading it', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--max-old-space-size=96', '--import', 'tsx', CHILD, server, String(ROWS)],
      {
        timeout: 60_000,
      },
    );
    expect(stdout.trim()).toBe(`${ROWS} ${ROWS * 1000}`);
  }, 90_000);
});
