import { Type } from 'typebox';
import type { MissingPrice } from '../prices/missingPrices.js';
import { MISSING_HEADER, MissingList, missingRecord } from '../prices/missingPrices.js';
import { missingPricesConsumer } from './missingPricesConsumer.js';
import type { Output } from './Output.js';

export const MISSING_PRICES_FILE = 'prices-missing.csv';

const MissingPricesResult = Type.Object({
  file: Type.String(),
  /** Lines of the file: a chain, asset and reason each. */
  assets: Type.Number(),
  /** Rows without a price (a source's state), over those lines: what a price, a later run or a manual one, would value. */
  rows: Type.Number(),
  /** Rows of tokens with unknown decimals, listed too but counted apart: no price values an amount without units. */
  unknownDecimalsRows: Type.Optional(Type.Number()),
});

/**
 * `prices-missing.csv` of a valued export: each chain and non-spam asset some rows have no value for, and why;
 * header only when none. The rows without a price are valuation's list (settled after the first template); the
 * rows of tokens with unknown decimals, never asked, are gathered as the ledger passes.
 */
export const missingPricesOutput: Output<'missingPrices', MissingPrice[], typeof MissingPricesResult> = {
  ...missingPricesConsumer,
  needs: { values: true },
  result: MissingPricesResult,
  merge: (states) => {
    const list = new MissingList();
    for (const state of states) list.addAll(state);
    return list.list();
  },
  async finish(undecided, { missing, files }) {
    const list = new MissingList();
    list.addAll(missing ?? []);
    list.addAll(undecided);
    const lines = list.list();
    const csv = files.csv(MISSING_PRICES_FILE, MISSING_HEADER);
    for (const one of lines) await csv.write(missingRecord(one));
    const count = (rows: readonly MissingPrice[]): number => rows.reduce((sum, one) => sum + one.rows, 0);
    return { file: MISSING_PRICES_FILE, assets: lines.length, rows: count(missing ?? []), unknownDecimalsRows: count(undecided) };
  },
};
