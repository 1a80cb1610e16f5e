import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describeError, exitCodeFor } from '../../src/errors/exitCode.js';
import { renderTiedOut } from '../support/renderTiedOut.js';
import { loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';
import { ledgerEntries } from './fixtures/ledgerEntries.js';

describe('tieout.csv', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-tieout-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists an entry a user rule ignores where the template omits it, and nowhere where it keeps it', async () => {
    const ignored = ledgerEntries.find((entry) => entry.kind === 'erc20' && entry.direction === 'in');
    if (ignored === undefined) throw new Error('the fixture has an incoming token');
    const entries = ledgerEntries.map((entry) => (entry === ignored ? { ...entry, ignored: true } : entry));
    await renderTiedOut({
      entries: () => entries,
      templates: [loadBuiltinTemplate('ledger'), loadBuiltinTemplate('koinly')],
      outDir: dir,
      context: { timezone: 'UTC' },
    });
    const rows = parse(readFileSync(path.join(dir, 'tieout.csv')), { columns: true }) as Record<string, string>[];
    const explained = rows.filter((row) => row.reason === 'ignored by a user rule');
    expect(explained.map((row) => [row.template, row.wallet, row.asset_contract, row.rows, row.in, row.out])).toEqual([
      ['koinly', ignored.wallet, ignored.assetContract, '1', ignored.amountRaw.toString(), '0'],
    ]);
  });

  it('fails a built-in template that loses value as a defect: exit 2, one line naming it and the asset, nothing written', async () => {
    const journal = loadBuiltinTemplate('journal');
    // The built-in file as a defect would ship it: only debits, so every credit (money out, fees) is lost.
    const broken = {
      ...journal,
      columns: journal.columns.filter((column) => column.field !== 'posting.amount' && column.field !== 'posting.credit'),
    };
    const failure = await renderTiedOut({
      entries: () => ledgerEntries,
      templates: [loadBuiltinTemplate('ledger'), broken],
      outDir: dir,
      context: { timezone: 'UTC' },
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'defect', details: { template: 'journal', asset: 'ETH', chain: 'ethereum' } });
    expect(exitCodeFor(failure)).toBe(2);
    expect(describeError(failure)).toMatch(
      /^ledgerscan: template journal loses value of ETH: .*a defect in the built-in template.*leave --template journal out/,
    );
    expect(describeError(failure)).not.toContain('\n');
    // The ledger rendered fine before the journal failed, and still is not written.
    expect(readdirSync(dir)).toEqual([]);
  });
});
