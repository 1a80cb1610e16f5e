import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { ACCOUNTANT_CATEGORIES, categoryDirection } from '../../src/ledger/accountantCategories.js';
import type { Category } from '../../src/ledger/LedgerEntry.js';
import { renderTiedOut } from '../support/renderTiedOut.js';
import { vocabularyLookup } from '../../src/templates/compileRow.js';
import type { Template } from '../../src/templates/Template.js';
import { builtinTemplateNames, loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';
import type { ViewRow } from '../../src/templates/ViewRow.js';
import { entry } from '../support/entry.js';

/**
 * Each tool's own words for what comes in and goes out, as the import formats reference lists them (labels,
 * tags, types, classifications; docs/templates.md names the source). A template that writes a user's category
 * must write one of these, never a word of our own.
 */
const VOCABULARY: Record<string, readonly string[]> = {
  koinly: [
    'Airdrop',
    'Fork',
    'Mining',
    'Reward',
    'Income',
    'Salary',
    'Lending interest',
    'Fee refund',
    'Cashback',
    'Realized PNL',
    'Loan',
    'Margin loan',
    'Cost',
    'Tax',
    'Margin fee',
    'Loan fee',
    'Gift',
    'Lost',
    'Donation',
    'Interest payment',
  ],
  cointracking: [
    'Income',
    'Mining',
    'Gift/Tip(In)',
    'Spend',
    'Donation',
    'Gift(Out)',
    'Stolen',
    'Lost',
    'Airdrop',
    'Staking',
    'Masternode',
    'Minting',
    'Dividends Income',
    'Lending Income',
    'Interest Income',
    'Reward / Bonus',
    'Other Income',
    'Other Fee',
    'Other Expense',
    'Expense (non taxable)',
  ],
  cointracker: ['staking', 'stake', 'unstake', 'margin', 'margin fee', 'margin gain', 'margin loss', 'airdrop', 'payment'],
  coinledger: ['Airdrop', 'Staking', 'Income', 'Gift Sent', 'Interest', 'Mining', 'Gift Received', 'Merchant Payment', 'Interest Payment'],
  tokentax: ['Income', 'Spend', 'Lost', 'Stolen', 'Mining', 'Gift', 'Staking', 'Airdrop'],
  zenledger: ['Fork', 'Airdrop', 'Payment', 'staking reward', 'misc reward'],
  ctc: [
    'expense',
    'stolen',
    'lost',
    'burn',
    'income',
    'interest',
    'mining',
    'airdrop',
    'staking',
    'rebate',
    'cashback',
    'royalty',
    'incoming-gift',
    'gift',
    'outgoing-gift',
  ],
  accointing: ['Airdrop', 'Gift Received', 'Income', 'Mined', 'Staked', 'Payment', 'Bounty'],
  taxbit: ['Income', 'Gift', 'Expense'],
  coinpanda: [
    'Airdrop',
    'Fork',
    'Mining',
    'Staking',
    'Reward',
    'Income',
    'Gift',
    'Interest',
    'Lost',
    'Donation',
    'Cost',
    'Expense',
    'Personal Use',
  ],
  recap: ['Airdrop', 'Income', 'Mining', 'Gift', 'Purchase', 'StakingReward', 'Donation', 'LoanInterest'],
  cryptio: [],
  turbotax: ['Income', 'Expense', 'Mining', 'Airdrop', 'Staking'],
  awaken: [],
  divly: ['Airdrop', 'Staking Reward', 'Income', 'Other Expense'],
  blockpit: ['Mining', 'Staking', 'Gift Sent', 'Airdrop', 'Gift Received', 'Interest', 'Payment', 'Lost', 'Fee', 'Income'],
};
VOCABULARY['koinly-wallets'] = VOCABULARY.koinly as readonly string[];

const transactionTemplates = (): Template[] =>
  builtinTemplateNames()
    .map(loadBuiltinTemplate)
    .filter((template) => template.layout === 'transaction');

function rowOf(category: Category): ViewRow {
  return { category, shape: categoryDirection(category) === 'in' ? 'in' : 'out', spam: '' } as ViewRow;
}

/** The word the template has for the category itself, or undefined when it falls back to its plain deposit/withdrawal. */
function ownWord(template: Template, category: Category): string | undefined {
  const row = rowOf(category);
  const own = (words: Readonly<Record<string, string>>): boolean =>
    words[category] !== undefined || words[`${category}.${row.shape}`] !== undefined;
  return own(template.labels) ? vocabularyLookup(template, template.labels, row) : undefined;
}

describe('the categories an accountant sets', () => {
  it('are written as each tool’s own type where it has one, never as a word the tool does not know', () => {
    const templates = transactionTemplates();
    expect(templates.map((template) => template.name).sort()).toEqual(Object.keys(VOCABULARY).sort());
    for (const template of templates) {
      for (const category of ACCOUNTANT_CATEGORIES) {
        const word = ownWord(template, category);
        if (word !== undefined)
          expect([template.name, category, VOCABULARY[template.name]?.includes(word) ? 'the tool’s own' : word]).toEqual([
            template.name,
            category,
            'the tool’s own',
          ]);
      }
    }
    const mapped = (name: string): Record<string, string | undefined> =>
      Object.fromEntries(ACCOUNTANT_CATEGORIES.map((category) => [category, ownWord(loadBuiltinTemplate(name), category)]));
    expect(mapped('koinly')).toMatchObject({
      airdrop: 'Airdrop',
      staking_reward: 'Reward',
      interest: 'Lending interest',
      gift_out: 'Gift',
      donation: 'Donation',
      lost: 'Lost',
      cost: 'Cost',
    });
    expect(mapped('ctc')).toMatchObject({
      income: 'income',
      airdrop: 'airdrop',
      staking_reward: 'staking',
      gift_in: 'incoming-gift',
      gift_out: 'outgoing-gift',
      lost: 'lost',
      cost: 'expense',
    });
    expect(mapped('cointracking')).toMatchObject({
      interest: 'Interest Income',
      gift_in: 'Gift/Tip(In)',
      gift_out: 'Gift(Out)',
      payment_out: 'Spend',
      cost: 'Other Expense',
    });
  });

  it('have an account of their own in every journal', () => {
    for (const name of ['hledger', 'beancount', 'journal']) {
      const { accounts } = loadBuiltinTemplate(name);
      for (const category of ACCOUNTANT_CATEGORIES) {
        expect([name, category, accounts[category]]).toEqual([
          name,
          category,
          expect.stringMatching(categoryDirection(category) === 'in' ? /^income:/i : /^expenses:/i),
        ]);
      }
    }
  });
});

describe('tieout.csv', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-categories-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('states every row of a category a template has no type for, and what it was written as', async () => {
    const entries = ACCOUNTANT_CATEGORIES.map((category, index) =>
      entry({ blockNumber: 100 + index, amountRaw: 10n ** 18n, amount: '1', category, direction: categoryDirection(category) ?? 'in' }),
    );
    const templates = transactionTemplates();
    await renderTiedOut({
      entries: () => entries,
      templates: [loadBuiltinTemplate('ledger'), ...templates],
      outDir: dir,
      context: { timezone: 'UTC' },
    });
    const stated = (parse(readFileSync(path.join(dir, 'tieout.csv')), { columns: true }) as Record<string, string>[]).filter(
      (row) => row.line === 'category',
    );
    const expected = templates.flatMap((template) =>
      ACCOUNTANT_CATEGORIES.filter((category) => ownWord(template, category) === undefined).map(
        (category) => `${template.name} ${category}`,
      ),
    );
    expect(stated.map((row) => `${row.template} ${/^category (\S+)/.exec(row.reason ?? '')?.[1] ?? ''}`).sort()).toEqual(expected.sort());
    expect(stated.every((row) => row.rows === '1')).toBe(true);
    expect(stated.find((row) => row.template === 'cryptio' && (row.reason ?? '').startsWith('category airdrop '))?.reason).toBe(
      'category airdrop has no type of its own in cryptio: written as deposit',
    );
    expect(stated.find((row) => row.template === 'koinly' && (row.reason ?? '').startsWith('category payment_out '))?.reason).toBe(
      'category payment_out has no type of its own in koinly: written as no label',
    );
    // Where the template has the type, its file says it.
    const koinly = parse(readFileSync(path.join(dir, 'koinly.csv')), { columns: true }) as Record<string, string>[];
    expect(koinly.map((row) => row.Label)).toEqual(expect.arrayContaining(['Airdrop', 'Reward', 'Lending interest', 'Donation']));
  });
});
