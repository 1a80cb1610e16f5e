import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { e2eWorld, E2E_RATE, exportArgs } from '../support/e2eWorld.js';
import { outputDigest } from '../support/outputDigest.js';
import type { ReferenceRun } from './referenceRun.js';
import { referenceRun } from './referenceRun.js';
import type { RunFolder } from './runFolder.js';
import { runFolder } from './runFolder.js';
import type { CliOutcome } from '../support/runLedgerscan.js';
import { runInProcess, spawnLedgerscan } from '../support/runLedgerscan.js';
import type { StoreContents } from '../support/storeContents.js';
import { storeContents } from '../support/storeContents.js';

const DAILY_LIMIT = 90;

/**
 * An uninterrupted export; then the same export against a sandbox whose daily quota runs out midway;
 * then a rerun against a fresh sandbox of the same world (the next day), all on one port and one folder.
 */
describe('an export that hits the daily API limit', () => {
  let world: World;
  let folder: RunFolder;
  let reference: ReferenceRun;
  let limited: CliOutcome;
  let stopped: { files: string[]; store: StoreContents };
  let rerun: CliOutcome;
  let rerunRequests: number;

  beforeAll(async () => {
    world = e2eWorld();
    folder = runFolder('daily-limit');
    reference = await referenceRun(world, folder);

    const quota = await startSandbox({ world, rate: E2E_RATE, port: reference.port, dailyLimit: DAILY_LIMIT });
    try {
      limited = await runInProcess(reference.args, { cwd: folder.root });
    } finally {
      await quota.close();
    }
    stopped = { files: fs.existsSync(folder.out) ? fs.readdirSync(folder.out) : [], store: storeContents(folder.state) };

    const nextDay = await startSandbox({ world, rate: E2E_RATE, port: reference.port });
    try {
      rerun = await runInProcess(reference.args, { cwd: folder.root });
    } finally {
      await nextDay.close();
    }
    rerunRequests = nextDay.stats.requests;
  });
  afterAll(() => folder.remove());

  it('stops with exit 3 and one line saying when the limit resets', () => {
    expect(limited.code).toBe(3);
    expect(limited.stdout).toBe('');
    expect(limited.stderr).toMatch(
      /^ledgerscan: daily API quota used up; it resets at 00:00 UTC, in (\d+ h )?\d+ min [^\n]*run again after the reset[^\n]*\n$/,
    );
    const [, hours = '0', minutes = '0'] = /in (?:(\d+) h )?(\d+) min/.exec(limited.stderr) ?? [];
    const untilMidnight =
      (Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1) - Date.now()) / 60_000;
    expect(Math.abs(Number(hours) * 60 + Number(minutes) - untilMidnight)).toBeLessThanOrEqual(2);
  });

  it('writes no CSV and keeps what it fetched, without duplicates', () => {
    expect(stopped.files).toEqual([]);
    expect(stopped.store.integrity).toBe('ok');
    expect(stopped.store.duplicateKeys).toBe(0);
    expect(stopped.store.records.length + stopped.store.receipts).toBeGreaterThan(0);
    expect(stopped.store.records.length).toBeLessThanOrEqual(reference.store.records.length);
  });

  it('the rerun completes with the files and store of the uninterrupted run, fetching only what was missing', () => {
    expect(rerun).toMatchObject({ code: 0, stderr: '' });
    expect(outputDigest(folder.out)).toEqual(reference.digest);
    expect(storeContents(folder.state)).toEqual(reference.store);
    expect(rerunRequests).toBeLessThan(reference.requests);
  });
});

/** A fatal answer on one chain must not leave another chain's calls retrying behind the reported error. */
describe('a daily limit met on one chain while another chain is failing', () => {
  it('stops the whole run, sending no request after it reported the error', async () => {
    const afterError: string[] = [];
    let reported = false;
    const server = createServer((request, response) => {
      const chain = new URL(request.url ?? '/', 'http://server').searchParams.get('chainid');
      if (reported) afterError.push(`chain ${chain}`);
      if (chain === '1') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            status: '0',
            message: 'NOTOK',
            result: `Max daily rate limit reached. ${DAILY_LIMIT} calls per day allowed for this API key`,
          }),
        );
        return;
      }
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html><body>502 Bad gateway</body></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const folder = runFolder('daily-limit-siblings');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/api`;
    const { child, ended } = spawnLedgerscan(exportArgs(e2eWorld(), { url, apiKey: 'sibling-key', ...folder }));
    try {
      child.stderr?.on('data', (chunk: Buffer) => {
        if (chunk.toString('utf8').includes('daily API quota used up')) reported = true;
      });
      // Whichever comes first: the CLI's own end, or a request it should never have sent.
      const poll = setInterval(() => {
        if (afterError.length > 0) child.kill('SIGKILL');
      }, 5);
      const end = await ended.finally(() => clearInterval(poll));
      expect(reported).toBe(true);
      expect(afterError).toEqual([]);
      expect(end.code).toBe(3);
    } finally {
      child.kill('SIGKILL');
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      folder.remove();
    }
  });
});
