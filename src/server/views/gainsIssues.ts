import { findChain } from '../../chains/chains.js';
import type { GainsReviewJson, LegJson } from '../../outputs/gainsReviewFile.js';
import { isoTime } from '../../outputs/basisRecords.js';
import type { Book, BookOpeningLot, Run } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { entryLink } from './entryLink.js';
import { fieldError } from './formControls.js';
import { priceForm, rerunAttributes } from './missingPricesTable.js';
import { ruleActionFields } from './rulesSection.js';
import { shortened } from './shortened.js';

/** What each issue asks of the accountant, and the fix the worklist puts beside it. */
const FIXES: Readonly<Record<string, string>> = {
  missing_acquisition: 'more was disposed of than the pool held: add the lot it came from (an opening lot)',
  unknown_price: 'no price for this leg: add a manual price',
  unclassified_in: 'an incoming transfer nobody categorised: categorise it (a book rule)',
  unclassified_out: 'an outgoing transfer nobody categorised: categorise it (a book rule)',
};

/**
 * The run's cost-basis issues (`costbasis-issues.csv`) as a worklist: each with its leg in the transactions table and,
 * for those who change the book, its fix at hand — an opening lot for a missing acquisition, a manual price for an
 * unknown one, a book rule for an unclassified transfer. Each fix saved queues the same run again.
 */
export function issuesWorklist(book: Book, run: Run, review: GainsReviewJson, canChange: boolean): Html {
  if (review.issues.length === 0) return html`<h2>Issues</h2><p class="good-news">No cost-basis issue in this run.</p>`;
  const rows = review.issues.map((issue) => {
    const { leg } = issue;
    const where = leg === null ? issue.entryId : entryLink(book, leg, issue.entryId);
    const fix = canChange && leg !== null ? fixOf(book, run, review, issue.issue, leg, issue.quantity) : '';
    return html`<tr data-issue="${issue.issue}" data-entry="${issue.entryId}"><td>${issue.issue}</td><td>${where}</td><td class="num">${issue.quantity}</td><td>${issue.detail}<br><small>${FIXES[issue.issue] ?? ''}</small></td>${canChange ? html`<td>${fix}</td>` : ''}</tr>`;
  });
  return html`<h2>Issues (${review.issues.length})</h2>
<div class="wide"><table class="basis-issues"><thead><tr><th>Issue</th><th>Entry</th><th>Quantity</th><th>Detail</th>${canChange ? html`<th>Fix</th>` : ''}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

function fixOf(book: Book, run: Run, review: GainsReviewJson, issue: string, leg: LegJson, quantity: string): Html {
  if (issue === 'unknown_price' && leg.decimals !== null)
    return priceForm(
      { bookId: book.id, currency: review.currency, rerun: run.request },
      String(leg.chainId),
      leg.assetContract || 'native',
      isoTime(leg.timestamp),
    );
  if (issue === 'missing_acquisition') return openingLotForm(book, run, review, leg, quantity);
  if (issue === 'unclassified_in' || issue === 'unclassified_out')
    return html`<form data-form="rule" data-url="/api/books/${book.id}/rules"${rerunAttributes(book.id, run.request)} class="inline">
<input type="hidden" name="criterion" value="entries"><input type="hidden" name="value" value="${leg.entryId}">${ruleActionFields('Save as a rule and run again')}</form>`;
  return html``;
}

/** An opening lot for the part a disposal took beyond its pool: its asset, wallet (per wallet) and quantity prefilled. */
function openingLotForm(book: Book, run: Run, review: GainsReviewJson, leg: LegJson, quantity: string): Html {
  const hidden = (name: string, value: string): Html => html`<input type="hidden" name="${name}" value="${value}">`;
  return html`<form data-form="opening-lot" data-url="/api/books/${book.id}/opening-lots"${rerunAttributes(book.id, run.request)} class="inline">
${hidden('chain', String(leg.chainId))}${hidden('asset', leg.asset)}${hidden('assetContract', leg.assetContract)}${hidden('decimals', String(leg.decimals ?? 18))}
<label>Wallet <input name="wallet" value="${review.scope === 'wallet' ? leg.wallet : ''}" placeholder="empty: universal" size="14"></label>${fieldError('wallet')}
<label>Lot id <input name="lotId" value="opening-${leg.entryId}" required size="14"></label>${fieldError('lotId')}
<label>Acquired at <input name="acquiredAt" required placeholder="2024-01-31T12:00:00Z" size="20"></label>${fieldError('acquiredAt')}
<label>Quantity <input name="quantity" value="${quantity}" required size="10"></label>${fieldError('quantity')}
<label>Cost in ${review.currency} <input name="cost" inputmode="decimal" placeholder="empty: unknown" size="10"></label>${fieldError('cost')}
<button type="submit">Save lot and run again</button>
<p class="error" data-error></p>
</form>`;
}

/** The book's opening lots (every later run reads them); those who change the book may remove one. */
export function openingLotsTable(book: Book, lots: readonly BookOpeningLot[], canChange: boolean): Html {
  if (lots.length === 0) return html`<h2>Opening lots</h2><p>None entered: a missing acquisition above offers one.</p>`;
  const rows = lots.map(
    (lot) =>
      html`<tr data-lot="${lot.lotId}"><td>${lot.lotId}</td><td>${lot.wallet === '' ? 'any (universal)' : shortened(lot.wallet)}</td><td>${findChain(lot.chainId)?.name ?? String(lot.chainId)}</td><td>${lot.asset}</td><td>${lot.acquiredAt}</td><td class="num">${lot.quantity}</td><td class="num">${lot.cost === '' ? 'unknown' : lot.cost}</td><td>${lot.author}</td>${canChange ? html`<td><button type="button" data-action="delete-lot" data-url="/api/books/${book.id}/opening-lots/${lot.id}" data-confirm="Remove opening lot ${lot.lotId}? The next run goes without it.">Remove</button></td>` : ''}</tr>`,
  );
  return html`<h2>Opening lots</h2>
<div class="wide"><table class="opening-lots"><thead><tr><th>Lot id</th><th>Wallet</th><th>Chain</th><th>Asset</th><th>Acquired</th><th>Quantity</th><th>Cost</th><th>By</th>${canChange ? html`<th></th>` : ''}</tr></thead><tbody>${rows}</tbody></table></div>`;
}
