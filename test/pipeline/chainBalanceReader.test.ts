import { describe, expect, it } from '@jest/globals';
import { ApiUnsupportedError, DailyLimitError } from '../../src/etherscan/errors.js';
import { chainBalanceReader } from '../../src/pipeline/chainBalanceReader.js';
import type { Holding } from '../../src/templates/Holdings.js';
import { holdingKey } from '../../src/templates/Holdings.js';

function holding(chainId: number, wallet: string, assetContract: string): Holding {
  return {
    key: holdingKey(chainId, wallet, assetContract),
    ref: { chainId, wallet, kind: assetContract === '' ? 'native' : 'erc20', contract: assetContract, tokenId: '' },
    chainId,
    wallet,
    walletLabel: '',
    leg: {
      chainId,
      kind: assetContract === '' ? 'native' : 'erc20',
      asset: 'X',
      assetContract,
      tokenId: '',
      decimals: 18,
      amountRaw: 0n,
      category: 'transfer',
      spam: '',
    },
    balance: 0n,
  };
}

/** The historical endpoints as an explorer without API Pro answers them: refused, per call counted. */
function refusingApi(error: Error): { calls: string[]; balanceHistory: () => Promise<string>; tokenBalanceHistory: () => Promise<string> } {
  const calls: string[] = [];
  return {
    calls,
    balanceHistory: () => {
      calls.push('balancehistory');
      return Promise.reject(error);
    },
    tokenBalanceHistory: () => {
      calls.push('tokenbalancehistory');
      return Promise.resolve('1500');
    },
  };
}

describe('chainBalanceReader', () => {
  it('marks a refused endpoint unavailable on its chain after one call, and keeps reading the others', async () => {
    const api = refusingApi(
      new ApiUnsupportedError('plan', 'Sorry, it looks like you are trying to access an API Pro endpoint.', {
        request: 'account.balancehistory',
      }),
    );
    const read = chainBalanceReader(api);
    const first = await read(holding(1, '0xa', ''), 100);
    const second = await read(holding(1, '0xb', ''), 100);
    expect(first).toEqual({ unavailable: expect.stringMatching(/^balancehistory: the API does not serve account\.balancehistory: Sorry/) });
    expect(second).toEqual(first);
    expect(await read(holding(1, '0xa', '0xt'), 100)).toEqual({ value: 1500n });
    // The same holding at the same block is asked once, whatever the number of journals.
    expect(await read(holding(1, '0xa', '0xt'), 100)).toEqual({ value: 1500n });
    expect(api.calls).toEqual(['balancehistory', 'tokenbalancehistory']);
  });

  it('stops the run on the daily limit instead of writing a journal without the chain', async () => {
    const read = chainBalanceReader(refusingApi(new DailyLimitError('Max daily rate limit reached', new Date())));
    await expect(read(holding(1, '0xa', ''), 100)).rejects.toBeInstanceOf(DailyLimitError);
  });
});
