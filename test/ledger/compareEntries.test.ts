import { describe, expect, it } from '@jest/globals';
import { compareEntries, mergeSorted } from '../../src/ledger/compareEntries.js';

const base = { timestamp: 100, chainId: 1, blockNumber: 10, transactionIndex: 2, txHash: '0xbb', order: 1 };

describe('compareEntries', () => {
  it.each([
    ['timestamp', { timestamp: 99, chainId: 10 }],
    ['chain at equal time', { chainId: 0, blockNumber: 99 }],
    ['block', { blockNumber: 9, transactionIndex: 9 }],
    ['transaction index (internal-only txs are -1)', { transactionIndex: -1, txHash: '0xff' }],
    ['hash between internal-only txs', { txHash: '0xaa', order: 9 }],
    ['order inside the tx', { order: 0 }],
  ])('%s decides first', (_field, earlier) => {
    const first = { ...base, ...earlier };
    expect(compareEntries(first, base)).toBeLessThan(0);
    expect(compareEntries(base, first)).toBeGreaterThan(0);
    expect(compareEntries(base, { ...base })).toBe(0);
  });
});

describe('mergeSorted', () => {
  it('merges ascending streams into one ascending stream, ties to the earlier stream', () => {
    const merged = [
      ...mergeSorted<{ value: number; source: number }>(
        [[1, 4, 4, 9], [], [2, 4, 10], [0]].map((values, source) => values.map((value) => ({ value, source }))),
        (a, b) => a.value - b.value,
      ),
    ];
    expect(merged.map(({ value, source }) => `${value}/${source}`)).toEqual(['0/3', '1/0', '2/2', '4/0', '4/0', '4/2', '9/0', '10/2']);
  });

  it('is lazy: endless streams can be merged and read partly', () => {
    function* multiples(step: number): Generator<number> {
      for (let value = step; ; value += step) yield value;
    }
    const merged = mergeSorted<number>([multiples(3), multiples(5), multiples(7)], (a, b) => a - b);
    const first: number[] = [];
    for (const value of merged) {
      if (first.length === 8) break;
      first.push(value);
    }
    expect(first).toEqual([3, 5, 6, 7, 9, 10, 12, 14]);
  });

  it('orders entries of several chains by the ledger order', () => {
    const chain1 = [
      { ...base, timestamp: 1 },
      { ...base, timestamp: 5 },
    ];
    const chain10 = [
      { ...base, chainId: 10, timestamp: 1 },
      { ...base, chainId: 10, timestamp: 3 },
    ];
    type Entry = (typeof chain1)[number];
    const merged = [...mergeSorted<Entry>([chain10, chain1], compareEntries)];
    expect(merged.map((entry) => `${entry.timestamp}@${entry.chainId}`)).toEqual(['1@1', '1@10', '3@10', '5@1']);
  });
});
