import { describe, expect, it } from '@jest/globals';
import type { WireNftTx } from '../../src/etherscan/wire.js';
import { LedgerscanError } from '../../src/errors/LedgerscanError.js';
import { groupTransactions, type StoredRecord } from '../../src/ledger/groupTransactions.js';
import { ALICE, BOB, HASH, erc20, internal, receipt, sample, tx } from './build.js';

const KITTY_OWNER = '0x6975be450864c02b4613023c2152ee0743572325';

describe('groupTransactions', () => {
  it('groups real rows by tx: one group per hash, ordered by block then transaction index', () => {
    const rows = sample<WireNftTx>('pcko1-get_erc721_token_transfer_events_by_address_and_contract_paginated.json');
    const groups = [
      ...groupTransactions(
        1,
        rows.map((record) => ({ wallet: KITTY_OWNER, stream: 'tokennfttx', record })),
      ),
    ];
    expect(groups.map((group) => group.txHash).sort()).toEqual([...new Set(rows.map((row) => row.hash))].sort());
    const positions = groups.map((group) => [group.blockNumber, group.transactionIndex] as const);
    const sorted = [...positions].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(positions).toEqual(sorted);
    const busy = groups.filter((group) => group.blockNumber === 9228782);
    expect(busy.length).toBeGreaterThan(1);
    for (const group of busy) expect(group.timestamp).toBe(Number(rows.find((row) => row.hash === group.txHash)?.timeStamp));
  });

  it('gives each row its occurrence index among its wallet and stream rows of the tx', () => {
    const rows: StoredRecord[] = [
      { wallet: ALICE, stream: 'tokentx', record: erc20({ value: '1' }) },
      { wallet: BOB, stream: 'tokentx', record: erc20({ value: '1', from: ALICE, to: BOB }) },
      { wallet: ALICE, stream: 'txlist', record: tx() },
      { wallet: ALICE, stream: 'tokentx', record: erc20({ value: '1' }) },
    ];
    const [group] = [...groupTransactions(1, rows)];
    expect(group?.byWallet.get(ALICE)?.tokentx.map((row) => row.ref)).toEqual(['0', '1']);
    expect(group?.byWallet.get(ALICE)?.txlist.map((row) => row.ref)).toEqual(['0']);
    expect(group?.byWallet.get(BOB)?.tokentx.map((row) => row.ref)).toEqual(['0']);
    expect(group?.transactionIndex).toBe(7);
  });

  it('lowercases wallets and hashes, keeps GENESIS hashes, and gives the group the receipt a row carries', () => {
    const upper = '0x' + 'AB'.repeat(32);
    const found = receipt();
    const rows: StoredRecord[] = [
      { wallet: ALICE, stream: 'txlist', record: tx({ hash: 'GENESIS_a11ce00000000000000000000000000000000001', blockNumber: '0' }) },
      { wallet: BOB, stream: 'tokentx', record: erc20({ hash: upper, from: ALICE, to: BOB }), receipt: null },
      { wallet: ALICE.toUpperCase().replace('0X', '0x'), stream: 'txlist', record: tx({ hash: upper }), receipt: found },
    ];
    const groups = [...groupTransactions(1, rows)];
    expect(groups.map((group) => group.txHash)).toEqual(['GENESIS_a11ce00000000000000000000000000000000001', HASH]);
    expect(groups[0]?.receipt).toBeNull();
    expect(groups[1]?.receipt).toBe(found);
    expect([...(groups[1]?.byWallet.keys() ?? [])].sort()).toEqual([ALICE, BOB].sort());
  });

  it('marks internal-only transactions with index -1 and puts them first in their block', () => {
    const other = '0x' + '01'.repeat(32);
    const rows: StoredRecord[] = [
      { wallet: ALICE, stream: 'txlist', record: tx({ transactionIndex: '0' }) },
      { wallet: ALICE, stream: 'txlistinternal', record: internal({ hash: other }) },
    ];
    const groups = [...groupTransactions(1, rows)];
    expect(groups.map((group) => [group.txHash, group.transactionIndex])).toEqual([
      [other, -1],
      [HASH, 0],
    ]);
  });

  it('refuses rows that go back in block order', () => {
    const rows: StoredRecord[] = [
      { wallet: ALICE, stream: 'txlist', record: tx({ blockNumber: '5' }) },
      { wallet: ALICE, stream: 'txlist', record: tx({ blockNumber: '4' }) },
    ];
    expect(() => [...groupTransactions(1, rows)]).toThrow(LedgerscanError);
  });

  it('streams: a block is yielded once the next block starts, never reading further', () => {
    let read = 0;
    function* rows(): Generator<StoredRecord> {
      for (let blockNumber = 1; ; blockNumber += 1) {
        for (const index of ['0', '1']) {
          read += 1;
          yield {
            wallet: ALICE,
            stream: 'txlist',
            record: tx({ blockNumber: String(blockNumber), transactionIndex: index, hash: `0x${blockNumber}${index}` }),
          };
        }
      }
    }
    const groups = groupTransactions(1, rows());
    expect(groups.next().value?.blockNumber).toBe(1);
    expect(groups.next().value?.transactionIndex).toBe(1);
    expect(read).toBe(3);
    expect(groups.next().value?.blockNumber).toBe(2);
    expect(read).toBe(5);
  });
});
