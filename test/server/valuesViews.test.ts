import { describe, expect, it } from '@jest/globals';
import { MISSING_HEADER } from '../../src/prices/missingPrices.js';
import { balancesTable } from '../../src/server/views/reportTables.js';
import { valuesSection } from '../../src/server/views/valuesSection.js';
import type { Run } from '../../src/workspace/WorkspaceData.js';

const run = (summary: Run['summary']): Run => ({
  id: 7, bookId: 1, request: { kind: 'export' }, status: 'succeeded', trigger: 'manual',
  progress: { phase: 'done', blocksPercent: 100, receiptsDone: 0, receiptsTotal: 0, apiCalls: 0, etaSeconds: null },
  summary, error: null, files: [], createdAt: '', startedAt: null, finishedAt: null, apiKeyName: null,
});

describe('the pages show values', () => {
  it('a valued run: currency, price calls made of expected, rows without a value, and the missing list', () => {
    const summary = { valueCurrency: 'EUR', priceCalls: 0, expectedPriceCalls: 0, priceCacheHits: 12, rowsWithoutValue: 3 };
    const missing = { header: MISSING_HEADER, rows: [['10', 'OP', '0x4200000000000000000000000000000000000042', '2025-03-01T00:00:00Z', '2025-03-04T00:00:00Z', '3', 'rate-limited']] };
    const page = valuesSection(run(summary), missing).toString();
    expect(page).toContain('<dt>Price calls</dt><dd>0 of 0 expected</dd>');
    expect(page).toContain('<dt>Rows without a value</dt><dd>3</dd>');
    expect(page).toContain('<td>rate-limited</td>');
    expect(valuesSection(run(summary), { header: MISSING_HEADER, rows: [] }).toString()).toContain('Every priced row has its value in EUR.');
    // A run without values says nothing about them.
    expect(valuesSection(run({ apiCalls: 3 }), undefined).toString()).toBe('');
  });

  it('a valued balances statement shows each value, or why there is none', () => {
    const header = ['chain', 'wallet', 'wallet_label', 'asset_kind', 'asset', 'asset_contract', 'decimals', 'spam', 'balance_raw', 'chain_balance_raw', 'difference_raw', 'status', 'note', 'price_currency', 'value', 'value_state'];
    const row = (asset: string, value: string, state: string): string[] =>
      ['Ethereum Mainnet', '0x1111111111111111111111111111111111111111', 'Main', 'native', asset, '', '18', '', '1500000000000000000', '', '', 'unchecked', '', value === '' ? '' : 'USD', value, state];
    const table = balancesTable({ header, rows: [row('ETH', '2751.50', ''), row('ETH', '', 'not found')] }).toString();
    expect(table).toContain('<th>Value</th>');
    expect(table).toContain('2751.50 USD');
    expect(table).toContain('<small>not found</small>');
    expect(balancesTable({ header: header.slice(0, -3), rows: [] }).toString()).not.toContain('<th>Value</th>');
  });
});
