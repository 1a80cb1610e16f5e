import { describe, expect, it } from '@jest/globals';
import { applyOverrides, overrideTransaction, type Overrides } from '../../src/ledger/applyOverrides.js';
import { counterpartyTag, type CounterpartyTag } from '../../src/ledger/CounterpartyTag.js';
import { entriesForTransaction } from '../../src/ledger/entriesForTransaction.js';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import type { LedgerRule } from '../../src/ledger/LedgerRule.js';
import type { WireAddressTag } from '../../src/etherscan/WireAddressTag.js';
import { ALICE, BOB, HASH, ROUTER, STRANGER, TOKEN, contextOf, erc20, groupOf, lines, receipt, sample, tx } from './build.js';

const WALLETS = { [ALICE]: 'Alice', [BOB]: 'Bob' };
const ONE_ETH = '1000000000000000000';

/** Alice pays 1 ETH to ROUTER and gets 5 TOK back from it: a trade under the ledger rules. */
function swap(): LedgerEntry[] {
  const group = groupOf(
    1,
    [
      {
        wallet: ALICE,
        stream: 'txlist',
        record: tx({ to: ROUTER, value: ONE_ETH, functionName: 'swapExactETHForTokens(uint256 amountOutMin)' }),
      },
      { wallet: ALICE, stream: 'tokentx', record: erc20({ from: ROUTER, to: ALICE, value: '5000000' }) },
    ],
    receipt({ to: ROUTER }),
  );
  return entriesForTransaction(group, contextOf(1, WALLETS));
}

/** Alice sends 1 ETH to STRANGER. */
function payment(): LedgerEntry[] {
  return entriesForTransaction(
    groupOf(1, [{ wallet: ALICE, stream: 'txlist', record: tx({ value: ONE_ETH }) }], receipt()),
    contextOf(1, WALLETS),
  );
}

const tag = (fields: Partial<CounterpartyTag>): CounterpartyTag => ({
  label: 'Tagged',
  exchange: false,
  bridge: false,
  screening: '',
  ...fields,
});

function rule(fields: Partial<LedgerRule> & Pick<LedgerRule, 'id'>): LedgerRule {
  return {
    match: { chainId: null, contract: null, counterparty: null, method: null, txHash: null, ...fields.match },
    category: null,
    label: null,
    spam: null,
    ignore: false,
    ...fields,
  };
}

const none: Overrides = { tags: {}, rules: [] };

describe('counterparty tags', () => {
  it('turn a trade with an exchange into a deposit and a withdrawal, noted on every leg', () => {
    const entries = overrideTransaction(swap(), { ...none, tags: { [ROUTER]: tag({ label: 'Kraken 4', exchange: true }) } });
    expect(lines(entries)).toEqual([
      'Alice out native 1 ETH transfer (to_exchange not_trade_custodial)',
      'Alice in erc20 5 TOK transfer (from_exchange not_trade_custodial)',
      'Alice out fee 0.00000000000021 ETH fee',
    ]);
    expect(entries.map((entry) => entry.counterpartyLabel)).toEqual(['Kraken 4', 'Kraken 4', '']);
  });

  it('mark bridge legs and leave a trade with an untagged router alone', () => {
    expect(lines(overrideTransaction(payment(), { ...none, tags: { [STRANGER]: tag({ bridge: true }) } }))[0]).toBe(
      'Alice out native 1 ETH transfer (to_bridge)',
    );
    expect(lines(overrideTransaction(swap(), { ...none, tags: { [STRANGER]: tag({ exchange: true }) } }))).toEqual(lines(swap()));
  });

  it('fill the label only where the job gave none, and carry the screening slugs', () => {
    const group = groupOf(1, [{ wallet: ALICE, stream: 'txlist', record: tx({ value: ONE_ETH }) }], receipt());
    const labelled = entriesForTransaction(group, contextOf(1, WALLETS, { labels: { [STRANGER]: 'My landlord' } }));
    const [entry] = overrideTransaction(labelled, {
      ...none,
      tags: { [STRANGER]: tag({ label: 'Fake_Phishing1', screening: 'phish-hack' }) },
    });
    expect(entry).toMatchObject({ counterpartyLabel: 'My landlord', screening: 'phish-hack', category: 'transfer', note: '' });
  });
});

describe('counterpartyTag (recorded getaddresstag body)', () => {
  it('reads Coinbase 10 as an exchange with its name tag and no screening', () => {
    const [wire] = sample<WireAddressTag>('docs-getaddresstag-PROPLUS.json');
    expect(counterpartyTag(wire!)).toEqual({ label: 'Coinbase 10', exchange: true, bridge: false, screening: '' });
  });

  it('falls back to the labels without a name tag and keeps only screening slugs', () => {
    const [recorded] = sample<WireAddressTag>('docs-getaddresstag-PROPLUS.json');
    const wire = {
      ...recorded!,
      nametag: ' ',
      labels: ['OFAC Sanctioned', 'Heist'],
      labels_slug: ['ofac-sanctioned', 'heist', 'phish-hack'],
    };
    expect(counterpartyTag(wire)).toEqual({
      label: 'OFAC Sanctioned, Heist',
      exchange: false,
      bridge: false,
      screening: 'ofac-sanctioned phish-hack',
    });
  });
});

