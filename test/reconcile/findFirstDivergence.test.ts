import { describe, expect, it } from '@jest/globals';
import type { BalancePoint } from '../../src/reconcile/findFirstDivergence.js';
import { findFirstDivergence } from '../../src/reconcile/findFirstDivergence.js';

interface Movement {
  block: number;
  amount: bigint;
  tx: string;
}

/** 200 movements, one every 1000 blocks from block 5000 on, alternating in and out. */
const history: Movement[] = Array.from({ length: 200 }, (_, index) => ({
  block: 5000 + index * 1000,
  amount: index % 3 === 2 ? -7n : 10n,
  tx: `0xtx${index}`,
}));
const syncedBlock = 300_000;

/** The chain: every movement counts. */
function chain(movements: readonly Movement[]): { balanceAt: (block: number) => Promise<bigint>; calls: () => number } {
  let calls = 0;
  return {
    balanceAt: (block) => {
      calls++;
      return Promise.resolve(movements.filter((movement) => movement.block <= block).reduce((sum, movement) => sum + movement.amount, 0n));
    },
    calls: () => calls,
  };
}

/** The ledger's points: one per block with a movement, then the synced block. */
function points(movements: readonly Movement[]): BalancePoint[] {
  const list: BalancePoint[] = [];
  let running = 0n;
  for (const movement of movements) {
    running += movement.amount;
    list.push({ block: movement.block, ledger: running, txHashes: [movement.tx] });
  }
  list.push({ block: syncedBlock, ledger: running, txHashes: [] });
  return list;
}

/** The first check, a binary search over the points, then one over the blocks between the two points around the gap. */
function maxCalls(ledger: readonly BalancePoint[], block: number): number {
  const after = ledger.findIndex((point) => point.block >= block);
  const before = after === 0 ? -1 : (ledger[after - 1] as BalancePoint).block;
  const gap = (ledger[after] as BalancePoint).block - before;
  return 1 + Math.ceil(Math.log2(ledger.length)) + Math.ceil(Math.log2(gap));
}

describe('findFirstDivergence', () => {
  it('returns null after one call when the chain agrees at the synced block', async () => {
    const fake = chain(history);
    expect(await findFirstDivergence(points(history), fake.balanceAt)).toBeNull();
    expect(fake.calls()).toBe(1);
  });

  it('finds the exact block of a record missing from the ledger, wherever it is, in O(log n) calls', async () => {
    for (const missing of [0, 1, 57, 100, 198, 199]) {
      const fake = chain(history);
      const ledger = history.filter((_, index) => index !== missing);
      const ledgerPoints = points(ledger);
      const found = await findFirstDivergence(ledgerPoints, fake.balanceAt);
      const block = (history[missing] as Movement).block;
      expect(found).toMatchObject({ block, lastAgreeingBlock: block - 1, txHashes: [] });
      expect(found !== null && found.ledgerBalance - found.chainBalance).toBe(-(history[missing] as Movement).amount);
      expect(fake.calls()).toBeLessThanOrEqual(maxCalls(ledgerPoints, block));
      expect(found?.calls).toBe(fake.calls());
    }
  });

  it('names the transaction when the ledger has the block but a wrong amount in it', async () => {
    const wrong = history.map((movement, index) => (index === 120 ? { ...movement, amount: movement.amount + 1n } : movement));
    const found = await findFirstDivergence(points(wrong), chain(history).balanceAt);
    expect(found).toMatchObject({ block: (history[120] as Movement).block, txHashes: ['0xtx120'] });
    expect(found !== null && found.ledgerBalance - found.chainBalance).toBe(1n);
  });

  it('finds a record missing after the last ledger change, before the synced block', async () => {
    const late = [...history, { block: 290_123, amount: 5n, tx: '0xlate' }];
    const found = await findFirstDivergence(points(history), chain(late).balanceAt);
    expect(found).toMatchObject({ block: 290_123, lastAgreeingBlock: 290_122, txHashes: [] });
  });

  it('reports block 0 with no agreeing block when the chain differs from the start', async () => {
    const genesis = [{ block: 0, amount: 1n, tx: 'GENESIS' }, ...history];
    const found = await findFirstDivergence(points(history), chain(genesis).balanceAt);
    expect(found).toMatchObject({ block: 0, lastAgreeingBlock: null });
  });

  it('has nothing to search without points', async () => {
    expect(await findFirstDivergence([], () => Promise.reject(new Error('must not be called')))).toBeNull();
  });
});
