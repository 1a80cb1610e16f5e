import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '../../src/errors/LedgerscanError.js';
import { parseTemplate } from '../../src/templates/parseTemplate.js';
import { renderTiedOut } from '../support/renderTiedOut.js';
import { listTemplates, loadBuiltinTemplate, loadTemplateFile } from '../../src/templates/templateCatalog.js';
import { ledgerEntries } from './fixtures/ledgerEntries.js';

const userTemplate = {
  name: 'my-tool',
  title: 'My tool',
  docs: 'https://example.org/import',
  confidence: 'unconfirmed',
  layout: 'transaction',
  fileName: 'my-tool.csv',
  date: { format: 'yyyy-MM-dd', zone: 'UTC' },
  fee: { placement: 'row' },
  labels: { '*': 'Move', fee: 'Fee', failed_fee: 'Gas' },
  columns: [
    { header: 'When', field: 'date' },
    { header: 'Out', field: 'sent.amount' },
    { header: 'Out coin', field: 'sent.currency' },
    { header: 'In', field: 'received.amount' },
    { header: 'In coin', field: 'received.currency' },
    { header: 'Kind', field: 'label' },
  ],
};

function inTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-user-template-'));
  return run(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
}

describe('--template-file', () => {
  it('names an unknown category in unpaired, and renders a liquidity add one row per asset when it is listed', async () => {
    await inTempDir(async (dir) => {
      const file = path.join(dir, 'unpaired.json');
      writeFileSync(file, JSON.stringify({ ...userTemplate, unpaired: ['liquidity_add', 'lp'] }));
      expect(() => loadTemplateFile(file)).toThrow(
        expect.objectContaining({
          details: expect.objectContaining({ problems: expect.stringContaining('$.unpaired[1]: unknown category "lp"') }) as unknown,
        }),
      );
      writeFileSync(file, JSON.stringify({ ...userTemplate, unpaired: [] }));
      const paired = loadTemplateFile(file);
      await renderTiedOut({ entries: () => ledgerEntries, templates: [paired], outDir: dir, context: { timezone: 'UTC' } });
      const rows = readFileSync(path.join(dir, 'my-tool.csv'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('2025-11-21'));
      // Paired by position: DAI against the LP token, USDC alone; the default (unpaired) gives one row per asset.
      expect(rows.filter((line) => !line.endsWith(',Fee'))).toEqual(['2025-11-21,500,DAI,2,UNI-V2,Move', '2025-11-21,500,USDC,,,Move']);
    });
  });

  it('reports all three mistakes at once, each with its JSON path', async () => {
    await inTempDir(async (dir) => {
      const broken = {
        ...userTemplate,
        confidence: 'sure',
        date: { format: 'yyyy-MM-dd', zone: 'Mars/Olympus' },
        columns: [...userTemplate.columns, { header: 'Price', field: 'price.usd' }],
      };
      const file = path.join(dir, 'broken.json');
      writeFileSync(file, JSON.stringify(broken));
      let error: unknown;
      try {
        loadTemplateFile(file);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InputError);
      const { shortMessage, details } = error as InputError;
      expect(shortMessage).toBe('template has 3 problems');
      expect(String(details.problems).split(' | ')).toEqual([
        '$.date.zone: unknown time zone "Mars/Olympus" (use an IANA name or "job")',
        '$.columns[6].field: unknown field "price.usd" for layout transaction',
        '$.confidence: must be one of confirmed, partly, unconfirmed (got "sure")',
      ]);
    });
  });

  it('renders a correct user template', async () => {
    await inTempDir(async (dir) => {
      const file = path.join(dir, 'mine.json');
      writeFileSync(file, JSON.stringify(userTemplate));
      const [result] = await renderTiedOut({
        entries: () => ledgerEntries.slice(0, 3),
        templates: [loadTemplateFile(file)],
        outDir: dir,
        context: { timezone: 'UTC' },
      });
      expect(readFileSync(result?.files[0] as string, 'utf8')).toBe(
        'When,Out,Out coin,In,In coin,Kind\n2025-01-05,,,2,ETH,Move\n2025-01-06,0.5,ETH,,,Move\n2025-01-06,0.00042,ETH,,,Fee\n',
      );
    });
  });

  it('refuses balance rows a layout cannot write, naming the field', () => {
    expect(() => parseTemplate({ ...userTemplate, balances: 'opening' }, 'transaction.json')).toThrow(
      /\$\.balances: opening balance rows need the entry or posting layout/,
    );
    expect(() => parseTemplate({ ...userTemplate, layout: 'entry', balances: 'opening-closing' }, 'entry.json')).toThrow(
      /\$\.balances: "opening-closing" needs the posting layout/,
    );
    expect(parseTemplate({ ...userTemplate, layout: 'entry', balances: 'opening' }, 'entry.json').balances).toBe('opening');
  });

  it('takes "xlsx" only as true or false, and only for CSV files', () => {
    expect(parseTemplate({ ...userTemplate, xlsx: true }, 'mine.json').xlsx).toBe(true);
    expect(parseTemplate(userTemplate, 'mine.json').xlsx).toBe(false);
    expect(() => parseTemplate({ ...userTemplate, xlsx: 'yes' }, 'mine.json')).toThrow(/\$\.xlsx: must be true or false/);
    expect(() => parseTemplate({ ...userTemplate, renderer: 'hledger', layout: 'posting', xlsx: true }, 'mine.json')).toThrow(
      /\$\.xlsx: a spreadsheet twin needs renderer "csv"/,
    );
  });

  it('says which file is not JSON', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-user-template-'));
    try {
      const file = path.join(dir, 'x.json');
      writeFileSync(file, '{ "name": "x",\n "columns": [1,] }');
      expect(() => loadTemplateFile(file)).toThrow(
        /^template file is not valid JSON \(file: .*x\.json; error: Unexpected token '\]'; fix: correct the JSON syntax at that token\)$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('built-in templates', () => {
  it('lists every target with a docs link and a confidence', () => {
    const list = listTemplates();
    expect(list.map((t) => t.name)).toEqual([
      'accointing',
      'anlage-so',
      'awaken',
      'beancount',
      'blockpit',
      'coinledger',
      'coinpanda',
      'cointracker',
      'cointracking',
      'cryptio',
      'ctc',
      'divly',
      'form8949',
      'hledger',
      'journal',
      'koinly',
      'koinly-wallets',
      'ledger',
      'quickbooks',
      'quickbooks-journal',
      'recap',
      'sa108',
      'taxbit',
      'tokentax',
      'turbotax',
      'turbotax-gains',
      'xero',
      'xero-journal',
      'zenledger',
    ]);
    for (const t of list) expect(['confirmed', 'partly', 'unconfirmed']).toContain(t.confidence);
  });

  it('refuses an unknown name and says how to list the known ones', () => {
    expect(() => loadBuiltinTemplate('koinlyy')).toThrow(
      /unknown template "koinlyy" \(fix: use one of accointing, .* \(see 'ledgerscan templates'\)\)/,
    );
  });

  it('keeps the Koinly header exact', () => {
    expect(
      loadBuiltinTemplate('koinly')
        .columns.map((c) => c.header)
        .join(','),
    ).toBe(
      'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
    );
  });
});
