import type { BookPeriod } from '../../workspace/bookPeriod.js';
import type { BookFigures } from '../../workspace/entries/BookEntries.js';
import type { BookListParams, RunFigures } from '../bookDashboard.js';
import { bookListLink, figureLinks } from '../bookDashboard.js';
import { naturalOrder, type BookSort, type SortOrder } from '../../workspace/bookListOrder.js';
import { html } from '../html.js';
import type { Html } from '../html.js';

/**
 * "37 unreviewed, 2 flagged in 2025-01-01 – 2025-12-31, spam aside": what is left to look at in the book's period
 * (its newest run's), a link to exactly those entries (the table opens on that period).
 */
export function reviewCell(bookId: number, figures: BookFigures, period: BookPeriod | undefined): Html {
  const { review } = figures;
  const links = figureLinks(bookId);
  const parts = [
    review.unreviewed > 0 ? `${review.unreviewed} unreviewed` : '',
    review.flagged > 0 ? `${review.flagged} flagged` : '',
  ].filter((part) => part !== '');
  const text =
    review.unreviewed + review.reviewed + review.flagged === 0 ? 'none yet' : parts.length === 0 ? 'all reviewed' : parts.join(', ');
  const scope = `${period === undefined ? 'every date' : `${period.from} – ${period.to}`}, spam aside`;
  const open = review.unreviewed > 0 ? links.toReview : review.flagged > 0 ? links.flaggedInReview : `/books/${bookId}/entries?spam=false`;
  return html`<a href="${open}" data-figure="to-review" data-count="${String(review.unreviewed)}">${text}</a> <small class="review-scope">${scope}</small>`;
}

/**
 * What needs a look besides the review, each count a link to exactly its entries (cost-basis issues, which are the
 * newest export's, to its `costbasis-issues.csv`); nothing flagged says so.
 */
export function flaggedCell(bookId: number, figures: BookFigures, kept: RunFigures): Html {
  const links = figureLinks(bookId);
  const counts: [number, string, string, string][] = [
    [figures.review.flagged, 'flagged in review', links.flaggedInReview, 'flagged-review'],
    [figures.missingPrice, 'without a price', links.missingPrice, 'missing-price'],
    [
      figures.unclassified,
      figures.unclassified === 1 ? 'unclassified transfer' : 'unclassified transfers',
      links.unclassified,
      'unclassified',
    ],
    [
      figures.unmatchedBridges,
      figures.unmatchedBridges === 1 ? 'unmatched bridge' : 'unmatched bridges',
      links.unmatchedBridges,
      'unmatched-bridge',
    ],
    [
      kept.basisIssues?.count ?? 0,
      kept.basisIssues?.count === 1 ? 'cost-basis issue' : 'cost-basis issues',
      `/api/runs/${kept.basisIssues?.runId ?? 0}/files/costbasis-issues.csv`,
      'basis-issues',
    ],
  ];
  const shown = counts.filter(([count]) => count > 0);
  if (shown.length === 0) return html`<span class="quiet">nothing</span>`;
  return html`${shown.map(
    ([count, words, link, name]) =>
      html`<div><a href="${link}" data-figure="${name}" data-count="${String(count)}">${String(count)} ${words}</a></div>`,
  )}`;
}

/** The last reconcile's holdings at its period's close, linked to its report; how many assets have no value. */
export function holdingsCell(kept: RunFigures): Html {
  const { holdings } = kept;
  if (holdings === undefined) return html`<span class="quiet">–</span>`;
  const unvalued = holdings.unvalued === 0 ? '' : html` <small>(${String(holdings.unvalued)} without a value)</small>`;
  return html`<a href="/runs/${holdings.runId}/reconcile" data-figure="holdings">${holdings.value} ${holdings.currency}</a>${unvalued}`;
}

/** A column header that sorts the list by it: its natural order first, the other on a second click. */
export function sortHeader(label: string, column: BookSort, current: BookListParams & { sort: BookSort; order: SortOrder }): Html {
  const active = current.sort === column;
  const order = active && current.order === naturalOrder(column) ? (current.order === 'asc' ? 'desc' : 'asc') : naturalOrder(column);
  const mark = active ? (current.order === 'asc' ? ' ▲' : ' ▼') : '';
  // The filters kept, the first page of the new order.
  return html`<th${active ? html` aria-sort="${current.order === 'asc' ? 'ascending' : 'descending'}"` : ''}><a href="/?${bookListLink({ ...current, sort: column, order }, 1)}" data-sort="${column}">${label}${mark}</a></th>`;
}
