import { Decimal, formatUnits } from '../../ledger/money.js';
import type { EntryTotal, EntryTotals } from './BookEntries.js';
import type { EntryRow } from './entryTables.js';
import { minorUnits } from '../../prices/minorUnits.js';

type AmountRow = Pick<
  EntryRow,
  'chain_id' | 'asset' | 'asset_contract' | 'direction' | 'amount_raw' | 'decimals' | 'spam' | 'value' | 'value_currency'
>;

/**
 * Per asset (chain, contract, symbol and decimals: an unknown-decimals token apart), the units moved in and out,
 * summed in base units as integers and formatted once: exact whatever the amounts, on either database. Beside
 * them the view's value in and out, exact, when its valued entries share one currency.
 */
export async function sumTotals(chunks: AsyncIterable<readonly AmountRow[]>): Promise<EntryTotals> {
  const sums = new Map<string, { row: AmountRow; entries: number; in: bigint; out: bigint }>();
  const values = new Map<string, { in: Decimal; out: Decimal; valued: number }>();
  const unvalued = { withoutPrice: 0, unknownDecimals: 0, spam: 0 };
  for await (const rows of chunks) {
    for (const row of rows) {
      const key = `${row.chain_id}|${row.asset_contract}|${row.asset}|${row.decimals ?? ''}`;
      let sum = sums.get(key);
      if (sum === undefined) sums.set(key, (sum = { row, entries: 0, in: 0n, out: 0n }));
      sum.entries += 1;
      if (row.direction === 'in') sum.in += BigInt(row.amount_raw);
      else sum.out += BigInt(row.amount_raw);
      if (row.value === '') {
        // Why, as the run names it: spam is never valued, an amount of unknown decimals has no units, else no price.
        if (Number(row.spam) !== 0) unvalued.spam += 1;
        else if (row.decimals === null) unvalued.unknownDecimals += 1;
        else unvalued.withoutPrice += 1;
        continue;
      }
      let value = values.get(row.value_currency);
      if (value === undefined) values.set(row.value_currency, (value = { in: new Decimal(0), out: new Decimal(0), valued: 0 }));
      value.valued += 1;
      if (row.direction === 'in') value.in = value.in.plus(row.value);
      else value.out = value.out.plus(row.value);
    }
  }
  const units = (raw: bigint, decimals: number | null): string => (decimals === null ? raw.toString() : formatUnits(raw, decimals));
  const assets = [...sums.values()].map(({ row, entries, in: received, out: sent }): EntryTotal => ({
    chainId: Number(row.chain_id),
    asset: row.asset,
    assetContract: row.asset_contract,
    entries,
    in: units(received, row.decimals),
    out: units(sent, row.decimals),
  }));
  const [only] = values.size === 1 ? [...values] : [];
  if (only === undefined) return { assets, value: null };
  const [currency, sum] = only;
  // Each value is written in the currency's minor unit, so the sums are exact at it.
  return {
    assets,
    value: {
      currency,
      in: sum.in.toFixed(minorUnits(currency)),
      out: sum.out.toFixed(minorUnits(currency)),
      valued: sum.valued,
      unvalued: unvalued.withoutPrice + unvalued.unknownDecimals + unvalued.spam,
      ...unvalued,
    },
  };
}
