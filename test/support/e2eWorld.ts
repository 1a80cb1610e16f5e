import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import type { World } from '../../src/sandbox/World.js';

/** Small (about 550 ledger rows, 250 API calls for a cold export), on two chains with different fee models. */
export const E2E_CHAINS = [1, 10] as const;

export function e2eWorld(): World {
  return generateWorld({ seed: 1, scale: 0.1, chains: E2E_CHAINS });
}

/** Calls per second of the sandbox and of `--rate` alike: a cold export needs well under a second of API time. */
export const E2E_RATE = 400;

export interface ExportTarget {
  url: string;
  apiKey?: string;
  out: string;
  state: string;
}

/** `export` of the world's wallets on both chains for 2025, into two templates: one combined file, and one file per wallet and chain. */
export function exportArgs(world: World, target: ExportTarget, extra: readonly string[] = []): string[] {
  return [
    'export',
    ...world.wallets.flatMap((wallet) => ['--address', wallet.address]),
    ...E2E_CHAINS.flatMap((chain) => ['--chain', String(chain)]),
    '--year',
    '2025',
    '--template',
    'ledger',
    '--template',
    'koinly-wallets',
    '--out',
    target.out,
    '--state',
    target.state,
    '--base-url',
    target.url,
    ...(target.apiKey === undefined ? [] : ['--api-key', target.apiKey]),
    '--rate',
    String(E2E_RATE),
    // The sandbox does not hold the historical balances to Etherscan's 2 calls/s, so neither do the tests.
    '--historical-rate',
    String(E2E_RATE),
    '--quiet',
    ...extra,
  ];
}

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `ledgerscan-e2e-${name}-`));
}
