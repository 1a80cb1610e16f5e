import type { Book } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';

/**
 * The transactions page's one history dialog, which app.js fills for the leg whose "History" was pressed from
 * `GET …/entries/:entryId/history` (every change with who and when, newest first); the notes' edit and removal
 * buttons reach their note under the same `data-base`.
 */
export function historyDialog(book: Book): Html {
  return html`<dialog class="history" data-history data-base="/api/books/${book.id}/entries" aria-labelledby="history-title">
<h2 id="history-title">History</h2>
<ol class="history-list" data-history-list></ol>
<p class="error" data-error></p>
<form method="dialog"><button type="submit">Close</button></form>
</dialog>`;
}
