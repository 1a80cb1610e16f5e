import { describe, expect, it } from '@jest/globals';
import { ApiUnavailableError, ApiUnsupportedError, DailyLimitError } from '../../src/etherscan/errors.js';
import type { ReconcileApi } from '../../src/reconcile/reconcile.js';
import { reconcile } from '../../src/reconcile/reconcile.js';
import { entry, TOKEN, WALLET } from '../support/entry.js';

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
    balanceMulti: (_chainId, addresses) => Promise.resolve(new Map(addresses.map((address) => [address, native(160).toString()]))),
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

  it('marks each refused balance action unavailable once per chain and goes on; a daily limit still stops the run', async () => {
    const OTHER = '0x00000000000000000000000000000000000000b2';
    const unknownAction = (request: string): ApiUnsupportedError =>
      new ApiUnsupportedError('unknown-action', 'Error! Missing Or invalid Action name', { request });
    const calls: string[] = [];
    const explorer: ReconcileApi = {
      ...chainWithLateDeposit(calls),
      balanceMulti: () => {
        calls.push('balanceMulti');
        return Promise.reject(unknownAction('account.balancemulti'));
      },
      balance: (_chainId, address) => {
        calls.push(`balance ${address}`);
        return Promise.resolve(address === WALLET ? '103' : '0');
      },
      tokenBalance: () => {
        calls.push('tokenBalance');
        return Promise.reject(new ApiUnavailableError(9, 'html', 'html: HTTP 200 HTML page: Just a moment...'));
      },
      balanceHistory: () => {
        calls.push('balanceHistory');
        return Promise.reject(unknownAction('account.balancehistory'));
      },
    };
    const result = await reconcile({
      api: explorer,
      entries: () => entries,
      period: { startTime: 0, endTime: 10_000 },
      syncedBlockByChain: new Map([[1, 140]]),
      historical: 'auto',
      wallets: [{ chainId: 1, wallet: OTHER, walletLabel: 'Other' }],
    });
    expect(result.buckets.map((row) => [row.bucket.wallet, row.bucket.asset, row.status, row.chainBalance])).toEqual([
      [OTHER, 'ETH', 'match', 0n],
      [WALLET, 'ETH', 'differs', 103n],
      [WALLET, 'USDC', 'no-chain-balance', null],
      [WALLET, 'CLAIM', 'no-chain-balance', null],
    ]);
    expect(result.buckets[2]?.hint).toMatch(/does not serve tokenbalance/);
    // One refused call per action and chain: the second token is not asked for, nor balancemulti again.
    expect(calls.filter((call) => call === 'balanceMulti' || call === 'tokenBalance' || call === 'balanceHistory')).toEqual([
      'balanceMulti',
      'tokenBalance',
      'balanceHistory',
    ]);
    expect(calls.filter((call) => call.startsWith('balance 0x')).sort()).toEqual([`balance ${OTHER}`, `balance ${WALLET}`]);
    expect(result.historical).toBe('unavailable');
    expect(result.unavailable).toEqual([
      {
        feature: 'balancehistory',
        chainId: 1,
        reason: 'the API does not serve account.balancehistory: Error! Missing Or invalid Action name',
      },
      { feature: 'balancemulti', chainId: 1, reason: 'the API does not serve account.balancemulti: Error! Missing Or invalid Action name' },
      {
        feature: 'tokenbalance',
        chainId: 1,
        reason: 'the API did not answer usefully after 9 attempts: html: HTTP 200 HTML page: Just a moment...',
      },
    ]);

    const quotaGone = { ...explorer, tokenBalance: () => Promise.reject(new DailyLimitError('Max daily rate limit reached', new Date())) };
    await expect(
      reconcile({
        api: quotaGone,
        entries: () => entries,
        period: { startTime: 0, endTime: 10_000 },
        syncedBlockByChain: new Map([[1, 140]]),
        historical: 'auto',
      }),
    ).rejects.toBeInstanceOf(DailyLimitError);
  });
});
