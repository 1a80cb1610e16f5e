import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadJob } from '../../src/config/loadJob.js';
import { InputError } from '../../src/errors/LedgerscanError.js';
import { RULE_CATEGORIES } from '../../src/ledger/LedgerRule.js';
import { ruleMatches } from '../../src/ledger/ruleMatches.js';
import { entry } from '../support/entry.js';

/** The `rules` and `apiLabels` settings of a job file, through `loadJob` as the CLI and the workspace's book use it. */

const WALLET = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';
const ROUTER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d';
const TX = `0x${'ab'.repeat(32)}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-rules-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;

function load(job: Record<string, unknown>, flags: { apiLabels?: boolean } = {}) {
  files += 1;
  const config = path.join(dir, `job-${files}.json`);
  fs.writeFileSync(
    config,
    JSON.stringify({ wallets: [{ address: WALLET }], chains: [1, 10], period: { year: 2025 }, templates: ['ledger'], ...job }),
  );
  return loadJob({
    flags: { config, ...flags },
    env: { ETHERSCAN_API_KEY: 'rules-test-key-0123456789' },
    knownTemplates: ['ledger'],
    cwd: dir,
  });
}

function problems(job: Record<string, unknown>): string {
  try {
    load(job);
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('rules in the job file', () => {
  it("take entry ids as the entry_id column has them, and map an id filed before the letter to today's", () => {
    const job = load({
      rules: [{ match: { entries: ['x00112233445566ff', '8899aabbccddeeff', 'x8899aabbccddeeff'] }, category: 'own_transfer' }],
    });
    expect(job.rules[0]?.match.entries).toEqual(['x00112233445566ff', 'x8899aabbccddeeff']);
    expect(problems({ rules: [{ match: { entries: ['1e5'] }, category: 'own_transfer' }] })).toContain(
      'rules[0].match.entries ["1e5"] is not a list of entry ids',
    );
  });

  it('become ordered rules: addresses and hashes lowercased, method compared without case, ids defaulted', () => {
    const job = load({
      rules: [
        { id: 'uniswap', match: { counterparty: ROUTER.toUpperCase().replace('0X', '0x'), chain: 1 }, label: 'Uniswap', category: 'trade' },
        { match: { tx: TX.toUpperCase().replace('0X', '0x') }, ignore: true },
        { match: { contract: ROUTER, method: 'claimRewards' }, spam: false },
      ],
    });
    expect(job.rules).toEqual([
      {
        id: 'uniswap',
        match: { chainId: 1, contract: null, counterparty: ROUTER, method: null, txHash: null },
        category: 'trade',
        label: 'Uniswap',
        spam: null,
        ignore: false,
      },
      {
        id: 'rule2',
        match: { chainId: null, contract: null, counterparty: null, method: null, txHash: TX },
        category: null,
        label: null,
        spam: null,
        ignore: true,
      },
      {
        id: 'rule3',
        match: { chainId: null, contract: ROUTER, counterparty: null, method: 'claimrewards', txHash: null },
        category: null,
        label: null,
        spam: false,
        ignore: false,
      },
    ]);
  });

  it('names every problem with its field path and fix, all at once', () => {
    const message = problems({
      rules: [
        { match: { counterparty: '0x123' }, label: 'x' },
        { match: { chain: 42161, tx: '0xabc' }, category: 'salary' },
        { match: { method: 'transfer(address,uint256)' }, spam: 'yes' },
        { match: {}, label: '' },
        { match: { contract: ROUTER }, ignore: true, category: 'transfer' },
        { match: [ROUTER], label: 'x' },
        { match: { contract: ROUTER } },
        { id: 'dup', match: { tx: TX }, ignore: true },
        { id: 'dup', match: { tx: TX }, ignore: true },
        { id: 'has space', matsh: {}, ignore: true },
        'ignore everything',
      ],
    });
    expect(message.split(': ')[0]).toBe('job has 16 problems');
    for (const part of [
      'rules[0].match.counterparty "0x123" is not a 20-byte hex address (use 0x followed by 40 hex digits)',
      'rules[1].match.chain 42161 is not a chain of this job (use one of 1, 10, or add it to "chains")',
      'rules[1].match.tx "0xabc" is not a transaction hash (use 0x followed by 64 hex digits)',
      `rules[1].category "salary" is not a category a rule may set (use one of ${RULE_CATEGORIES.join(', ')})`,
      'rules[2].match.method "transfer(address,uint256)" is not a function name',
      'rules[2].spam "yes" is not true or false (write true or false without quotes)',
      'rules[3].match matches every entry (give at least one of contract, counterparty, method, tx, entries, wallet, asset, category, direction, from, to, text, spam)',
      'rules[3].label "" is not a text label (use a non-empty string)',
      'rules[4] has "ignore": true with a category or spam setting',
      'rules[5].match must be an object with one or more of chain, contract, counterparty, method, tx, entries, wallet, asset, category, direction, from, to, text, spam (it is an array)',
      'rules[6] changes nothing (give it a "category", "label", "spam" or "ignore": true)',
      'rules[8].id "dup" is used by an earlier rule (give each rule its own id)',
      'rules[9].id "has space" is not a rule id',
      'job file key "rules[9].matsh" is unknown (did you mean "match"?)',
      'rules[9].match is missing (add "match" with one or more of chain, contract, counterparty, method, tx, entries, wallet, asset, category, direction, from, to, text, spam)',
      'rules[10] must be an object such as {"match": {"counterparty": "0x…"}, "label": "Kraken"} (it is a string)',
    ]) {
      expect(message).toContain(part);
    }
  });

  it('refuses a control or bidi character in a reason or label, as every free text of the workspace does (issue 47.8)', () => {
    const message = problems({
      rules: [
        { match: { tx: TX }, label: 'Kraken', reason: 'paid \u001b[31mout' },
        { match: { tx: TX }, label: 'invoice \u202egnp.exe', reason: 'fine' },
      ],
    });
    expect(message.split(': ')[0]).toBe('job has 2 problems');
    expect(message).toContain('rules[0].reason contains the invisible character U+001B; remove it');
    expect(message).toContain('rules[1].label contains the invisible character U+202E; remove it');
  });

  it('refuses rules that are not a list', () => {
    expect(problems({ rules: { match: { tx: TX } } })).toContain('rules must be a list (it is an object; write [ … ])');
  });
});

describe('apiLabels', () => {
  it('is off unless the job file or --api-labels turns it on; the flag wins', () => {
    expect(load({}).apiLabels).toBe(false);
    expect(load({ apiLabels: true }).apiLabels).toBe(true);
    expect(load({ apiLabels: true }, { apiLabels: false }).apiLabels).toBe(false);
    expect(problems({ apiLabels: 'yes' })).toContain('apiLabels "yes" is not true or false (write true or false without quotes)');
  });
});

describe("a rule whose match is a view's filter (a bulk correction)", () => {
  const viewRule = {
    match: {
      chain: 1,
      wallet: WALLET,
      asset: 'USDC',
      category: 'transfer',
      direction: 'in',
      from: '2025-01-01T00:00:00+01:00',
      to: '2026-01-01T00:00:00Z',
      text: 'Coinbase',
      spam: false,
    },
    category: 'payment_in',
  };
  const at = (iso: string): number => Date.parse(iso) / 1000;
  // An entry of the view, arriving after the rule was made; each change below takes it out of the match.
  const later = entry({
    blockNumber: 1,
    amountRaw: 5n,
    wallet: WALLET,
    asset: 'usdc',
    timestamp: at('2025-12-31T23:59:59Z'),
    counterpartyLabel: 'Coinbase 4',
  });

  it('matches every criterion of the view, the period as instants (`to` exclusive), symbol and text in any case', () => {
    const [rule] = load({ rules: [viewRule] }).rules;
    expect(rule?.match).toMatchObject({ wallet: WALLET, asset: 'usdc', from: at('2024-12-31T23:00:00Z'), to: at('2026-01-01T00:00:00Z') });
    expect(ruleMatches(rule!, later)).toBe(true);
    for (const outside of [
      { timestamp: at('2026-01-01T00:00:00Z') },
      { timestamp: at('2024-12-31T22:59:59Z') },
      { wallet: ROUTER },
      { asset: 'USDT' },
      { category: 'trade' as const },
      { direction: 'out' as const },
      { counterpartyLabel: '' },
      { spam: 'listed' },
      { chainId: 10 },
    ])
      expect([outside, ruleMatches(rule!, { ...later, ...outside })]).toEqual([outside, false]);
  });

  it('names every bad criterion with its fix, and still refuses a rule that matches every entry of a chain', () => {
    const message = problems({
      rules: [
        {
          match: {
            wallet: '0x12',
            asset: '0xabc',
            category: 'gift',
            direction: 'both',
            from: '2025-01-01',
            to: 7,
            text: '',
            spam: 'no',
            walet: 1,
          },
          spam: true,
        },
      ],
    });
    for (const part of [
      'rules[0].match.wallet "0x12" is not a 20-byte hex address',
      'rules[0].match.asset "0xabc" is not a symbol',
      'rules[0].match.category "gift" is not a ledger category',
      'rules[0].match.direction "both" is not a direction (use "in" or "out")',
      'rules[0].match.from "2025-01-01" is not an instant',
      'rules[0].match.to 7 is not an instant',
      'rules[0].match.text "" is not a search text',
      'rules[0].match.spam "no" is not true or false',
      'job file key "rules[0].match.walet" is unknown (did you mean "wallet"?)',
    ])
      expect(message).toContain(part);
    expect(problems({ rules: [{ match: { from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, spam: true }] })).toContain(
      'rules[0].match.from is not before rules[0].match.to',
    );
    expect(problems({ rules: [{ match: { chain: 1 }, spam: true }] })).toContain('rules[0].match matches every entry');
  });
});
