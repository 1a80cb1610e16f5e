import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Instant } from '../../src/config/parseInstant.js';
import { Decimal } from '../../src/ledger/money.js';
import { writeBalancesReport } from '../../src/pipeline/balancesReport.js';
import { pricedBucket } from '../../src/pipeline/valueHoldings.js';
import type { PriceAnswer } from '../../src/prices/PriceAnswer.js';
import type { PriceQuery } from '../../src/prices/PriceQuery.js';
import { valueLeg } from '../../src/prices/valueLeg.js';
import { balancesAt } from '../../src/reconcile/balancesAt.js';
import { entry, TOKEN, WALLET } from '../support/entry.js';

const SPAM = '0x4444444444444444444444444444444444444444';
const ledger = [
  entry({ blockNumber: 10, amountRaw: 1_500000000000000000n }),
  entry({ blockNumber: 11, amountRaw: 700_000000n, kind: 'erc20', asset: 'USDC', assetContract: TOKEN, decimals: 6 }),
  entry({ blockNumber: 12, amountRaw: 9n, kind: 'erc20', asset: 'CLAIM', assetContract: SPAM, decimals: 0, spam: 'call to action' }),
];
const at: Instant = { time: 120, utc: '1970-01-01T00:02:00Z', local: '1970-01-01T00:02:00+00:00' };

describe('balances at an instant, valued', () => {
  it('adds each balance’s value at the instant: exact to the cent, spam never asked, a missing price empty with its state', async () => {
    const result = await balancesAt({
      api: {
        balanceHistory: () => Promise.reject(new Error('not asked')),
        tokenBalanceHistory: () => Promise.reject(new Error('not asked')),
      },
      entries: ledger,
      at,
      wallets: [{ chainId: 1, wallet: WALLET, walletLabel: 'Main' }],
      blockByChain: new Map([[1, 12]]),
      check: 'off',
    });
    const asked: PriceQuery[] = [];
    const prices = {
      currency: 'EUR',
      priceAt: (query: PriceQuery): PriceAnswer => {
        asked.push(query);
        return query.asset === 'native'
          ? {
              found: true,
              price: new Decimal('2010.6').div('1.0961'),
              currency: 'EUR',
              time: 100,
              source: 'defillama',
              fx: { usdPerEur: '1.0961', date: '1970-01-01', usd: new Decimal('2010.6') },
            }
          : { found: false, state: 'source failed' };
      },
    };
    const values = result.rows.map(({ bucket, balance }) => valueLeg(prices, pricedBucket(bucket), balance, at.time));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-valued-balances-'));
    try {
      const { csvPath } = await writeBalancesReport(result, dir, 'balances.csv', values);
      const [header, ...rows] = readFileSync(csvPath, 'utf8').trim().split('\n');
      expect(header).toMatch(/,note,price,price_currency,price_time,price_source,fx_rate,fx_date,value,value_state$/);
      // 1.5 × 2010.6 ÷ 1.0961 = 2751.482… → 2751.48 from the exact quotient; the price written to 15 digits, the ECB's
      // rate as published (USD per EUR) and its date in their own columns, the source a short name.
      expect(rows.find((row) => row.includes(',native,'))).toMatch(
        /,1834\.32168597756,EUR,1970-01-01T00:01:40Z,defillama,1\.0961,1970-01-01,2751\.48,$/,
      );
      expect(rows.find((row) => row.includes(TOKEN))).toMatch(/,,,,,,,,source failed$/);
      expect(rows.find((row) => row.includes(SPAM))).toMatch(/,,,,,,,,spam$/);
      expect(asked.map((query) => query.asset).sort()).toEqual([TOKEN, 'native']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
