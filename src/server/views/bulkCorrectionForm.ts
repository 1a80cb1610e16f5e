import { RULE_CATEGORIES } from '../../ledger/LedgerRule.js';
import type { Book } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import type { EntriesQuery } from '../schemas/entries.js';
import { viewFilterOf } from './bulkReviewForm.js';
import { fieldError } from './formControls.js';

/**
 * Above the transactions table: a category, a label or spam for every entry of the view (not the page, not only the
 * ticked legs), after a confirmation naming the count, saved as one rule whose match is the view's filter
 * (`POST /api/books/:id/rules/view`); the answer says how many entries it changes and offers its undo (the rule deleted).
 */
export function bulkCorrectionForm(book: Book, query: EntriesQuery, total: number): Html {
  const actions = html`${RULE_CATEGORIES.map((category) => html`<option value="category:${category}">category ${category}</option>`)}
<option value="spam:true">spam</option><option value="spam:false">not spam</option><option value="label:">counterparty label</option>`;
  return html`<form class="card bulk-rule" data-form="bulk-rule" data-url="/api/books/${book.id}/rules/view" data-filter="${JSON.stringify(viewFilterOf(query))}" data-rules-url="/api/books/${book.id}/rules/" data-confirm="Apply this to all ${total} entries in this view (every page), and to matching entries that arrive later? It is saved as one rule.">
<label>Set <select name="action">${actions}</select></label> <label>Label <input name="label" placeholder="only for a counterparty label"></label>
<label>Reason <input name="reason" required maxlength="500"></label>
<button type="submit">Apply to all ${total} in this view</button>${fieldError('category')}${fieldError('label')}${fieldError('reason')}${fieldError('review')}
<span data-done role="status"></span> <a href="" data-reload hidden>Show the corrected rows</a> <button type="button" data-action="undo-rule" hidden>Undo</button><span class="error" data-error></span>
</form>`;
}
