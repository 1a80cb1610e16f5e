import { findChain } from '../chains/chains.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { PoolTie } from '../costbasis/BasisReport.js';
import type { Decimal } from '../ledger/money.js';
import { moneyText } from './moneyText.js';

/** The tie-out sheet's `template` cell of the basis section. */
export const BASIS_TIE = 'costbasis';

const SIDES = [
  ['acquired', 'in'],
  ['movedIn', 'in'],
  ['disposed', 'out'],
  ['removed', 'out'],
  ['movedOut', 'out'],
  ['open', 'out'],
] as const;

const REASONS: Readonly<Record<(typeof SIDES)[number][0], string>> = {
  acquired: 'cost acquired',
  movedIn: 'cost moved in',
  disposed: 'cost disposed',
  removed: 'cost removed',
  movedOut: 'cost moved out',
  open: 'cost of the open lots',
};

/**
 * The tie-out's basis section, in the sheet's columns (`TIEOUT_HEADER`): per pool (wallet empty under the universal
 * scope), the cost acquired and moved in on the `in` side, disposed, removed, moved out and still open on the `out`
 * side, in the book's currency; a last line counts the pieces of unknown cost (the replay sums the known cost blended
 * into them, so its pools tie exactly), and any known cost a tie lost into them. Throws when a pool whose every cost
 * is known does not tie exactly: the replay must never lose or make cost.
 */
export function basisTieRows(ties: readonly PoolTie[], currency: string): string[][] {
  const rows: string[][] = [];
  const sorted = [...ties].sort(
    (a, b) => a.chainId - b.chainId || compareText(a.wallet ?? '', b.wallet ?? '') || compareText(a.assetContract, b.assetContract),
  );
  for (const tie of sorted) {
    const gap = untied(tie);
    const pool = [
      BASIS_TIE,
      String(tie.chainId),
      findChain(tie.chainId)?.slug ?? String(tie.chainId),
      tie.wallet ?? '',
      tie.asset,
      tie.assetContract,
      '',
    ];
    for (const [part, side] of SIDES) {
      const text = moneyText(tie[part], currency);
      rows.push([...pool, 'basis', `${REASONS[part]} (${currency})`, '', side === 'in' ? text : '', side === 'out' ? text : '', '', '']);
    }
    if (tie.unknown > 0) {
      rows.push([...pool, 'basis', 'pieces of unknown cost, in no sum above', String(tie.unknown), '', '', '', '']);
      // A known cost that joined an unknown one (one running average) left the sums with it: the gap says how much.
      if (gap !== null)
        rows.push([...pool, 'basis', `known cost gone into unknown cost (${currency})`, '', '', moneyText(gap, currency), '', '']);
    }
  }
  return rows;
}

/** Cost in minus cost out, `null` when they are equal; throws when they differ with every cost known. */
function untied(tie: PoolTie): Decimal | null {
  const sum = (parts: readonly Decimal[]): Decimal => parts.reduce((total, part) => total.plus(part));
  const gap = sum([tie.acquired, tie.movedIn]).minus(sum([tie.disposed, tie.removed, tie.movedOut, tie.open]));
  if (gap.isZero()) return null;
  if (tie.unknown > 0) return gap;
  throw new LedgerscanError(`the cost basis of ${tie.asset || tie.assetContract || 'native'} on chain ${tie.chainId} does not tie out`, {
    kind: 'defect',
    details: {
      wallet: tie.wallet ?? 'every wallet (universal)',
      difference: gap.toFixed(),
      fix: 'a defect in the cost-basis replay: please report this message',
    },
  });
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
