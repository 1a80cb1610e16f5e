import type { Book, NightSummary, User } from '../../workspace/WorkspaceData.js';
import type { BookListPage } from '../../workspace/listBooks.js';
import type { BookSort, SortOrder } from '../../workspace/bookListOrder.js';
import type { BookListParams } from '../bookDashboard.js';
import { runFigures } from '../bookDashboard.js';
import { bookListFinder, bookListPager } from './bookListNavigation.js';
import { flaggedCell, holdingsCell, reviewCell, sortHeader } from './bookFigureCells.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { layout } from './layout.js';
import { lastAlertRun, lastReconcile } from '../runReports.js';
import { alertNote, statusBadge } from './parts.js';
import { chainPicker, costBasisFields, fieldError, labelRows, spamRows, valuationFields, zonePicker } from './formControls.js';
import { shortened } from './shortened.js';
import { nightSection } from './nightSection.js';

export function booksPage(input: {
  user: User;
  csrfToken: string;
  /** One page, sorted and filtered already, by `params`. */
  page: BookListPage;
  params: BookListParams & { sort: BookSort; order: SortOrder };
  pageRows: number;
  night?: NightSummary | null;
}): Html {
  const sorted = input.params;
  const rows = input.page.books.map(({ book, runs, period, figures }) => {
    const last = runs[0];
    const reconcile = lastReconcile(runs);
    const kept = runFigures(runs);
    return html`<tr>
<td><a href="/books/${book.id}">${book.data.name}</a></td>
<td>${book.data.wallets.map((wallet) => html`<div>${shortened(wallet.address)} ${wallet.label ?? ''}</div>`)}</td>
<td>${book.data.chains.join(', ')}</td>
<td class="review">${reviewCell(book.id, figures, period)}</td>
<td class="flagged">${flaggedCell(book.id, figures, kept)}</td>
<td>${last === undefined ? statusBadge('none') : html`<a href="/runs/${last.id}">${last.request.kind} ${last.createdAt.slice(0, 16).replace('T', ' ')}</a> ${statusBadge(last.status)}`}</td>
<td>${reconcile === undefined ? statusBadge('none') : html`<a href="/runs/${reconcile.id}/reconcile">${statusBadge(reconcile.status)}</a> ${reconcile.finishedAt?.slice(0, 10) ?? ''}`}</td>
<td class="num">${holdingsCell(kept)}</td>
<td class="alert">${alertNote(lastAlertRun(runs))}</td>
</tr>`;
  });
  return layout({
    title: 'Books',
    user: input.user,
    csrfToken: input.csrfToken,
    body: html`<h1>Books</h1>
${nightSection(input.night ?? null)}
${bookListFinder(input.page, sorted)}
<div class="wide"><table class="books"><thead><tr>${sortHeader('Client', 'name', sorted)}<th>Wallets</th><th>Chains</th>${sortHeader('To review', 'review', sorted)}${sortHeader('Flagged', 'flagged', sorted)}${sortHeader('Last run', 'run', sorted)}${sortHeader('Last reconcile', 'reconcile', sorted)}${sortHeader('Holdings', 'holdings', sorted)}<th>Last alert (UTC)</th></tr></thead>
<tbody>${rows}</tbody></table></div>
${bookListPager(input.page.total, sorted, input.pageRows)}
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
