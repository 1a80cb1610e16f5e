import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadJob } from '../../src/config/loadJob.js';
import { exitCodeFor } from '../../src/errors/exitCode.js';
import { readOpeningLots } from '../../src/pipeline/readOpeningLots.js';
import { inputErrorOf } from '../support/inputErrorOf.js';

const WALLET = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-opening-lots-'));
fs.mkdirSync(path.join(dir, 'jobs'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A job from a file in its own folder (`jobs/`), run from `dir`: the lots file is found beside the job file. */
function job(costBasis: unknown) {
  const file = path.join(dir, 'jobs', 'job.json');
  fs.writeFileSync(file, JSON.stringify({ wallets: [{ address: WALLET }], chains: [1], period: { year: 2025 }, costBasis }));
  return loadJob({
    flags: { config: file, template: ['ledger'] },
    env: { ETHERSCAN_API_KEY: 'KEY' },
    knownTemplates: ['ledger'],
    cwd: dir,
  });
}

describe('readOpeningLots', () => {
  it('reads the file named beside the job file, checked against the scope in force at the start', () => {
    fs.writeFileSync(
      path.join(dir, 'jobs', 'lots.csv'),
      `wallet,chain_id,asset,asset_contract,lot_id,acquired_at,quantity,cost,decimals\n${WALLET},1,ETH,native,cex-1,2024-06-01T00:00:00Z,2,6000,18\n`,
    );
    expect(readOpeningLots(job({ profile: 'de', openingLots: 'lots.csv' }))).toEqual([
      expect.objectContaining({ wallet: WALLET, lotId: 'cex-1', quantity: 2_000_000_000_000_000_000n }),
    ]);
    // The us profile pools universally until 2025: a lot's wallet is refused there.
    expect(inputErrorOf(() => readOpeningLots(job({ profile: 'us', openingLots: 'lots.csv' }))).message).toMatch(
      /^opening lots file lots\.csv has 1 bad line: line 2 wallet .* is given but the scope is universal/,
    );
  });

  it('gives none without cost basis or a file, and refuses a file it cannot read (exit 2)', () => {
    expect(readOpeningLots(job(undefined))).toEqual([]);
    expect(readOpeningLots(job({}))).toEqual([]);
    const error = inputErrorOf(() => readOpeningLots(job({ openingLots: 'missing.csv' })));
    expect(exitCodeFor(error)).toBe(2);
    expect(error.message).toBe(
      `opening lots file ${path.join(dir, 'jobs', 'missing.csv')} cannot be read (fix: check costBasis.openingLots / --opening-lots)`,
    );
  });
});
