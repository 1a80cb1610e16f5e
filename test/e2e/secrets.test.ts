import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { e2eWorld, E2E_RATE, exportArgs, tempDir } from '../support/e2eWorld.js';
import type { HostileAnswer, HostileProxy } from './hostileProxy.js';
import { startHostileProxy } from './hostileProxy.js';
import { runInProcess, spawnLedgerscan } from '../support/runLedgerscan.js';

/** Mixed case, so that a lowercased copy (addresses are lowercased everywhere) is caught too. */
const KEY = 'E2EsecretKEY7q3ZX9w4';

function holdsKey(text: string): boolean {
  return text.toLowerCase().includes(KEY.toLowerCase());
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Files holding the key, read as bytes (latin1 keeps every byte, so SQLite pages are searched too). */
function filesHoldingKey(dir: string): string[] {
  return filesUnder(dir).filter((file) => holdsKey(fs.readFileSync(file).toString('latin1')));
}

describe('the API key appears in no output, file or message', () => {
  let world: World;
  let sandbox: Sandbox;
  let proxy: HostileProxy;
  let root: string;
  let runs = 0;

  beforeAll(async () => {
    world = e2eWorld();
    // A few dropped connections and truncated bodies on top of the proxy's 502 pages: transport errors carry URLs too.
    sandbox = await startSandbox({ world, rate: E2E_RATE, apiKeys: [KEY], faults: { rate: 0.03, seed: 5, kinds: ['drop', 'truncated'] } });
    proxy = await startHostileProxy(sandbox.url, 'echo502');
    root = tempDir('secrets');
  });
  afterAll(async () => {
    await proxy.close();
    await sandbox.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  function runDir(): { out: string; state: string } {
    const dir = path.join(root, `run-${++runs}`);
    return { out: path.join(dir, 'out'), state: path.join(dir, 'state.db') };
  }

  /** Progress and retry lines on, so that every log line the client writes is searched too. */
  const verbose = (args: string[]): string[] => args.filter((arg) => arg !== '--quiet');

  it('a successful export through dropped connections, truncated bodies and 502 pages echoing the key', async () => {
    Object.assign(proxy, { answer: 'echo502', every: 7 });
    const target = { url: proxy.url, apiKey: KEY, ...runDir() };
    const result = await runInProcess(verbose(exportArgs(world, target)), { cwd: root });
    expect(result.code).toBe(0);
    expect(proxy.hostile).toBeGreaterThan(0);
    // The retries were logged, so there were lines that could have leaked.
    expect(result.stderr).toMatch(/retry \d+\/\d+/);
    expect(holdsKey(result.stdout)).toBe(false);
    expect(holdsKey(result.stderr)).toBe(false);
    expect(fs.readdirSync(target.out)).toContain('manifest.json');
    expect(filesHoldingKey(path.dirname(target.state))).toEqual([]);
  });

  it.each<[HostileAnswer, number]>([
    ['invalidKey', 3],
    ['dailyLimit', 3],
    ['notFound', 3],
    // An answer nobody classified is still the API's answer (exit 3), printed raw: it must be as clean as the rest.
    ['unknown', 3],
  ])('a run the server stops with %s, echoing the key: exit %i, and the error names no key', async (answer, code) => {
    Object.assign(proxy, { answer, every: 1 });
    const target = { url: proxy.url, ...runDir() };
    const result = await runInProcess(verbose(exportArgs(world, target)), { cwd: root, env: { ETHERSCAN_API_KEY: KEY } });
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/ledgerscan: /);
    expect(holdsKey(result.stderr)).toBe(false);
    expect(filesHoldingKey(path.dirname(target.state))).toEqual([]);
  });

  it('a killed run leaves no key in its lock file or store, nor does the run that completes it', async () => {
    const target = { url: sandbox.url, ...runDir() };
    const args = [...verbose(exportArgs(world, target)), `--api-key=${KEY}`];
    const startRequests = sandbox.stats.requests;
    const { child, ended } = spawnLedgerscan(args);
    const lockFile = `${target.state}.lock`;
    let lock = '';
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (sandbox.stats.requests - startRequests < 30 || !fs.existsSync(lockFile)) return;
        clearInterval(poll);
        lock = fs.readFileSync(lockFile, 'utf8');
        child.kill('SIGKILL');
        resolve();
      }, 2);
    });
    const killed = await ended;
    expect(killed.signal).toBe('SIGKILL');
    // The lock names the command, with the key masked.
    expect(lock).toContain('--api-key=***');
    expect(holdsKey(lock)).toBe(false);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(lock);
    expect(holdsKey(killed.stdout + killed.stderr)).toBe(false);
    expect(filesHoldingKey(path.dirname(target.state))).toEqual([]);

    const rerun = await runInProcess(args, { cwd: root });
    expect(rerun.code).toBe(0);
    expect(holdsKey(rerun.stdout + rerun.stderr)).toBe(false);
  });

  it('left the key in no file of any run', () => {
    expect(runs).toBeGreaterThanOrEqual(6);
    expect(filesHoldingKey(root)).toEqual([]);
  });
});
