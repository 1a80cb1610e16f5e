import type { PriceAnswer } from './PriceAnswer.js';
import type { PriceQuery } from './PriceQuery.js';
import type { PricedAsset } from './priceQueryOf.js';
import { priceQueryOf } from './priceQueryOf.js';
import { valueOf } from './valueOf.js';
import { writtenOf } from './writtenPrice.js';

/** What rendering needs of a prepared oracle: the book's currency and one row's answer. */
export interface RowPrices {
  currency: string;
  priceAt(query: PriceQuery): PriceAnswer;
}

/** One movement valued: the answer's price with `value` filled, or an empty value and the reason (never 0). */
export type LegValue =
  | {
      valued: true;
      value: string;
      /** The value in minor units, for totals (`MinorValue`'s). */ units: number | bigint;
      answer: Extract<PriceAnswer, { found: true }>;
    }
  | { valued: false; value: ''; state: string };

/**
 * `amount × price` of one movement at its row's time, labelled with the answer's own currency (never a USD value
 * under another label); spam and unknown decimals are never asked.
 */
export function valueLeg(prices: RowPrices, asset: PricedAsset, amountRaw: bigint, time: number): LegValue {
  const query = priceQueryOf(asset, time);
  if (typeof query === 'string') return { valued: false, value: '', state: query };
  const answer = prices.priceAt(query);
  if (!answer.found) return { valued: false, value: '', state: answer.state };
  const { units, text } = valueOf(amountRaw, asset.decimals as number, writtenOf(answer), answer.currency);
  return { valued: true, value: text, units, answer };
}
