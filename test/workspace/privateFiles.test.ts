import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runInProcess } from '../support/runLedgerscan.js';
import { startServer } from '../support/serverProcess.js';
import { tempDir } from '../support/workspaceHarness.js';

let previousUmask: number;
beforeAll(() => {
  // A shell's usual umask: what the commands are set up in, so only their own umask or chmod makes a file private.
  previousUmask = process.umask(0o022);
});
afterAll(() => {
  process.umask(previousUmask);
});

/** The mode of the data folder and of every workspace.db file in it that exists. */
function modes(dataDir: string): Record<string, string> {
  const found: Record<string, string> = { '.': (fs.statSync(dataDir).mode & 0o777).toString(8) };
  for (const name of ['workspace.db', 'workspace.db-wal', 'workspace.db-shm']) {
    const file = path.join(dataDir, name);
    if (fs.existsSync(file)) found[name] = (fs.statSync(file).mode & 0o777).toString(8);
  }
  return found;
}

describe("the workspace's data is private after each command, in the README's order", () => {
  it('users add, users token, users list, audit: 0700 and 0600; serve tightens what an older version left 0755/0644', async () => {
    const dataDir = path.join(tempDir('private-files'), 'ledgerscan-data');
    const cli = (args: string[]) =>
      runInProcess([...args, '--data', dataDir], { cwd: path.dirname(dataDir), env: { LEDGERSCAN_PASSWORD: 'a long enough password' } });
    const seen: Record<string, Record<string, string>> = {};
    for (const args of [['users', 'add', 'alice', '--role', 'admin'], ['users', 'token', 'alice'], ['users', 'list'], ['audit']]) {
      expect((await cli(args)).code).toBe(0);
      seen[args.slice(0, 2).join(' ')] = modes(dataDir);
    }
    const privateDb = { '.': '700', 'workspace.db': '600' };
    expect(seen).toEqual({ 'users add': privateDb, 'users token': privateDb, 'users list': privateDb, audit: privateDb });

    // What a version before this one left behind.
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'workspace.db'), 0o644);
    expect((await cli(['users', 'list'])).code).toBe(0);
    expect(modes(dataDir)).toEqual(privateDb);
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'workspace.db'), 0o644);
    const { server } = await startServer(['--data', dataDir, '--base-url', 'http://127.0.0.1:9'], { ETHERSCAN_API_KEY: 'unused-key' });
    try {
      expect(modes(dataDir)).toEqual({ ...privateDb, 'workspace.db-wal': '600', 'workspace.db-shm': '600' });
    } finally {
      server.child.kill('SIGTERM');
      await server.ended;
    }
  });
});
