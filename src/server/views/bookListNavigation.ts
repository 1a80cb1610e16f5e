import type { BookListPage } from '../../workspace/listBooks.js';
import { RECONCILE_STATES, type ReconcileState } from '../../workspace/bookListOrder.js';
import { bookListLink, type BookListParams } from '../bookDashboard.js';
import { html, type Html } from '../html.js';

/** How the front page names a last reconcile's state. */
const STATE_WORDS: Record<ReconcileState, string> = {
  failed: 'failed',
  differences: 'with differences',
  deferred: 'deferred',
  none: 'never reconciled',
  stopped: 'stopped',
  succeeded: 'reconciled',
};

/**
 * Above the books list: the books by their last reconcile's state, each count a link to only those (the worst
 * first, what a firm looks at in the morning), and a search by the client's name, both kept with the order.
 */
export function bookListFinder(page: BookListPage, params: BookListParams): Html {
  const total = RECONCILE_STATES.reduce((sum, state) => sum + page.statuses[state], 0);
  const states = RECONCILE_STATES.filter((state) => page.statuses[state] > 0).map((state) =>
    params.status === state
      ? html`<strong data-state="${state}">${page.statuses[state]} ${STATE_WORDS[state]}</strong>`
      : html`<a href="/?${bookListLink({ ...params, status: state, page: undefined }, 1)}" data-state="${state}">${page.statuses[state]} ${STATE_WORDS[state]}</a>`,
  );
  const all =
    params.status === undefined || params.status === ''
      ? html`<strong data-state="">${total} books</strong>`
      : html`<a href="/?${bookListLink({ ...params, status: undefined }, 1)}" data-state="">all ${total} books</a>`;
  return html`<p class="book-states">Last reconcile: ${all}${states.map((state) => html` · ${state}`)}</p>
<form method="get" action="/" class="book-find" role="search">
<label>Client name <input name="name" type="search" value="${params.name ?? ''}" maxlength="200"></label>
<input type="hidden" name="sort" value="${params.sort ?? ''}"><input type="hidden" name="order" value="${params.order ?? ''}"><input type="hidden" name="status" value="${params.status ?? ''}">
<button type="submit">Find</button>
</form>`;
}

/** Below the books list: which of the `total` books are shown, and the previous and next pages' links. */
export function bookListPager(total: number, params: BookListParams, rows: number): Html {
  const page = params.page ?? 1;
  const first = Math.min(total, (page - 1) * rows + 1);
  const last = Math.min(total, page * rows);
  return html`<nav class="pager" aria-label="Pages of books"><span data-shown="${first}-${last}" data-total="${total}">${first}–${last} of ${total}</span>
${page > 1 ? html` <a href="/?${bookListLink(params, page - 1)}" rel="prev" data-page="previous">Previous</a>` : ''}${last < total ? html` <a href="/?${bookListLink(params, page + 1)}" rel="next" data-page="next">Next</a>` : ''}</nav>`;
}
