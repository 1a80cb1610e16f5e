import { describe, expect, it } from '@jest/globals';
import { MISSING_HEADER } from '../../src/prices/missingPrices.js';
import { balancesTable } from '../../src/server/views/reportTables.js';
import { valuesSection } from '../../src/server/views/valuesSection.js';
import type { Run } from '../../src/workspace/WorkspaceData.js';

/** The markup without the layout Prettier gives the templates (line breaks between tags, self-closed inputs). */
const flat = (page: { toString(): string }): string =>
  page
    .toString()
    .replace(/\s*\/>/g, '>')
    .replace(/>\s+</g, '><');

const run = (summary: Run['summary']): Run => ({
  id: 7,
  bookId: 1,
  request: { kind: 'export' },
  status: 'succeeded',
  trigger: 'manual',
  progress: { phase: 'done', blocksPercent: 100, receiptsDone: 0, receiptsTotal: 0, apiCalls: 0, etaSeconds: null },
  summary,
  error: null,
  files: [],
  createdAt: '',
  startedAt: null,
  finishedAt: null,
  apiKeyName: null,
  resumeAt: null,
});

describe('the pages show values', () => {
  it('a valued run: currency, price calls made of expected, rows without a value, and the missing list', () => {
    const summary = { apiCalls: 4, valueCurrency: 'EUR', priceCalls: 0, expectedPriceCalls: 0, priceCacheHits: 12, rowsWithoutValue: 3 };
    const missing = {
      header: MISSING_HEADER,
      rows: [
        ['10', 'OP', '0x4200000000000000000000000000000000000042', '2025-03-01T00:00:00Z', '2025-03-04T00:00:00Z', '3', 'rate-limited'],
      ],
    };
    const page = flat(valuesSection(run(summary), missing));
    expect(page).toContain('<dt>Price calls</dt><dd>0 of 0 expected</dd>');
    // Older runs named only the rows without a price; the others are named when the summary has them.
    expect(page).toContain('<dt>Rows without a value</dt><dd data-unvalued>3 without a price</dd>');
    expect(flat(valuesSection(run({ ...summary, rowsUnknownDecimals: 2, rowsSpam: 100 }), missing))).toContain(
      '<dd data-unvalued>3 without a price · 2 of tokens with unknown decimals · 100 spam (never valued)</dd>',
    );
    expect(page).toContain('<td data-label="Why">rate-limited</td>');
    expect(valuesSection(run(summary), { header: MISSING_HEADER, rows: [] }).toString()).toContain(
      'Every priced row has its value in EUR.',
    );
    // A run without values says nothing about them.
    expect(valuesSection(run({ apiCalls: 3 }), undefined).toString()).toBe('');
  });

  it('an admin gets a price form beside each missing asset: the first time prefilled, native for a gas coin, the run to queue again (a close only saves)', () => {
    const summary = { apiCalls: 4, valueCurrency: 'EUR', priceCalls: 0, expectedPriceCalls: 0, priceCacheHits: 0, rowsWithoutValue: 5 };
    const missing = {
      header: MISSING_HEADER,
      rows: [
        ['10', 'ETH', '', '2025-05-05T00:04:00Z', '2025-05-07T08:44:12Z', '4', 'not found'],
        ['1', 'PIX', '0x00000000000000000000000000000000000000aa', '2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z', '1', 'not found'],
      ],
    };
    const request = { kind: 'export' as const, period: { year: 2025 }, templates: ['ledger'] };
    const page = flat(valuesSection(run(summary), missing, { bookId: 3, currency: 'EUR', rerun: request }));
    expect(page.match(/<form data-form="price" data-url="\/api\/books\/3\/prices"/g)).toHaveLength(2);
    expect(page).toContain('<input type="hidden" name="chain" value="10"><input type="hidden" name="asset" value="native">');
    expect(page).toContain('name="asset" value="0x00000000000000000000000000000000000000aa"');
    expect(page).toContain('<input name="time" value="2025-05-05T00:04:00Z"');
    expect(page).toContain('Price in EUR');
    expect(page).toContain(`data-rerun="${JSON.stringify(request).replaceAll('"', '&quot;')}" data-rerun-url="/api/books/3/runs"`);
    expect(page).toContain('Save and run again');
    // Prices in bulk (issue 46.3): one form under the list, its series prefilled with each asset's first row.
    expect(page).toContain('<form data-form="price-series" data-url="/api/books/3/prices"');
    expect(page).toContain(
      'time,chain,asset,currency,price\n2025-05-05T00:04:00Z,10,native,,\n2025-03-01T00:00:00Z,1,0x00000000000000000000000000000000000000aa,,</textarea>',
    );
    const afterClose = valuesSection(run(summary), missing, { bookId: 3, currency: 'EUR', rerun: undefined }).toString();
    expect(afterClose).not.toContain('data-rerun');
    expect(afterClose).toContain('>Save</button>');
    // A viewer reads the list without a form.
    expect(valuesSection(run(summary), missing).toString()).not.toContain('<form');
  });

  it('a valued balances statement shows each value, or why there is none', () => {
    const header = [
      'chain',
      'wallet',
      'wallet_label',
      'asset_kind',
      'asset',
      'asset_contract',
      'decimals',
      'spam',
      'balance_raw',
      'chain_balance_raw',
      'difference_raw',
      'status',
      'note',
      'price_currency',
      'value',
      'value_state',
    ];
    const row = (asset: string, value: string, state: string): string[] => [
      'Ethereum Mainnet',
      '0x1111111111111111111111111111111111111111',
      'Main',
      'native',
      asset,
      '',
      '18',
      '',
      '1500000000000000000',
      '',
      '',
      'unchecked',
      '',
      value === '' ? '' : 'USD',
      value,
      state,
    ];
    const table = balancesTable({ header, rows: [row('ETH', '2751.50', ''), row('ETH', '', 'not found')] }).toString();
    expect(table).toContain('<th>Value</th>');
    expect(table).toContain('2751.50 USD');
    expect(table).toContain('<small>not found</small>');
    expect(balancesTable({ header: header.slice(0, -3), rows: [] }).toString()).not.toContain('<th>Value</th>');
  });
});
