import { REVIEW_STATUSES } from '../../workspace/entries/BookEntries.js';
import type { Book } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import type { EntriesQuery } from '../schemas/entries.js';

/** The query fields that choose entries; the page's own (cursor, limit, totals) are left out. */
const FILTER_FIELDS = ['from', 'to', 'wallet', 'chain', 'asset', 'category', 'spam', 'review', 'q'] as const;

/** The view's filters as the bulk actions send them (`filter` of their bodies). */
export function viewFilterOf(query: EntriesQuery): Record<string, string> {
  return Object.fromEntries(FILTER_FIELDS.flatMap((field) => (query[field] === undefined ? [] : [[field, query[field]]])));
}

/**
 * Above the transactions table: every entry of the view (not the page) set to one review status after a
 * confirmation naming the count; the answer says how many changed and offers the action's undo.
 */
export function bulkReviewForm(book: Book, query: EntriesQuery, total: number): Html {
  const filter = viewFilterOf(query);
  const options = REVIEW_STATUSES.map(
    (status) => html`<option value="${status}"${status === 'reviewed' ? ' selected' : ''}>${status}</option>`,
  );
  return html`<form class="card bulk-review" data-form="bulk-review" data-url="/api/books/${book.id}/review" data-filter="${JSON.stringify(filter)}" data-undo-url="/api/books/${book.id}/actions/" data-confirm="Set the review status of all ${total} entries in this view (every page, not only this one)?">
<button type="submit">Mark all ${total} in this view</button> <label>as <select name="status">${options}</select></label>
<span data-done role="status"></span> <button type="button" data-action="undo-review" hidden>Undo</button><span class="error" data-error></span>
</form>`;
}
