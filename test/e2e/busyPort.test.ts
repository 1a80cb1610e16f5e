import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { tempDir } from '../support/e2eWorld.js';
import { runInProcess } from '../support/runLedgerscan.js';

/** A port another program holds: the newcomer's second sandbox, or a server already running. */
describe('a busy port', () => {
  const holder = net.createServer();
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

  it.each([
    ['sandbox', () => ['sandbox', '--port', String(port)]],
    ['serve', () => ['serve', '--port', String(port), '--data', tempDir('busy-serve')]],
  ])('makes %s say so in one line naming --port, exit 2', async (_name, args) => {
    const outcome = await runInProcess(args(), { cwd: tempDir('busy-port'), env: { ETHERSCAN_API_KEY: 'K3Y' } });
    expect(outcome.code).toBe(2);
    const lines = outcome.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`--port ${port} is taken`);
    expect(lines[0]).not.toMatch(/internal error|please report/);
  });
});