describe('user rules', () => {
  it('apply the first rule that changes an entry, and say so in the note', () => {
    const rules = [
      rule({
        id: 'router-fee',
        match: { chainId: null, contract: null, counterparty: ROUTER, method: null, txHash: null },
        category: 'transfer',
      }),
      rule({
        id: 'swaps',
        match: { chainId: 1, contract: null, counterparty: null, method: 'swapexactethfortokens', txHash: null },
        label: 'Uniswap',
      }),
    ];
    const entries = overrideTransaction(swap(), { ...none, rules });
    expect(lines(entries)).toEqual([
      'Alice out native 1 ETH transfer (rule:router-fee)',
      'Alice in erc20 5 TOK transfer (rule:router-fee)',
      'Alice out fee 0.00000000000021 ETH fee',
    ]);
  });

  it('keep a fee a fee: category and spam rules pass over it, the next rule may still apply', () => {
    const byTx = { chainId: null, contract: null, counterparty: null, method: null, txHash: HASH };
    const rules = [rule({ id: 'cat', match: byTx, category: 'trade', spam: true }), rule({ id: 'label', match: byTx, label: 'Shop' })];
    expect(lines(overrideTransaction(payment(), { ...none, rules }))).toEqual([
      'Alice out native 1 ETH trade [rule] (rule:cat)',
      'Alice out fee 0.00000000000021 ETH fee',
    ]);
  });

  it('ignore a whole transaction, fee included, and clear spam by contract', () => {
    const byTx = { chainId: null, contract: null, counterparty: null, method: null, txHash: HASH };
    const ignored = overrideTransaction(swap(), { ...none, rules: [rule({ id: 'skip', match: byTx, ignore: true })] });
    expect(ignored.map((entry) => [entry.ignored, entry.note])).toEqual([
      [true, 'rule:skip ignored'],
      [true, 'rule:skip ignored'],
      [true, 'rule:skip ignored'],
    ]);
    const spam = { ...swap()[1]!, spam: 'url_in_name' };
    const [cleared] = overrideTransaction([spam], {
      ...none,
      rules: [rule({ id: 'ok', match: { ...byTx, txHash: null, contract: TOKEN }, spam: false })],
    });
    expect(cleared).toMatchObject({ spam: '', note: 'rule:ok' });
  });

  it('match nothing on another chain or another counterparty', () => {
    const rules = [
      rule({ id: 'op', match: { chainId: 10, contract: null, counterparty: ROUTER, method: null, txHash: null }, label: 'x' }),
      rule({ id: 'bob', match: { chainId: null, contract: null, counterparty: BOB, method: null, txHash: null }, label: 'y' }),
    ];
    expect(overrideTransaction(swap(), { ...none, rules })).toEqual(swap());
  });
});

describe('applyOverrides', () => {
  it('cuts the stream at transaction boundaries and passes it through untouched without tags or rules', () => {
    const other = payment().map((entry) => ({ ...entry, txHash: `0x${'ef'.repeat(32)}` }));
    const stream = [...swap(), ...other];
    expect([...applyOverrides(stream, none)]).toEqual(stream);
    const tagged = [...applyOverrides(stream, { ...none, tags: { [ROUTER]: tag({ exchange: true }) } })];
    expect(tagged.map((entry) => entry.category)).toEqual(['transfer', 'transfer', 'fee', 'transfer', 'fee']);
    expect(tagged.slice(3)).toEqual(other);
  });
});

describe('accountant categories and rules by entry id', () => {
  it('set a category of one direction only on legs of that direction, and a rule by entry ids only on those legs', () => {
    const hash = swap()[0]?.txHash ?? '';
    const matching = (id: string, match: Partial<LedgerRule['match']>, category: LedgerRule['category']): LedgerRule => ({
      ...rule({ id, category }),
      match: { ...rule({ id }).match, ...match },
    });
    // `airdrop` arrives: the TOK leg takes it, the ETH sent and the fee keep theirs.
    expect(lines(overrideTransaction(swap(), { ...none, rules: [matching('drop', { txHash: hash }, 'airdrop')] }))).toEqual([
      'Alice out native 1 ETH trade',
      'Alice in erc20 5 TOK airdrop (rule:drop)',
      'Alice out fee 0.00000000000021 ETH fee',
    ]);
    // `donation` leaves: the ETH sent takes it.
    expect(lines(overrideTransaction(swap(), { ...none, rules: [matching('gave', { txHash: hash }, 'donation')] }))[0]).toBe(
      'Alice out native 1 ETH donation (rule:gave)',
    );
    const [sent] = swap();
    const byId = matching('legs', { entries: [sent?.entryId ?? ''] }, 'own_transfer');
    expect(lines(overrideTransaction(swap(), { ...none, rules: [byId] }))).toEqual([
      'Alice out native 1 ETH own_transfer (rule:legs)',
      'Alice in erc20 5 TOK trade',
      'Alice out fee 0.00000000000021 ETH fee',
    ]);
  });
});
