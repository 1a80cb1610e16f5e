import { expect } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { E2E_RATE, exportArgs } from '../support/e2eWorld.js';
import { outputDigest } from '../support/outputDigest.js';
import type { RunFolder } from './runFolder.js';
import { runInProcess } from '../support/runLedgerscan.js';
import type { StoreContents } from '../support/storeContents.js';
import { storeContents } from '../support/storeContents.js';

/** What an uninterrupted, fault-free export leaves behind: the runs under test must end the same. */
export interface ReferenceRun {
  digest: Record<string, string>;
  store: StoreContents;
  requests: number;
  /** The sandbox's port and the export's arguments: later sandboxes reuse the port, so the same arguments reach them. */
  port: number;
  args: string[];
}

/**
 * Exports the world once against a clean sandbox into `folder`, records the result, then clears the
 * folder so the run under test starts cold at the same paths (the manifest records them).
 */
export async function referenceRun(world: World, folder: RunFolder): Promise<ReferenceRun> {
  const clean = await startSandbox({ world, rate: E2E_RATE });
  const args = exportArgs(world, { url: clean.url, apiKey: clean.apiKey, ...folder });
  try {
    expect(await runInProcess(args, { cwd: folder.root })).toMatchObject({ code: 0, stderr: '' });
  } finally {
    await clean.close();
  }
  const reference = {
    digest: outputDigest(folder.out),
    store: storeContents(folder.state),
    requests: clean.stats.requests,
    port: clean.port,
    args,
  };
  folder.clear();
  return reference;
}
