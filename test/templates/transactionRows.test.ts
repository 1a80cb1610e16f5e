import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { renderTiedOut } from '../support/renderTiedOut.js';
import { loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';
import { transactionRows } from '../../src/templates/transactionRows.js';
import { assetKey } from '../../src/templates/ViewRow.js';
import { walletTransactions } from '../../src/templates/WalletTransaction.js';
import { ledgerEntries, walletA, walletB } from './fixtures/ledgerEntries.js';

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-rows-'));
}

describe('transaction rows', () => {
  it.each(['koinly', 'cointracking', 'ctc', 'recap', 'cointracker'])(
    '%s: every amount lands in exactly one cell and each fee is placed once',
    (name) => {
      const template = loadBuiltinTemplate(name);
      for (const tx of walletTransactions(ledgerEntries)) {
        const expected = new Map<string, bigint>();
        for (const e of tx.entries) {
          const key = e.assetContract === '' ? 'native' : `${e.assetContract}:${e.tokenId}`;
          expected.set(key, (expected.get(key) ?? 0n) + (e.direction === 'in' ? e.amountRaw : -e.amountRaw));
        }
        const actual = new Map<string, bigint>();
        const add = (key: string, amount: bigint): void => {
          actual.set(key, (actual.get(key) ?? 0n) + amount);
        };
        const rows = transactionRows(tx, template);
        for (const row of rows) {
          if (row.sent !== null) add(assetKey(row.sent), -row.sent.amountRaw);
          if (row.received !== null) add(assetKey(row.received), row.received.amountRaw);
          // CoinTracking's fee column only informs: the fee is already inside the sent amount
          if (row.fee !== null && template.fee.placement !== 'inside') add(assetKey(row.fee), -row.fee.amountRaw);
        }
        const nonZero = (m: Map<string, bigint>): [string, bigint][] => [...m].filter(([, v]) => v !== 0n).sort();
        expect(nonZero(actual)).toEqual(nonZero(expected));
        const hasFee = tx.entries.some((e) => e.kind === 'fee');
        expect(rows.filter((r) => r.fee !== null || r.shape === 'fee').length).toBe(hasFee ? 1 : 0);
      }
    },
  );

  it('keeps the withdrawal in the sender wallet and the deposit in the receiver wallet', () => {
    const own = [...walletTransactions(ledgerEntries)].filter((tx) => tx.txHash.endsWith('04'));
    expect(own.map((tx) => tx.wallet)).toEqual([walletA, walletB]);
    const koinly = loadBuiltinTemplate('koinly');
    const [sender, receiver] = own.map((tx) => transactionRows(tx, koinly));
    expect(sender?.map((r) => [r.shape, r.category])).toEqual([
      ['out', 'own_transfer'],
      ['fee', 'fee'],
    ]);
    expect(receiver?.map((r) => [r.shape, r.category])).toEqual([['in', 'own_transfer']]);
  });

  it('nets a self-send inside one transaction instead of calling it a trade', () => {
    const base = ledgerEntries[1] as LedgerEntry;
    const self: LedgerEntry[] = [
      { ...base, direction: 'out', counterparty: base.wallet },
      { ...base, entryId: 'x2', direction: 'in', counterparty: base.wallet },
      ledgerEntries[2] as LedgerEntry,
    ];
    const rows = transactionRows([...walletTransactions(self)][0]!, loadBuiltinTemplate('koinly'));
    expect(rows.map((r) => r.shape)).toEqual(['fee']);
  });
});

