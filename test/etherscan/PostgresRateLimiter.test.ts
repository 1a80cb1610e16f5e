import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresRateLimiter } from '../../src/etherscan/PostgresRateLimiter.js';
import { RateLimiter } from '../../src/etherscan/RateLimiter.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { childLines } from '../support/childLines.js';
import { createDatabase, describeWithPostgres, dropDatabase, queryDatabase } from '../support/postgres.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'limiterChild.ts');

describeWithPostgres('PostgresRateLimiter', (server) => {
  let database: string;
  let sandbox: Sandbox;
  beforeAll(async () => {
    database = await createDatabase(server);
  });
  afterAll(async () => {
    await sandbox?.close();
    await dropDatabase(database);
  });

  it('keeps three processes on one key at the key rate, never above it', async () => {
    const rate = 25;
    const perProcess = 60;
    const processes = 3;
    sandbox = await startSandbox({ world: generateWorld({ seed: 1, scale: 0, chains: [1] }), rate });
    const children = Array.from({ length: processes }, () =>
      spawn(process.execPath, ['--import', 'tsx', CHILD, sandbox.url, sandbox.apiKey, String(rate), database, String(perProcess)], {
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    const outputs = children.map(childLines);
    for (const output of outputs) expect(await output.next()).toBe('ready');
    const started = performance.now();
    for (const child of children) child.stdin?.write('go\n');
    const done = await Promise.all(outputs.map((output) => output.next()));
    const seconds = (performance.now() - started) / 1000;
    const calls = processes * perProcess;
    expect(done).toEqual(Array.from({ length: processes }, () => `done ${perProcess} 0`));
    expect(sandbox.stats.rateLimited).toBe(0);
    expect(sandbox.stats.requests).toBe(calls);
    // Sends 1/rate apart across the processes: never faster than the key allows, and together at its rate.
    expect(seconds).toBeGreaterThanOrEqual((calls - 1) / rate);
    expect(seconds).toBeLessThanOrEqual((1.1 * calls) / rate);
  });

  it("shares an endpoint's tighter limit (historical balances, name tags) across processes, as the key's own", async () => {
    // Two limiters on separate connections stand for two workers; each client has its own in-process endpoint limiter.
    const workers = await Promise.all([
      PostgresRateLimiter.open(database, 'endpoint-key', 100),
      PostgresRateLimiter.open(database, 'endpoint-key', 100),
    ]);
    try {
      const endpointRate = 10;
      const started = performance.now();
      await Promise.all(
        workers.flatMap((limiter) => Array.from({ length: 6 }, () => limiter.acquire(undefined, new RateLimiter(endpointRate)))),
      );
      const seconds = (performance.now() - started) / 1000;
      // 12 sends 1/10 s apart: at least 1.1 s, where each worker on its own limiter would have taken 0.5 s.
      expect(seconds).toBeGreaterThanOrEqual(11 / endpointRate);
      // The key's plain calls are not held to the endpoint's rate.
      const plain = performance.now();
      await Promise.all(Array.from({ length: 10 }, () => workers[0]!.acquire()));
      expect((performance.now() - plain) / 1000).toBeLessThan(0.5);
    } finally {
      await Promise.all(workers.map((limiter) => limiter.close()));
    }
  });

  it('stores no API key, only its hash, and stops waiting when aborted', async () => {
    const limiter = await PostgresRateLimiter.open(database, 'secret-api-key-123', 1);
    try {
      await limiter.acquire();
      const abort = new AbortController();
      const waiting = limiter.acquire(abort.signal);
      abort.abort(new Error('stopped'));
      await expect(waiting).rejects.toThrow('stopped');
      const rows = await queryDatabase(database, 'SELECT key_id FROM ledgerscan.api_rate_limits');
      expect(rows.map((row) => String(row.key_id))).toContainEqual(expect.stringMatching(/^sha256:[0-9a-f]{64}$/));
      expect(JSON.stringify(rows)).not.toContain('secret-api-key-123');
    } finally {
      await limiter.close();
    }
  });
});

describe('PostgresRateLimiter input', () => {
  it('refuses a rate that is not a positive number before connecting', async () => {
    await expect(PostgresRateLimiter.open('postgres://nowhere.invalid/db', 'key', 0)).rejects.toThrow('invalid API rate 0');
  });
});
