import { describe, expect, it } from '@jest/globals';
import { runInProcess, spawnLedgerscan } from '../support/runLedgerscan.js';
import { tempDir } from '../support/workspaceHarness.js';
import { login } from '../support/serverHarness.js';

describe('ledgerscan serve --demo', () => {
  it('serves a demo book offline to a demo admin whose password it prints once; users list and remove manage the accounts', async () => {
    const dataDir = tempDir('demo');
    const server = spawnLedgerscan(['serve', '--demo', '--port', '0', '--data', dataDir]);
    try {
      const printed = await new Promise<string>((resolve, reject) => {
        let seen = '';
        server.child.stdout?.on('data', (chunk: Buffer) => {
          seen += chunk.toString('utf8');
          if (/listening on /.test(seen)) resolve(seen);
        });
        void server.ended.then((end) => reject(new Error(`serve ended early: ${end.stderr}`)));
      });
      const password = /demo admin: user demo, password (\S+) \(shown once\)/.exec(printed)?.[1] ?? '';
      const url = /listening on (http:\/\/\S+)/.exec(printed)?.[1] ?? '';
      const { cookie } = await login(url, 'demo', password);
      const books = (await (await fetch(`${url}/api/books`, { headers: { cookie } })).json()) as {
        name: string;
        wallets: unknown[];
        chains: number[];
      }[];
      expect(books).toEqual([expect.objectContaining({ name: 'Demo client', chains: [1, 10, 42161] })]);
      expect(books[0]?.wallets).toHaveLength(4);
    } finally {
      server.child.kill('SIGTERM');
      expect((await server.ended).code).toBe(0);
    }
    expect((await runInProcess(['users', 'list', '--data', dataDir], { cwd: dataDir })).stdout).toBe('demo\tadmin\n');
    const viewer = await runInProcess(['users', 'add', 'eve', '--role', 'viewer', '--data', dataDir], {
      env: { LEDGERSCAN_PASSWORD: 'short' },
      cwd: dataDir,
    });
    expect(viewer).toMatchObject({ code: 2, stderr: expect.stringMatching(/password is too short/) });
    expect((await runInProcess(['users', 'remove', 'demo', '--data', dataDir], { cwd: dataDir })).stdout).toBe('removed demo\n');
    expect((await runInProcess(['users', 'list', '--data', dataDir], { cwd: dataDir })).stdout).toBe('');
  });
});
