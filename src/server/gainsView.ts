import type { GainRow } from '../costbasis/BasisReport.js';
import { Decimal } from '../ledger/money.js';
import { gainTrailSteps, type GainTrailSteps } from '../outputs/gainTrail.js';
import { acquisitionOf, gainRowOf, type GainsReviewJson } from '../outputs/gainsReviewFile.js';
import { moneyText } from '../outputs/moneyText.js';
import type { Book } from '../workspace/WorkspaceData.js';
import { entryFilter } from './entryFilter.js';
import type { GainsQuery } from './schemas/gains.js';

/** Disposals a page lists. */
export const GAINS_PAGE_ROWS = 50;

/** A sum over rows: exact, rounded to the currency only when shown; unknown rows are counted, never taken as 0. */
export interface MoneySums {
  proceeds: string;
  sellingCosts: string;
  costBasis: string;
  gain: string;
  /** Rows whose gain is unknown (left out of the sums). */
  unknown: number;
}

/** One line of the totals: an asset (chain and contract) and a term (`unknown`: no lot, no term). */
export interface GainsTotal extends MoneySums {
  chainId: number;
  asset: string;
  assetContract: string;
  term: string;
  rows: number;
}

/** One disposal as the table lists it: its pieces (those the filter kept) summed. */
export interface DisposalLine extends MoneySums {
  entryId: string;
  txHash: string;
  chainId: number;
  wallet: string;
  asset: string;
  assetContract: string;
  soldAt: number;
  kind: string;
  quantity: string;
  /** `short`, `long`, `mixed` (pieces of both) or '' (none known). */
  term: string;
  flags: string[];
}

export interface GainsView {
  currency: string;
  totals: GainsTotal[];
  all: MoneySums & { rows: number };
  disposals: DisposalLine[];
  /** Disposals the filter kept, over every page. */
  total: number;
  page: number;
  pages: number;
}

/**
 * The gains page's view of a run's kept gains: the rows the filters keep (the transactions table's filters, read by
 * `entryFilter` in the book's zone, plus the term), totalled by asset and term, and one page of their disposals in
 * ledger order. Refusals name their field, as the table's do.
 */
export function gainsView(review: GainsReviewJson, query: GainsQuery, book: Book): GainsView {
  const { term = '', page: asked = 1, from, to, wallet, chain, asset } = query;
  const { filter } = entryFilter(defined({ from, to, wallet, chain, asset }), book);
  const rows = review.rows.map(gainRowOf).filter((row) => {
    if (filter.from !== undefined && row.soldAt < filter.from) return false;
    if (filter.to !== undefined && row.soldAt >= filter.to) return false;
    if (filter.wallet !== undefined && row.wallet !== filter.wallet) return false;
    if (filter.chainId !== undefined && row.chainId !== filter.chainId) return false;
    if (filter.asset !== undefined && row.assetContract !== filter.asset && row.asset.toLowerCase() !== filter.asset.toLowerCase())
      return false;
    return term === '' || (row.term ?? 'unknown') === term;
  });
  const currency = review.currency;
  const totals = [...groups(rows, (row) => `${row.chainId}:${row.assetContract}:${row.term ?? 'unknown'}`).values()].map((group) => {
    const first = group[0] as GainRow;
    return {
      chainId: first.chainId,
      asset: first.asset,
      assetContract: first.assetContract,
      term: first.term ?? 'unknown',
      rows: group.length,
      ...sums(group, currency),
    };
  });
  totals.sort((a, b) => a.asset.localeCompare(b.asset) || a.chainId - b.chainId || a.term.localeCompare(b.term));
  const disposals = [...groups(rows, (row) => row.entryId).values()];
  const pages = Math.max(1, Math.ceil(disposals.length / GAINS_PAGE_ROWS));
  const page = Math.min(Math.max(1, asked), pages);
  return {
    currency,
    totals,
    all: { rows: rows.length, ...sums(rows, currency) },
    disposals: disposals.slice((page - 1) * GAINS_PAGE_ROWS, page * GAINS_PAGE_ROWS).map((group) => disposalLine(group, currency)),
    total: disposals.length,
    page,
    pages,
  };
}

/** A disposal's lot trail: its every row and the arithmetic (`gainTrailSteps`, as `gains --explain`); undefined when the run has no such disposal. */
export function disposalTrail(review: GainsReviewJson, entryId: string): { rows: GainRow[]; steps: GainTrailSteps } | undefined {
  const rows = review.rows.filter((row) => row.entryId === entryId).map(gainRowOf);
  if (rows.length === 0) return undefined;
  const acquisitions = new Map(review.acquisitions.map((leg) => [leg.entryId, acquisitionOf(leg)]));
  return { rows, steps: gainTrailSteps(rows, acquisitions, review.currency) };
}

/** The fields given (the table's filter takes no field set to undefined). */
function defined(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((field): field is [string, string] => field[1] !== undefined));
}

function groups(rows: readonly GainRow[], key: (row: GainRow) => string): Map<string, GainRow[]> {
  const found = new Map<string, GainRow[]>();
  for (const row of rows) {
    const name = key(row);
    const group = found.get(name);
    if (group === undefined) found.set(name, [row]);
    else group.push(row);
  }
  return found;
}

function sums(rows: readonly GainRow[], currency: string): MoneySums {
  const known = rows.filter((row) => row.gain !== null);
  const total = (pick: (row: GainRow) => Decimal | null): string =>
    moneyText(
      known.reduce((sum, row) => sum.plus(pick(row) ?? 0), new Decimal(0)),
      currency,
    );
  return {
    proceeds: total((row) => row.proceeds),
    sellingCosts: total((row) => row.sellingCosts),
    costBasis: total((row) => row.costBasis),
    gain: total((row) => row.gain),
    unknown: rows.length - known.length,
  };
}

function disposalLine(rows: readonly GainRow[], currency: string): DisposalLine {
  const first = rows[0] as GainRow;
  const steps = gainTrailSteps(rows, new Map(), currency);
  const terms = new Set(rows.flatMap((row) => (row.term === null ? [] : [row.term])));
  const money = (value: Decimal | null): string => (value === null ? '' : moneyText(value, currency));
  return {
    entryId: first.entryId,
    txHash: first.txHash,
    chainId: first.chainId,
    wallet: first.wallet,
    asset: first.asset,
    assetContract: first.assetContract,
    soldAt: first.soldAt,
    kind: first.kind,
    quantity: steps.quantity,
    term: terms.size === 2 ? 'mixed' : ([...terms][0] ?? ''),
    proceeds: money(steps.proceeds),
    sellingCosts: money(steps.sellingCosts),
    costBasis: money(steps.costBasis),
    gain: money(steps.gain),
    unknown: rows.filter((row) => row.gain === null).length,
    flags: [...new Set(rows.flatMap((row) => row.flags))],
  };
}
