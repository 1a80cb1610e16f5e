import { describe, expect, it } from '@jest/globals';
import type { StoredRecord } from '../../src/ledger/groupTransactions.js';
import { buildLedger } from '../../src/ledger/buildLedger.js';
import { compareEntries } from '../../src/ledger/compareEntries.js';
import { groupTransactions } from '../../src/ledger/groupTransactions.js';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { Decimal, formatUnits } from '../../src/ledger/money.js';
import { LedgerscanError } from '../../src/errors/LedgerscanError.js';
import { ALICE, BOB, STRANGER, contextOf, erc20, groupOf, receipt, tx } from './build.js';

const WALLETS = { [ALICE]: 'Alice', [BOB]: 'Bob' };

function at(blockNumber: number, index: number): { blockNumber: string; timeStamp: string; hash: string; transactionIndex: string } {
  return {
    blockNumber: String(blockNumber),
    timeStamp: String(1700000000 + blockNumber * 12),
    hash: `0x${blockNumber.toString(16).padStart(8, '0')}${index}`,
    transactionIndex: String(index),
  };
}

function ledger(rows: StoredRecord[], chainId = 1): LedgerEntry[] {
  return [...buildLedger(groupTransactions(chainId, rows), contextOf(chainId, WALLETS))];
}

describe('buildLedger', () => {
  it('yields entries in ledger order across blocks and transactions', () => {
    const rows: StoredRecord[] = [
      { wallet: ALICE, stream: 'txlist', record: tx({ ...at(1, 3), value: '5', to: BOB }) },
      { wallet: ALICE, stream: 'tokentx', record: erc20({ ...at(1, 0), value: '7' }) },
      { wallet: BOB, stream: 'txlist', record: tx({ ...at(1, 3), value: '5', to: BOB, from: ALICE }) },
      { wallet: BOB, stream: 'tokentx', record: erc20({ ...at(2, 1), from: BOB, to: STRANGER, value: '7' }) },
    ];
    const entries = ledger(rows);
    expect(entries.map((e) => `${e.blockNumber}:${e.transactionIndex}:${e.order} ${e.walletLabel} ${e.direction} ${e.kind}`)).toEqual([
      '1:0:0 Alice in erc20',
      '1:3:0 Alice out native',
      '1:3:1 Bob in native',
      '1:3:2 Alice out fee',
      '2:1:0 Bob out erc20',
    ]);
    expect([...entries].sort(compareEntries)).toEqual(entries);
  });

  it('remembers the tokens a wallet sent: its URL-named token coming back is not spam, for another wallet it is', () => {
    const token = { tokenName: 'rewards.xyz', tokenSymbol: 'RWD' };
    const rows: StoredRecord[] = [
      { wallet: ALICE, stream: 'tokentx', record: erc20({ ...at(1, 0), ...token, from: ALICE, to: STRANGER, value: '1' }) },
      { wallet: ALICE, stream: 'tokentx', record: erc20({ ...at(2, 0), ...token, value: '1' }) },
      { wallet: BOB, stream: 'tokentx', record: erc20({ ...at(3, 0), ...token, to: BOB, value: '1' }) },
    ];
    expect(ledger(rows).map((e) => `${e.walletLabel} ${e.direction} ${e.spam}`)).toEqual([
      'Alice out ',
      'Alice in ',
      'Bob in call_to_action',
    ]);
  });

  it('keeps per-asset sums exact to the base unit', () => {
    const rows: StoredRecord[] = [];
    let raw = 0n;
    for (let block = 1; block <= 200; block += 1) {
      // Amounts with every digit significant, up to 10^59 base units of an 18-decimals token.
      const value = (BigInt(block) * 123456789012345678901234567890123456789n) ** BigInt(1 + (block % 2)) + BigInt(block);
      const outgoing = block % 3 === 0;
      raw += outgoing ? -value : value;
      rows.push({
        wallet: ALICE,
        stream: 'tokentx',
        record: erc20({ ...at(block, 0), tokenDecimal: '18', value: value.toString(), ...(outgoing ? { from: ALICE, to: STRANGER } : {}) }),
      });
    }
    const entries = ledger(rows);
    const fromRaw = entries.reduce((total, e) => total + (e.direction === 'in' ? e.amountRaw : -e.amountRaw), 0n);
    const fromText = entries.reduce((total, e) => (e.direction === 'in' ? total.plus(e.amount) : total.minus(e.amount)), new Decimal(0));
    expect(fromRaw).toBe(raw);
    expect(fromText.toFixed()).toBe(formatUnits(raw, 18));
  });

  it('refuses a transaction of another chain', () => {
    const group = groupOf(10, [{ wallet: ALICE, stream: 'txlist', record: tx() }], receipt());
    expect(() => [...buildLedger([group], contextOf(1, WALLETS))]).toThrow(LedgerscanError);
  });
});
