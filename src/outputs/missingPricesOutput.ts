import { Type } from 'typebox';
import { MISSING_HEADER, missingRecord } from '../prices/missingPrices.js';
import type { Output } from './Output.js';

export const MISSING_PRICES_FILE = 'prices-missing.csv';

const MissingPricesResult = Type.Object({
  file: Type.String(),
  /** Lines of the file: a chain, asset and reason each. */
  assets: Type.Number(),
  /** Rows without a value, over every line. */
  rows: Type.Number(),
});

/**
 * `prices-missing.csv` of a valued export: each chain and asset some rows have no value for, and why; header only
 * when none. The list is valuation's (settled after the first template), so the consumer gathers nothing.
 */
export const missingPricesOutput: Output<'missingPrices', null, typeof MissingPricesResult> = {
  name: 'missingPrices',
  module: import.meta.url,
  needs: { values: true },
  result: MissingPricesResult,
  consumer: () => ({ add: () => undefined, state: () => null }),
  merge: () => null,
  async finish(_state, { missing, files }) {
    const list = missing ?? [];
    const csv = files.csv(MISSING_PRICES_FILE, MISSING_HEADER);
    for (const one of list) await csv.write(missingRecord(one));
    return { file: MISSING_PRICES_FILE, assets: list.length, rows: list.reduce((sum, one) => sum + one.rows, 0) };
  },
};
