import { formatUnits } from '../../ledger/money.js';
import type { EntryTotal } from './BookEntries.js';
import type { EntryRow } from './entryTables.js';

type AmountRow = Pick<EntryRow, 'chain_id' | 'asset' | 'asset_contract' | 'direction' | 'amount_raw' | 'decimals'>;

/**
 * Per asset (chain, contract, symbol and decimals: an unknown-decimals token apart), the units moved in and out,
 * summed in base units as integers and formatted once: exact whatever the amounts, on either database.
 */
export async function sumTotals(chunks: AsyncIterable<readonly AmountRow[]>): Promise<EntryTotal[]> {
  const sums = new Map<string, { row: AmountRow; entries: number; in: bigint; out: bigint }>();
  for await (const rows of chunks) {
    for (const row of rows) {
      const key = `${row.chain_id}|${row.asset_contract}|${row.asset}|${row.decimals ?? ''}`;
      let sum = sums.get(key);
      if (sum === undefined) sums.set(key, (sum = { row, entries: 0, in: 0n, out: 0n }));
      sum.entries += 1;
      if (row.direction === 'in') sum.in += BigInt(row.amount_raw);
      else sum.out += BigInt(row.amount_raw);
    }
  }
  const units = (raw: bigint, decimals: number | null): string => (decimals === null ? raw.toString() : formatUnits(raw, decimals));
  return [...sums.values()].map(({ row, entries, in: received, out: sent }) => ({
    chainId: Number(row.chain_id),
    asset: row.asset,
    assetContract: row.asset_contract,
    entries,
    in: units(received, row.decimals),
    out: units(sent, row.decimals),
  }));
}
