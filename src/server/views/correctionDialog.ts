import { REVIEW_STATUSES } from '../../workspace/entries/BookEntries.js';
import type { Book } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { ruleActionFields } from './rulesSection.js';
import { selectOption } from './selectOption.js';

/**
 * The transactions page's one correction dialog, which app.js fills for the leg whose "Edit" was pressed (or for the
 * ticked legs): a book rule matching their entry ids (docs/ledger-rules.md, "Book rules"), and for one leg its review
 * status and a note. One dialog instead of a form in every row keeps a page of rows a few dozen KiB.
 */
export function correctionDialog(book: Book): Html {
  return html`<dialog class="correction" data-correction data-base="/api/books/${book.id}/entries" aria-labelledby="correction-title">
<h2 id="correction-title" data-correction-title>Correct</h2>
<form data-form="rule" data-url="/api/books/${book.id}/rules" class="inline">
<input type="hidden" name="criterion" value="entries"><input type="hidden" name="value" value="">${ruleActionFields('Save as a rule')}</form>
<div data-one-leg>
<form data-form="review" data-url="" class="inline">
<label>Review <select name="status">${REVIEW_STATUSES.map((value) => selectOption(value, value, undefined))}</select></label><button type="submit">Set</button><span class="error" data-error></span>
</form>
<form data-form="note" data-url="" class="inline">
<input name="text" maxlength="2000" placeholder="Add a note" aria-label="Note"><button type="submit">Add</button><span class="error" data-error></span>
</form>
</div>
<form method="dialog"><button type="submit">Close</button></form>
</dialog>`;
}
