import { type BalanceSeries, BalanceSeriesTally } from '../holdings/balanceSeries.js';
import type { OutputConsumerSource } from './Output.js';

/** A part's lines, each with the entry that opened it: lines of several parts sort by it. */
export type SeriesState = { first: { timestamp: number; chainId: number }; line: BalanceSeries }[];

/**
 * What `balanceSeriesOutput` gathers as the ledger passes: each wallet's, chain's and asset's balance line. Apart from
 * the output, so a part's thread loads no result schema.
 */
export const balanceSeriesConsumer: OutputConsumerSource<'balanceSeries', SeriesState> = {
  name: 'balanceSeries',
  module: import.meta.url,
  consumer() {
    const tally = new BalanceSeriesTally();
    return { add: (entry) => tally.add(entry), state: () => tally.lines() };
  },
};
