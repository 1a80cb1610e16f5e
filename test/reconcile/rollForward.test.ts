import { describe, expect, it } from '@jest/globals';
import { LedgerscanError } from '../../src/errors/LedgerscanError.js';
import { rollForward } from '../../src/reconcile/rollForward.js';
import { entry, TOKEN, WALLET } from '../support/entry.js';

/** Blocks 100..199 are in the period (timestamps are block × 10). */
const period = { startTime: 1000, endTime: 2000 };
const ETH = 10n ** 18n;

describe('rollForward', () => {
  it('splits native movements into opening, in, out, fees, closing and the all-history total', () => {
    const [bucket, ...others] = rollForward(
      [
        entry({ blockNumber: 10, amountRaw: 5n * ETH }), // opening
        entry({ blockNumber: 20, amountRaw: ETH, direction: 'out' }), // opening
        entry({ blockNumber: 20, amountRaw: 7n, direction: 'out', kind: 'fee', category: 'fee' }), // opening
        entry({ blockNumber: 100, amountRaw: 2n * ETH, kind: 'internal' }), // first second of the period
        entry({ blockNumber: 150, amountRaw: 3n * ETH, direction: 'out' }),
        entry({ blockNumber: 150, amountRaw: 11n, direction: 'out', kind: 'fee', category: 'fee' }),
        entry({ blockNumber: 160, amountRaw: 13n, direction: 'out', kind: 'fee', category: 'failed_fee', status: 'failed' }),
        entry({ blockNumber: 200, amountRaw: ETH }), // first second after the period
      ],
      period,
    );
    expect(others).toEqual([]);
    expect(bucket).toMatchObject({
      key: `1:${WALLET}:native`,
      assetKind: 'native',
      asset: 'ETH',
      assetContract: '',
      decimals: 18,
      opening: 4n * ETH - 7n,
      inflow: 2n * ETH,
      outflow: 3n * ETH,
      fees: 24n,
      closing: 3n * ETH - 31n,
      balance: 4n * ETH - 31n,
      entryCount: 8,
      firstNegativeBlock: null,
    });
  });

  it('keeps one bucket per chain, wallet and asset, and one per NFT token id', () => {
    const other = '0x4444444444444444444444444444444444444444';
    const buckets = rollForward(
      [
        entry({ blockNumber: 110, amountRaw: 1n }),
        entry({ blockNumber: 110, amountRaw: 2n, chainId: 10 }),
        entry({ blockNumber: 110, amountRaw: 3n, wallet: other }),
        entry({ blockNumber: 120, amountRaw: 5n, kind: 'erc20', asset: 'USDC', assetContract: TOKEN, decimals: 6 }),
        entry({ blockNumber: 130, amountRaw: 1n, kind: 'erc721', asset: 'NFT', assetContract: TOKEN, tokenId: '10', decimals: 0 }),
        entry({ blockNumber: 130, amountRaw: 1n, kind: 'erc721', asset: 'NFT', assetContract: TOKEN, tokenId: '9', decimals: 0 }),
        entry({
          blockNumber: 140,
          amountRaw: 1n,
          kind: 'erc721',
          asset: 'NFT',
          assetContract: TOKEN,
          tokenId: '9',
          decimals: 0,
          direction: 'out',
        }),
      ],
      period,
    );
    expect(buckets.map((bucket) => [bucket.key, bucket.balance])).toEqual([
      [`1:${WALLET}:native`, 1n],
      [`1:${WALLET}:${TOKEN}`, 5n],
      [`1:${WALLET}:${TOKEN}#9`, 0n],
      [`1:${WALLET}:${TOKEN}#10`, 1n],
      [`1:${other}:native`, 3n],
      [`10:${WALLET}:native`, 2n],
    ]);
  });

  it('counts a token of unknown decimals in base units and takes decimals from any entry that knows them', () => {
    const unknown = { kind: 'erc20', asset: '', assetContract: TOKEN, decimals: null, note: 'unknown_decimals' } as const;
    const [bucket] = rollForward(
      [
        entry({ blockNumber: 50, amountRaw: 10n ** 30n, ...unknown }),
        entry({ blockNumber: 150, amountRaw: 1n, ...unknown, direction: 'out' }),
      ],
      period,
    );
    expect(bucket).toMatchObject({ decimals: null, asset: '', opening: 10n ** 30n, outflow: 1n, closing: 10n ** 30n - 1n });

    const [known] = rollForward(
      [
        entry({ blockNumber: 50, amountRaw: 1n, ...unknown }),
        entry({ blockNumber: 150, amountRaw: 1n, ...unknown, decimals: 6, asset: 'TKN' }),
      ],
      period,
    );
    expect(known).toMatchObject({ decimals: 6, asset: 'TKN', balance: 2n });
  });

  it('computes spam assets too and sorts them after every other bucket', () => {
    const spamToken = '0x0000000000000000000000000000000000000001';
    const buckets = rollForward(
      [
        entry({
          blockNumber: 110,
          amountRaw: 1000n,
          kind: 'erc20',
          asset: 'CLAIM',
          assetContract: spamToken,
          spam: 'url_in_name',
          chainId: 1,
        }),
        entry({ blockNumber: 110, amountRaw: 1n, chainId: 10 }),
        entry({ blockNumber: 120, amountRaw: 1n, kind: 'erc20', asset: 'USDC', assetContract: TOKEN }),
      ],
      period,
    );
    expect(buckets.map((bucket) => [bucket.chainId, bucket.asset, bucket.spam])).toEqual([
      [1, 'USDC', ''],
      [10, 'ETH', ''],
      [1, 'CLAIM', 'url_in_name'],
    ]);
    expect(buckets[2]?.inflow).toBe(1000n);
  });

  it('keeps a real token that also received poisoning dust with the real holdings, dust first or last', () => {
    for (const [clean, dust] of [
      [110, 120],
      [120, 110],
    ] as const) {
      const entries = [
        entry({ blockNumber: clean, amountRaw: 500n, kind: 'erc20', asset: 'USDC', assetContract: TOKEN }),
        entry({ blockNumber: dust, amountRaw: 1n, kind: 'erc20', asset: 'USDC', assetContract: TOKEN, spam: 'address_poisoning' }),
        entry({
          blockNumber: 130,
          amountRaw: 1000n,
          kind: 'erc20',
          asset: 'CLAIM',
          assetContract: '0x0000000000000000000000000000000000000001',
          spam: 'call_to_action',
        }),
      ].sort((a, b) => a.blockNumber - b.blockNumber);
      const buckets = rollForward(entries, period);
      expect(buckets.map((bucket) => [bucket.asset, bucket.spam, bucket.balance])).toEqual([
        ['USDC', '', 501n],
        ['CLAIM', 'call_to_action', 1000n],
      ]);
    }
  });

  it('gives each job wallet a native bucket even when the ledger has nothing for it', () => {
    const idle = '0x5555555555555555555555555555555555555555';
    const buckets = rollForward([entry({ blockNumber: 110, amountRaw: 4n })], period, [
      { chainId: 1, wallet: WALLET, walletLabel: 'Main' },
      { chainId: 137, wallet: idle, walletLabel: 'Idle' },
    ]);
    expect(buckets.map((bucket) => [bucket.key, bucket.asset, bucket.decimals, bucket.balance, bucket.entryCount])).toEqual([
      [`1:${WALLET}:native`, 'ETH', 18, 4n, 1],
      [`137:${idle}:native`, 'POL', 18, 0n, 0],
    ]);
  });

  it('keeps uint256 amounts exact', () => {
    const max = 2n ** 256n - 1n;
    const [bucket] = rollForward(
      [entry({ blockNumber: 110, amountRaw: max }), entry({ blockNumber: 120, amountRaw: max - 1n, direction: 'out' })],
      period,
    );
    expect(bucket).toMatchObject({ inflow: max, outflow: max - 1n, closing: 1n });
  });

  it('names the first block after which the running balance is negative, but not a dip inside one block', () => {
    const [bucket] = rollForward(
      [
        // Inside block 110 the out is listed first; the block as a whole is fine.
        entry({ blockNumber: 110, amountRaw: 5n, direction: 'out' }),
        entry({ blockNumber: 110, amountRaw: 5n }),
        entry({ blockNumber: 120, amountRaw: 3n, direction: 'out' }),
        entry({ blockNumber: 130, amountRaw: 10n }),
        entry({ blockNumber: 140, amountRaw: 20n, direction: 'out' }),
      ],
      period,
    );
    expect(bucket?.firstNegativeBlock).toBe(120);
  });

  it('refuses entries that go back in blocks, since opening balances would silently be wrong', () => {
    expect(() => rollForward([entry({ blockNumber: 120, amountRaw: 1n }), entry({ blockNumber: 110, amountRaw: 1n })], period)).toThrow(
      LedgerscanError,
    );
  });

  it('takes a generator and puts the entry at startTime inside the period, the one at endTime after it', () => {
    let yielded = 0;
    function* many(): Generator<ReturnType<typeof entry>> {
      for (let block = 1; block <= 10_000; block++) {
        yielded++;
        yield entry({ blockNumber: block, amountRaw: 1n });
      }
    }
    const [bucket] = rollForward(many(), period);
    expect(yielded).toBe(10_000);
    expect(bucket).toMatchObject({ opening: 99n, inflow: 100n, closing: 199n, balance: 10_000n });
  });
});
