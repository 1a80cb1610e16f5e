import type { BookPeriod } from '../../workspace/bookPeriod.js';
import type { ReviewCounts } from '../../workspace/entries/BookEntries.js';
import type { Book, NightSummary, Run, User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { layout } from './layout.js';
import { lastAlertRun, lastReconcile } from '../runReports.js';
import { alertNote, statusBadge } from './parts.js';
import { chainPicker, costBasisFields, fieldError, labelRows, spamRows, valuationFields, zonePicker } from './formControls.js';
import { shortened } from './shortened.js';
import { nightSection } from './nightSection.js';

/**
 * "37 unreviewed, 2 flagged in 2025-01-01 – 2025-12-31, spam aside": what is left to look at in the book's period
 * (its newest run's), a link to exactly those entries (the table opens on that period).
 */
function reviewNote(bookId: number, review: ReviewCounts, period: BookPeriod | undefined): Html {
  const parts = [
    review.unreviewed > 0 ? `${review.unreviewed} unreviewed` : '',
    review.flagged > 0 ? `${review.flagged} flagged` : '',
  ].filter((part) => part !== '');
  const text =
    review.unreviewed + review.reviewed + review.flagged === 0 ? 'none yet' : parts.length === 0 ? 'all reviewed' : parts.join(', ');
  const scope = `${period === undefined ? 'every date' : `${period.from} – ${period.to}`}, spam aside`;
  const open = review.unreviewed > 0 ? 'unreviewed' : review.flagged > 0 ? 'flagged' : '';
  return html`<a href="/books/${bookId}/entries?spam=false${open === '' ? '' : `&review=${open}`}">${text}</a> <small class="review-scope">${scope}</small>`;
}

export function booksPage(input: {
  user: User;
  csrfToken: string;
  books: { book: Book; runs: Run[]; period: BookPeriod | undefined; review: ReviewCounts }[];
  night?: NightSummary | null;
}): Html {
  const rows = input.books.map(({ book, runs, period, review }) => {
    const last = runs[0];
    const reconcile = lastReconcile(runs);
    return html`<tr>
<td><a href="/books/${book.id}">${book.data.name}</a></td>
<td>${book.data.wallets.map((wallet) => html`<div>${shortened(wallet.address)} ${wallet.label ?? ''}</div>`)}</td>
<td>${book.data.chains.join(', ')}</td>
<td>${last === undefined ? statusBadge('none') : html`<a href="/runs/${last.id}">${last.request.kind} ${last.createdAt.slice(0, 16).replace('T', ' ')}</a> ${statusBadge(last.status)}`}</td>
<td>${reconcile === undefined ? statusBadge('none') : html`<a href="/runs/${reconcile.id}/reconcile">${statusBadge(reconcile.status)}</a>`}</td>
<td class="alert">${alertNote(lastAlertRun(runs))}</td>
<td class="review">${reviewNote(book.id, review, period)}</td>
</tr>`;
  });
  return layout({
    title: 'Books',
    user: input.user,
    csrfToken: input.csrfToken,
    body: html`<h1>Books</h1>
${nightSection(input.night ?? null)}
<div class="wide"><table class="books"><thead><tr><th>Client</th><th>Wallets</th><th>Chains</th><th>Last run</th><th>Last reconcile</th><th>Last alert (UTC)</th><th>Transactions</th></tr></thead>
<tbody>${rows}</tbody></table></div>
${input.user.role === 'admin' ? html`<h2>New book</h2>${bookForm(undefined)}` : ''}`,
  });
}

/** The book form app.js turns into the book JSON: one wallet per line, `address label [@chain,chain]`; the rest picked or in rows. */
export function bookForm(book: Book | undefined): Html {
  const wallets =
    book?.data.wallets
      .map((wallet) =>
        [wallet.address, wallet.label ?? '', wallet.chains === undefined ? '' : `@${wallet.chains.join(',')}`]
          .filter((part) => part !== '')
          .join(' '),
      )
      .join('\n') ?? '';
  return html`<form data-form="book" data-method="${book === undefined ? 'POST' : 'PATCH'}" data-url="${book === undefined ? '/api/books' : `/api/books/${book.id}`}" class="card">
<label>Client name <input name="name" required value="${book?.data.name ?? ''}"></label>${fieldError('name')}
<label>Wallets (one per line: address, label, and optionally @chains such as @1,optimism) <textarea name="wallets" rows="4" required>${wallets}</textarea></label>${fieldError('wallets')}
${chainPicker(book?.data.chains ?? [1])}
${zonePicker(book?.data.timezone ?? 'UTC')}
${labelRows(book?.data.labels ?? {})}
${spamRows(book?.data.spam ?? {})}
${valuationFields(book?.data.valuation)}
${costBasisFields(book?.data.costBasis)}
<button type="submit">${book === undefined ? 'Create book' : 'Save book'}</button>
<p class="error" data-error></p>
</form>`;
}
