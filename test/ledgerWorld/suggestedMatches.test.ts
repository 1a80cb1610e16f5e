import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Category } from '../../src/ledger/LedgerEntry.js';
import { type CandidateLeg, suggestTransfers } from '../../src/ledger/suggestTransfers.js';
import { demoWorld } from '../../src/sandbox/demoWorld.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { exportLedger, type LedgerRow } from '../support/exportLedger.js';

/**
 * Precision and recall of the suggested matches on the demo world (samples/demo.job.json's wallets, chains and year),
 * against the generator's own transfers: every transaction, token or internal row it made from one owned wallet to
 * another, and its canonical bridges (defiShapes: mainnet → OP Mainnet and Arbitrum → mainnet, both finalised).
 */
const RATE = 2000;
const world = generateWorld({ seed: demoWorld.seed, scale: demoWorld.scale, chains: demoWorld.chains });
let sandbox: Sandbox;
let dir: string;
let rows: LedgerRow[];

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: RATE });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-suggested-'));
  const job = { wallets: demoWorld.wallets, chains: [...demoWorld.chains], period: { year: 2025 }, api: { rate: RATE } };
  rows = (await exportLedger(sandbox, dir, { job, state: path.join(dir, 'demo.db'), flags: [] })).rows;
}, 600_000);

afterAll(async () => {
  await sandbox?.close();
  if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
});

/** The generator's own transfers on each chain: the hashes of transactions with a row from one owned wallet to another. */
function ownTransferHashes(of: World): Set<string> {
  const hashes = new Set<string>();
  for (const chainId of of.chainIds) {
    const chain = of.chain(chainId)!;
    const ownedIndexes = new Set(
      of.wallets.filter((wallet) => wallet.chains.includes(chainId)).map((wallet) => of.addresses.find(wallet.address)),
    );
    const owned = (index: number): boolean => ownedIndexes.has(index);
    for (let row = 0; row < chain.txs.length; row++)
      if (owned(chain.txs.get('from', row)) && owned(chain.txs.get('to', row))) hashes.add(`${chainId}|${of.txHash(chainId, row)}`);
    for (const table of [chain.tokentx, chain.internals, chain.nfttx, chain.multitx])
      for (let row = 0; row < table.length; row++)
        if (owned(table.get('from', row)) && owned(table.get('to', row)))
          hashes.add(`${chainId}|${of.txHash(chainId, table.get('tx', row))}`);
  }
  return hashes;
}

const candidate = (row: LedgerRow, blind: boolean): CandidateLeg => ({
  entryId: row.entry_id,
  timestamp: Date.parse(row.timestamp) / 1000,
  chainId: Number(row.chain_id),
  txHash: row.tx_hash,
  wallet: row.wallet,
  walletLabel: row.wallet_label,
  direction: row.direction === 'out' ? 'out' : 'in',
  asset: row.asset,
  assetContract: row.asset_contract,
  tokenId: row.token_id,
  decimals: row.decimals === '' ? null : Number(row.decimals),
  amount: row.amount,
  counterparty: row.counterparty,
  counterpartyLabel: row.counterparty_label,
  // Blind: the ledger's own decisions hidden (own transfers as plain transfers, paired bridges unmatched), so the
  // matcher must find every own transfer of the generator among the year's other legs.
  category: (blind && row.category === 'own_transfer' ? 'transfer' : row.category) as Category,
  note: blind ? row.note.replace(/bridged_(to|from) \S+/, 'bridge_unmatched') : row.note,
  spam: row.spam,
});

/** The real pairs: an own transfer's leg out and leg in (one transaction, the receiver named), and each paired bridge. */
function realPairs(): Set<string> {
  const hashes = ownTransferHashes(world);
  const pairs = new Set<string>();
  const legs = rows.filter((row) => row.category !== 'fee' && row.category !== 'failed_fee');
  for (const out of legs.filter((row) => row.direction === 'out')) {
    if (hashes.has(`${out.chain_id}|${out.tx_hash}`)) {
      const arrived = legs.find(
        (row) =>
          row.direction === 'in' &&
          row.tx_hash === out.tx_hash &&
          row.wallet === out.counterparty &&
          row.asset_contract === out.asset_contract,
      );
      if (arrived !== undefined) pairs.add(`${out.entry_id}.${arrived.entry_id}`);
    }
    const bridged = /bridged_to \d+:0x[0-9a-f]+:(x[0-9a-f]{16})/.exec(out.note);
    if (bridged !== null) pairs.add(`${out.entry_id}.${bridged[1]}`);
  }
  return pairs;
}

function figures(blind: boolean): { suggested: number; real: number; found: number; precision: number; recall: number } {
  const truth = realPairs();
  const owned = new Set(demoWorld.wallets.map((wallet) => wallet.address));
  const suggestions = suggestTransfers(
    rows.map((row) => candidate(row, blind)),
    { owned },
  );
  const found = suggestions.filter((one) => truth.has(one.id)).length;
  // Seen: only what the ledger left for people to find counts as something to suggest.
  const open = blind
    ? truth.size
    : [...truth].filter((id) => !rows.some((row) => id.includes(row.entry_id) && row.category !== 'transfer')).length;
  return {
    suggested: suggestions.length,
    real: open,
    found,
    precision: suggestions.length === 0 ? 1 : found / suggestions.length,
    recall: open === 0 ? 1 : found / open,
  };
}

describe('suggested matches on the demo world', () => {
  it('finds the generator’s own transfers and bridges with the ledger’s own pairing hidden, and little else', () => {
    const blind = figures(true);
    const seen = figures(false);
    process.stdout.write(`suggested matches, demo world 2025 (${rows.length} ledger rows):\n`);
    process.stdout.write(`  ledger's pairing hidden: ${JSON.stringify(blind)}\n  as the table shows it:   ${JSON.stringify(seen)}\n`);
    expect(blind.real).toBeGreaterThan(10);
    expect(blind.precision).toBeGreaterThanOrEqual(0.9);
    expect(blind.recall).toBeGreaterThanOrEqual(0.9);
    // The table as shown has every own transfer of the generator paired already: whatever it suggested would be noise.
    expect(seen.suggested).toBeLessThanOrEqual(2);
  });
});
