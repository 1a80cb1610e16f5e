import type { GainRow, IncomeRow } from '../../src/costbasis/BasisReport.js';
import { Decimal } from '../../src/ledger/money.js';

/** One ETH sold by wallet `0xw` on chain 1 from lot `a1`, a trade under fifo; a test names the figures it is about. */
export function gainRow(over: Partial<GainRow>): GainRow {
  return {
    entryId: 'e1',
    lotId: 'a1',
    txHash: '0xaa',
    chainId: 1,
    wallet: '0xw',
    asset: 'ETH',
    assetContract: '',
    quantity: 10n ** 18n,
    decimals: 18,
    acquiredAt: 1_700_000_000,
    soldAt: 1_735_689_600,
    proceeds: new Decimal(0),
    sellingCosts: new Decimal(0),
    costBasis: new Decimal(0),
    gain: new Decimal(0),
    term: 'short',
    kind: 'trade',
    method: 'fifo',
    flags: [],
    ...over,
  };
}

/** One wei of ETH received as a staking reward by wallet `0xw` on chain 1, its value unknown unless given. */
export function incomeRow(over: Partial<IncomeRow>): IncomeRow {
  return {
    entryId: 'i1',
    timestamp: 1_735_689_600,
    txHash: '0xbb',
    chainId: 1,
    wallet: '0xw',
    asset: 'ETH',
    assetContract: '',
    quantity: 1n,
    decimals: 18,
    category: 'staking_reward',
    price: null,
    priceSource: '',
    value: null,
    ...over,
  };
}
