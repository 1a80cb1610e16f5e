import { describe, expect, it } from '@jest/globals';
import type { Instant } from '../../src/config/parseInstant.js';
import { ApiUnsupportedError } from '../../src/etherscan/errors.js';
import { balancesAt, type BalanceCheckApi } from '../../src/reconcile/balancesAt.js';
import { entry, TOKEN, WALLET } from '../support/entry.js';

/** A chain that answers historical balances from a table per (asset, block), counting the calls. */
function chainWith(balances: Record<string, bigint>): BalanceCheckApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    balanceHistory: (_chainId, _address, block) => {
      calls.push(`native@${block}`);
      return Promise.resolve(String(balances[`native@${block}`] ?? 0n));
    },
    tokenBalanceHistory: (_chainId, contract, _address, block) => {
      calls.push(`${contract}@${block}`);
      return Promise.resolve(String(balances[`${contract}@${block}`] ?? 0n));
    },
  };
}

// entry() stamps block n at time 10 n.
const ledger = [
  entry({ blockNumber: 10, amountRaw: 5_000n }),
  entry({ blockNumber: 11, amountRaw: 700n, kind: 'erc20', asset: 'USDC', assetContract: TOKEN, decimals: 6 }),
  entry({ blockNumber: 12, amountRaw: 1_000n, direction: 'out' }),
  entry({ blockNumber: 20, amountRaw: 9_999n }),
];
// Time 120: blocks up to 12 count, block 20 does not.
const at: Instant = { time: 120, utc: '1970-01-01T00:02:00Z', local: '1970-01-01T00:02:00+00:00' };
const wallets = [{ chainId: 1, wallet: WALLET, walletLabel: 'Main' }];

describe('balancesAt', () => {
  it('holds every entry up to the instant and none after, and matches a chain that agrees', async () => {
    const api = chainWith({ 'native@12': 4_000n, [`${TOKEN}@12`]: 700n });
    const result = await balancesAt({ api, entries: ledger, at, wallets, blockByChain: new Map([[1, 12]]), check: 'auto' });
    expect(result.rows.map((row) => [row.bucket.asset, row.balance, row.status])).toEqual([
      ['ETH', 4_000n, 'match'],
      ['USDC', 700n, 'match'],
    ]);
    expect(result).toMatchObject({ allMatch: true, check: 'done', historicalCalls: 2 });
    expect(api.calls).toEqual(['native@12', `${TOKEN}@12`]);
  });

  it('reports the signed difference where the chain disagrees', async () => {
    const api = chainWith({ 'native@12': 4_001n, [`${TOKEN}@12`]: 700n });
    const result = await balancesAt({ api, entries: ledger, at, wallets, blockByChain: new Map([[1, 12]]), check: 'auto' });
    expect(result.allMatch).toBe(false);
    expect(result.rows[0]).toMatchObject({ status: 'differs', chainBalance: 4_001n, difference: -1n });
  });

  it('does not check spam or NFTs, and stops checking once the plan refuses historical balances', async () => {
    const entries = [
      ...ledger.slice(0, 3),
      entry({ blockNumber: 12, amountRaw: 1n, kind: 'erc721', asset: 'PUNK', assetContract: TOKEN, tokenId: '7', order: 1 }),
      entry({
        blockNumber: 12,
        amountRaw: 10n ** 30n,
        kind: 'erc20',
        asset: 'FAKE',
        assetContract: '0x4444444444444444444444444444444444444444',
        spam: 'unsolicited',
        order: 2,
      }),
    ];
    const refusing: BalanceCheckApi = {
      balanceHistory: () =>
        Promise.reject(
          new ApiUnsupportedError('plan', 'Sorry, it looks like you are trying to access an API Pro endpoint.', {
            request: 'account.balancehistory',
          }),
        ),
      tokenBalanceHistory: () => Promise.reject(new Error('not reached')),
    };
    const result = await balancesAt({ api: refusing, entries, at, wallets, blockByChain: new Map([[1, 12]]), check: 'auto' });
    expect(result.check).toBe('unavailable');
    const refused =
      'historical balances unavailable: the API does not serve account.balancehistory: Sorry, it looks like you are trying to access an API Pro endpoint.';
    expect(result.rows.map((row) => [row.bucket.asset, row.status, row.note])).toEqual([
      ['ETH', 'unchecked', refused],
      ['USDC', 'unchecked', refused],
      ['PUNK', 'unchecked', refused],
      ['FAKE', 'unchecked', refused],
    ]);
    const checked = await balancesAt({
      api: chainWith({ 'native@12': 4_000n, [`${TOKEN}@12`]: 700n }),
      entries,
      at,
      wallets,
      blockByChain: new Map([[1, 12]]),
      check: 'auto',
    });
    expect(checked.rows.map((row) => [row.bucket.asset, row.status, row.note])).toEqual([
      ['ETH', 'match', ''],
      ['USDC', 'match', ''],
      ['PUNK', 'unchecked', 'the API has no historical balance for NFTs'],
      ['FAKE', 'unchecked', 'spam: not checked'],
    ]);
  });
});
