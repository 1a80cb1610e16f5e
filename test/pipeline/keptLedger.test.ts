import { describe, expect, it } from '@jest/globals';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { KeptLedger } from '../../src/pipeline/KeptLedger.js';
import type { LedgerJob } from '../../src/pipeline/ledgerFromStore.js';

const JOB: LedgerJob = { wallets: [{ address: '0xaa', label: 'main', chains: null }], labels: {}, spam: { allow: [], deny: [] } };
const CHAINS = [
  { chainId: 10, fromBlock: 0, toBlock: 500 },
  { chainId: 1, fromBlock: 0, toBlock: 900 },
];

/** A read that counts how often it was made; its entries only need to be told apart. */
function countedRead(count: number): { read: () => Iterable<LedgerEntry>; reads: () => number } {
  let reads = 0;
  return {
    read: function* () {
      reads += 1;
      for (let index = 0; index < count; index += 1) yield { seq: index } as unknown as LedgerEntry;
    },
    reads: () => reads,
  };
}

describe('a kept ledger', () => {
  it('hands a read to its end to the same job over the same blocks, and gives it again without reading', () => {
    const kept = new KeptLedger();
    const { read, reads } = countedRead(3);
    const entries = kept.keep(JOB, CHAINS, read);
    expect(kept.entries(JOB, CHAINS)).toBeUndefined();
    const first = [...entries()];
    expect([...entries()]).toEqual(first);
    expect(reads()).toBe(1);
    // The chains' order does not matter: the ledger is merged by time either way.
    expect(kept.entries(JOB, [...CHAINS].reverse())).toEqual(first);
  });

  it('is not handed to another job or other blocks', () => {
    const kept = new KeptLedger();
    const { read } = countedRead(3);
    expect([...kept.keep(JOB, CHAINS, read)()]).toHaveLength(3);
    expect(kept.entries(JOB, [{ chainId: 1, fromBlock: 0, toBlock: 901 }, CHAINS[0]!])).toBeUndefined();
    expect(
      kept.entries(
        {
          ...JOB,
          rules: [
            {
              id: 'r',
              match: { chainId: null, contract: null, counterparty: null, method: null, txHash: '0x1' },
              category: null,
              label: 'x',
              spam: null,
              ignore: false,
            },
          ],
        },
        CHAINS,
      ),
    ).toBeUndefined();
    expect(kept.entries({ ...JOB, labels: { '0xbb': 'exchange' } }, CHAINS)).toBeUndefined();
  });

  it('keeps nothing of a read stopped early or larger than it keeps', () => {
    const kept = new KeptLedger();
    const small = countedRead(3);
    for (const entry of kept.keep(JOB, CHAINS, small.read)()) if (entry !== undefined) break;
    expect(kept.entries(JOB, CHAINS)).toBeUndefined();
    const large = countedRead(50_001);
    const entries = kept.keep(JOB, CHAINS, large.read);
    expect([...entries()]).toHaveLength(50_001);
    expect(kept.entries(JOB, CHAINS)).toBeUndefined();
    expect([...entries()]).toHaveLength(50_001);
    expect(large.reads()).toBe(2);
  });
});
