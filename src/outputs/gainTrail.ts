import type { GainRow } from '../costbasis/BasisReport.js';
import { Decimal, formatUnits } from '../ledger/money.js';
import { moneyText } from './moneyText.js';

/** What a trail shows of the leg that acquired a lot (a `BasisLeg` is one). */
export interface TrailAcquisition {
  entryId: string;
  txHash: string;
  /** Unix seconds. */
  timestamp: number;
  category: string;
  amountRaw: bigint;
  decimals: number | null;
  /** Book currency, exact; `null` when unknown. */
  value: Decimal | null;
}

/** One lot piece a disposal took, with the arithmetic that gave its cost. */
export interface TrailPiece {
  row: GainRow;
  /** The quantity taken, in whole units. */
  taken: string;
  /**
   * Where its cost came from: a lot some entry acquired, an opening lot (no entry acquired it), the pool's average
   * cost (`average`, `uk`'s pool), or none (`missing_acquisition`: more than the pool held).
   */
  source: 'lot' | 'opening' | 'average' | 'missing';
  /** For `lot`: the acquiring leg, the lot's whole quantity and cost (cost = lot cost × taken ÷ lot quantity). */
  lot?: { acquired: TrailAcquisition; quantity: string; cost: Decimal | null; carriedFees: boolean };
}

/** A disposal's trail: its pieces and their sums (`null` where one piece's figure is unknown). */
export interface GainTrailSteps {
  quantity: string;
  proceeds: Decimal | null;
  sellingCosts: Decimal | null;
  costBasis: Decimal | null;
  gain: Decimal | null;
  pieces: TrailPiece[];
}

/**
 * The arithmetic of one disposal from its rows of `gains.csv` and the legs that acquired its lots: what
 * `ledgerscan gains --explain` prints and the workspace's lot trail shows. A lot's whole cost is worked back from the
 * piece (what the pool split pro rata: the entry's value plus a fee it carried).
 */
export function gainTrailSteps(
  rows: readonly GainRow[],
  acquisitions: ReadonlyMap<string, TrailAcquisition>,
  currency: string,
): GainTrailSteps {
  const decimals = rows[0]?.decimals ?? 0;
  const sum = (pick: (row: GainRow) => Decimal | null): Decimal | null =>
    rows.reduce<Decimal | null>((total, row) => {
      const value = pick(row);
      return total === null || value === null ? null : total.plus(value);
    }, new Decimal(0));
  return {
    quantity: formatUnits(
      rows.reduce((total, row) => total + row.quantity, 0n),
      decimals,
    ),
    proceeds: sum((row) => row.proceeds),
    sellingCosts: sum((row) => row.sellingCosts),
    costBasis: sum((row) => row.costBasis),
    gain: sum((row) => row.gain),
    pieces: rows.map((row) => trailPiece(row, acquisitions, currency)),
  };
}

function trailPiece(row: GainRow, acquisitions: ReadonlyMap<string, TrailAcquisition>, currency: string): TrailPiece {
  const taken = formatUnits(row.quantity, row.decimals);
  if (row.lotId === null) return { row, taken, source: row.flags.includes('missing_acquisition') ? 'missing' : 'average' };
  const acquired = acquisitions.get(row.lotId);
  if (acquired === undefined) return { row, taken, source: 'opening' };
  const quantity = formatUnits(acquired.amountRaw, acquired.decimals ?? row.decimals);
  const cost = row.costBasis === null ? null : row.costBasis.times(quantity).div(taken);
  const carriedFees = cost !== null && acquired.value !== null && moneyText(cost, currency) !== moneyText(acquired.value, currency);
  return { row, taken, source: 'lot', lot: { acquired, quantity, cost, carriedFees } };
}
