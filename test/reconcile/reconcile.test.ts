import { describe, expect, it } from '@jest/globals';
import type { ReconcileApi } from '../../src/reconcile/reconcile.js';
import { reconcile } from '../../src/reconcile/reconcile.js';
import { entry, TOKEN } from './entry.js';

const SPAM = '0x0000000000000000000000000000000000000009';
const entries = [
  entry({ blockNumber: 110, amountRaw: 100n }),
  entry({ blockNumber: 120, amountRaw: 7n, kind: 'erc20', asset: 'USDC', assetContract: TOKEN, decimals: 6 }),
  entry({ blockNumber: 130, amountRaw: 5n, kind: 'erc20', asset: 'CLAIM', assetContract: SPAM, decimals: 0, spam: 'url_in_name' }),
];

/**
 * A chain (a plain object standing in for the API's four balance calls) where 3 wei arrived at block 150,
 * after the synced block 140, and the spam token reports a balance its transfers never explain.
 */
function chainWithLateDeposit(calls: string[]): ReconcileApi {
  const native = (block: number): bigint => 100n + (block >= 150 ? 3n : 0n);
  return {
    balance: () => Promise.resolve(native(160).toString()),
    tokenBalance: (_chainId, contract) => Promise.resolve(contract === SPAM ? '1000000' : '7'),
    balanceHistory: (_chainId, _address, block) => {
      calls.push(`balanceHistory ${block}`);
      return Promise.resolve(native(block).toString());
    },
    tokenBalanceHistory: (_chainId, contract, _address, block) => {
      calls.push(`tokenBalanceHistory ${contract} ${block}`);
      return Promise.resolve('0');
    },
  };
}

describe('reconcile', () => {
  it('tells a difference from blocks after the synced one apart from a ledger error, and never searches spam', async () => {
    const calls: string[] = [];
    const result = await reconcile({
      api: chainWithLateDeposit(calls),
      entries: () => entries,
      period: { startTime: 0, endTime: 10_000 },
      syncedBlockByChain: new Map([[1, 140]]),
      historical: 'auto',
    });
    expect(result.buckets.map((row) => [row.bucket.asset, row.status, row.difference])).toEqual([
      ['ETH', 'differs', -3n],
      ['USDC', 'match', 0n],
      ['CLAIM', 'differs', 5n - 1_000_000n],
    ]);
    expect(calls).toEqual(['balanceHistory 140']);
    expect(result.buckets[0]?.divergence).toBeNull();
    expect(result.buckets[0]?.hint).toMatch(/agrees with the ledger at the synced block 140.*sync to the head again/);
    expect(result).toMatchObject({ historical: 'used', historicalCalls: 1, allMatch: false });
  });

  it('counts spam differences apart: they alone do not fail the run', async () => {
    const calls: string[] = [];
    const result = await reconcile({
      api: chainWithLateDeposit(calls),
      entries: () => entries,
      period: { startTime: 0, endTime: 10_000 },
      syncedBlockByChain: new Map([[1, 140]]),
      historical: 'off',
    });
    expect(result.historical).toBe('off');
    expect(calls).toEqual([]);
    const withoutLateDeposit = await reconcile({
      api: { ...chainWithLateDeposit(calls), balance: () => Promise.resolve('100') },
      entries: () => entries,
      period: { startTime: 0, endTime: 10_000 },
      syncedBlockByChain: new Map([[1, 140]]),
      historical: 'auto',
    });
    expect(withoutLateDeposit).toMatchObject({ allMatch: true, historical: 'not-needed' });
    expect(withoutLateDeposit.buckets[2]?.status).toBe('differs');
  });
});
