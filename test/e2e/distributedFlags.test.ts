import { describe, expect, it } from '@jest/globals';
import { tempDir } from '../support/e2eWorld.js';
import { runInProcess } from '../support/runLedgerscan.js';

const KEY = 'DISTRIBUTEDFLAGSKEY42';

/** The distributed mode's command lines refused before anything starts: exit 2, one line naming the flag and the fix. */
describe('serve, users and worker in the distributed mode refuse bad input', () => {
  it.each([
    ['worker without a database', ['worker'], {}, /worker needs --database/],
    [
      '--files without --database',
      ['serve', '--files', 'f'],
      {},
      /--files is the shared directory of the distributed mode; give --database too/,
    ],
    ['--database without --files', ['serve', '--database', 'postgres://u@127.0.0.1:1/db'], {}, /--files DIR is needed with --database/],
    [
      '--data with --database',
      ['users', 'list', '--data', 'd', '--database', 'postgres://u@127.0.0.1:1/db'],
      {},
      /--data is the embedded workspace folder/,
    ],
    [
      'a database that is not PostgreSQL',
      ['worker', '--database', 'mysql://u:pw@h/db', '--files', 'f'],
      {},
      /--database must be a PostgreSQL URL/,
    ],
    [
      '--demo with a database',
      ['serve', '--demo', '--database', 'postgres://u@127.0.0.1:1/db', '--files', 'f'],
      {},
      /--demo runs the embedded workspace/,
    ],
    [
      'a lease too short',
      ['worker', '--database', 'postgres://u@127.0.0.1:1/db', '--files', 'f', '--lease', '1'],
      {},
      /--lease 1 is too short/,
    ],
    [
      'a niceness out of range',
      ['worker', '--database', 'postgres://u@127.0.0.1:1/db', '--files', 'f', '--nice', '25'],
      { ETHERSCAN_API_KEY: KEY },
      /--nice 25 is not a niceness from 0 to 19/,
    ],
    [
      'a bad ETHERSCAN_API_KEYS item',
      ['worker', '--database', 'postgres://u@127.0.0.1:1/db', '--files', 'f'],
      { ETHERSCAN_API_KEYS: `a:${KEY}:fast` },
      /ETHERSCAN_API_KEYS item 1 \(a\) rate "fast"/,
    ],
    [
      'no key at all',
      ['worker', '--database', 'postgres://u@127.0.0.1:1/db', '--files', 'f'],
      {},
      /API key is missing \(set ETHERSCAN_API_KEY, or ETHERSCAN_API_KEYS/,
    ],
  ])('%s', async (_name, args, env, says) => {
    const outcome = await runInProcess(args, { env, cwd: tempDir('distributed-flags') });
    expect(outcome.code).toBe(2);
    expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
    expect(outcome.stderr).toMatch(says);
    expect(outcome.stderr).not.toContain(KEY);
  });

  it('never shows the password of an unreachable database', async () => {
    const outcome = await runInProcess(['users', 'list', '--database', 'postgres://ops:hunter2secret@127.0.0.1:1/ledgerscan'], {
      cwd: tempDir('distributed-flags'),
    });
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/cannot connect to the database/);
    expect(outcome.stderr).not.toContain('hunter2secret');
  });
});
