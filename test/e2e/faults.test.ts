import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SandboxStats } from '../../src/sandbox/startSandbox.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { e2eWorld, E2E_RATE } from '../support/e2eWorld.js';
import { outputDigest } from '../support/outputDigest.js';
import type { ReferenceRun } from './referenceRun.js';
import { referenceRun } from './referenceRun.js';
import type { RunFolder } from './runFolder.js';
import { runFolder } from './runFolder.js';
import type { CliOutcome } from '../support/runLedgerscan.js';
import { runInProcess } from '../support/runLedgerscan.js';
import { storeContents } from '../support/storeContents.js';

/**
 * A fault-free export and one against the same world with 10% of requests faulted (every kind), both
 * on the same port, out dir and state path, so that even the manifests may differ only in generatedAt.
 */
describe('an export against a sandbox faulting 10% of requests', () => {
  let world: World;
  let folder: RunFolder;
  let reference: ReferenceRun;
  let faulted: CliOutcome;
  let stats: SandboxStats;

  beforeAll(async () => {
    world = e2eWorld();
    folder = runFolder('faults');
    reference = await referenceRun(world, folder);

    const faulty = await startSandbox({ world, rate: E2E_RATE, port: reference.port, faults: { rate: 0.1, seed: 11 } });
    try {
      faulted = await runInProcess(reference.args, { cwd: folder.root });
    } finally {
      await faulty.close();
    }
    stats = faulty.stats;
  });
  afterAll(() => folder.remove());

  it('met faults of several kinds and got through them', () => {
    expect(faulted).toMatchObject({ code: 0, stderr: '' });
    const kinds = Object.entries(stats.faults).filter(([, count]) => count > 0);
    expect(kinds.reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThanOrEqual(10);
    expect(kinds.length).toBeGreaterThanOrEqual(3);
    expect(faulted.stdout).toMatch(/[1-9]\d* retries/);
  });

  it('wrote every file byte-identical to the fault-free run (the manifest but for generatedAt)', () => {
    expect(Object.keys(reference.digest)).toEqual(expect.arrayContaining(['ledger.csv', 'manifest.json']));
    expect(Object.keys(reference.digest).filter((name) => name.startsWith('koinly-')).length).toBeGreaterThanOrEqual(4);
    expect(outputDigest(folder.out)).toEqual(reference.digest);
  });

  it('stored the same records, receipts and synced ranges', () => {
    const store = storeContents(folder.state);
    expect(store.duplicateKeys).toBe(0);
    expect(store).toEqual(reference.store);
  });
});