describe('renderTemplates', () => {
  it('reports the rounding residual per currency when a tool allows 8 decimals', async () => {
    const dir = tempDir();
    try {
      const [result] = await renderTiedOut({
        entries: () => ledgerEntries,
        templates: [loadBuiltinTemplate('cointracker')],
        outDir: dir,
        context: { timezone: 'UTC' },
      });
      const arb = result?.residuals.find((r) => r.currency === 'ARB');
      expect(arb).toEqual({ currency: 'ARB', residual: '0.000000002345678912', roundedCells: 1 });
      expect(result?.residuals.map((r) => r.currency)).toEqual(['ARB', 'ETH', 'MAX']);
      expect(readFileSync(path.join(dir, 'cointracker-Cold_Safe-arbitrum.csv'), 'utf8')).toContain(',12.34567891,ARB,');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps Koinly NFT placeholders stable across runs', async () => {
    const dir = tempDir();
    try {
      const koinly = loadBuiltinTemplate('koinly');
      const withoutMint = ledgerEntries.filter((e) => !e.txHash.endsWith('06'));
      await renderTiedOut({ entries: () => withoutMint, templates: [koinly], outDir: dir, context: { timezone: 'UTC' } });
      const first = JSON.parse(readFileSync(path.join(dir, 'koinly.asset-names.json'), 'utf8')) as { names: Record<string, string> };
      await renderTiedOut({ entries: () => ledgerEntries, templates: [koinly], outDir: dir, context: { timezone: 'UTC' } });
      const second = JSON.parse(readFileSync(path.join(dir, 'koinly.asset-names.json'), 'utf8')) as { names: Record<string, string> };
      for (const [key, name] of Object.entries(first.names)) expect(second.names[key]).toBe(name);
      expect(second.names['1:0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d:1234']).toBe('NFT2');
      // a run that adds no name still lists the map its CSVs were named from (for the manifest)
      const [third] = await renderTiedOut({
        entries: () => ledgerEntries,
        templates: [koinly],
        outDir: dir,
        context: { timezone: 'UTC' },
      });
      expect(third?.files).toContain(path.join(dir, 'koinly.asset-names.json'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves no file, not even a partial one, when the ledger fails midway', async () => {
    const dir = tempDir();
    try {
      function* failing(): Generator<LedgerEntry> {
        yield* ledgerEntries.slice(0, 5);
        throw new Error('store went away');
      }
      await expect(
        renderTiedOut({
          entries: failing,
          templates: [loadBuiltinTemplate('ledger'), loadBuiltinTemplate('koinly')],
          outDir: dir,
          context: { timezone: 'UTC' },
        }),
      ).rejects.toThrow('store went away');
      expect(readdirSync(dir)).toEqual([]);
      expect(existsSync(path.join(dir, 'ledger.csv'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves spam out only when told, and counts what it left out', async () => {
    const dir = tempDir();
    try {
      const template = { ...loadBuiltinTemplate('cryptio'), spam: 'omit' as const };
      const [result] = await renderTiedOut({
        entries: () => ledgerEntries,
        templates: [template],
        outDir: dir,
        context: { timezone: 'UTC' },
      });
      expect(result?.omittedSpamRows).toBe(1);
      expect(readFileSync(path.join(dir, 'cryptio.csv'), 'utf8')).not.toContain('HYPERLINK');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts rows a tool could not tell apart (two wallets, same deposit, no wallet column)', async () => {
    const dir = tempDir();
    try {
      const deposit = ledgerEntries.find((e) => e.txHash.endsWith('0f') && e.kind === 'erc20') as LedgerEntry;
      const twice = [deposit, { ...deposit, entryId: 'other', wallet: walletB, walletLabel: 'Cold Safe' }];
      const [result] = await renderTiedOut({
        entries: () => twice,
        templates: [loadBuiltinTemplate('cryptio')],
        outDir: dir,
        context: { timezone: 'UTC' },
      });
      expect(result?.duplicateRows).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a header-only file for a combined template over an empty ledger', async () => {
    const dir = tempDir();
    try {
      await renderTiedOut({
        entries: () => [],
        templates: [loadBuiltinTemplate('cointracking')],
        outDir: dir,
        context: { timezone: 'UTC' },
      });
      expect(readFileSync(path.join(dir, 'cointracking.csv'), 'utf8')).toBe(
        'Type,Buy Amount,Buy Currency,Sell Amount,Sell Currency,Fee,Fee Currency,Exchange,Trade-Group,Comment,Date,Tx-ID,Buy Value in Account Currency,Sell Value in Account Currency,Liquidity pool',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
