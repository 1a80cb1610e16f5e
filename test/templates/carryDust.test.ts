import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { formatUnits } from '../../src/ledger/money.js';
import { renderTiedOut } from '../support/renderTiedOut.js';
import { loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';
import { ledgerEntries } from './fixtures/ledgerEntries.js';

/** Copies of one native deposit with other amounts, one transaction each, an hour apart. */
function deposits(amounts: readonly bigint[]): LedgerEntry[] {
  const model = ledgerEntries.find((e) => e.chainId === 1 && e.kind === 'native' && e.direction === 'in' && e.spam === '') as LedgerEntry;
  return amounts.map((amountRaw, i) => ({
    ...model,
    entryId: `dust${i}`,
    txHash: `0x${(0xd0 + i).toString(16).padStart(64, '0')}`,
    timestamp: model.timestamp + i * 3600,
    blockNumber: model.blockNumber + i,
    amountRaw,
    amount: formatUnits(amountRaw, 18),
  }));
}

describe('amounts below an 8-decimal tool precision', () => {
  it.each(['cointracker', 'awaken', 'turbotax'])('%s: are carried into the next row of the asset, and no row says 0', async (name) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-dust-'));
    try {
      const [result] = await renderTiedOut({
        entries: () => deposits([4_000_000_000n, 4_000_000_000n, 4_000_000_000n, 1_500_000_000_000_000_000n]),
        templates: [loadBuiltinTemplate(name)],
        outDir: dir,
        context: { timezone: 'UTC' },
      });
      const text = (result?.files ?? []).map((file) => readFileSync(file, 'utf8')).join('');
      const amountCells = text
        .split(/\r?\n/)
        .slice(1)
        .flatMap((line) => line.split(','))
        .filter((cell) => /^-?\d+(\.\d+)?$/.test(cell) && !/^\d{4}/.test(cell));
      expect(amountCells.filter((cell) => /^-?0(\.0+)?$/.test(cell))).toEqual([]);
      expect(amountCells).toContain('0.00000001');
      // 4e-9 (dust) + 4e-9 → 1e-8 written, −2e-9 carried; + 4e-9 → 2e-9 (dust); 1.5 + 2e-9 → 1.5, 2e-9 still owed.
      expect(amountCells).toContain('1.5');
      expect({ rows: result?.rows, dust: result?.dustRows, residuals: result?.residuals }).toEqual({
        rows: 2,
        dust: 2,
        residuals: [{ currency: 'ETH', residual: '0.000000002', roundedCells: 3 }],
      });
      // The tie-out names the two dust rows and still carries every wei: 8e9 as dust, the rest as written rows.
      const sheet = readFileSync(path.join(dir, 'tieout.csv'), 'utf8')
        .split('\n')
        .map((line) => line.split(','));
      const line = (kind: string): string[] | undefined => sheet.find((cells) => cells[7] === kind && cells[4] === 'ETH');
      expect([line('ledger')?.[10], line('template')?.[10], line('explained')?.slice(8, 11)]).toEqual([
        '1500000012000000000',
        '1500000004000000000',
        ['dust below the template decimals (carried into a later row)', '2', '8000000000'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
