import type { RunRequest } from '../../runs/RunRequest.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { fieldError } from './formControls.js';
import type { RunTable } from './reportTables.js';

/** What an admin's form beside each missing asset needs: the book, its currency, and the run to queue again (none after a close). */
export interface PriceFormPlace {
  bookId: number;
  currency: string;
  rerun: RunRequest | undefined;
}

/**
 * A run's `prices-missing.csv` as its columns, and for admins a form beside each asset: a price at a time
 * (prefilled with the first row left without one: the file source finds a price at or before a row, at most
 * maxAge old, so that row and those within maxAge after it are valued) in the book's currency; saved to the
 * book's manual prices, then the same run is queued again (app.js).
 */
export function missingPricesTable(missing: RunTable, form: PriceFormPlace | undefined): Html {
  const column = (row: readonly string[], name: string): string => row[missing.header.indexOf(name)] ?? '';
  const rows = missing.rows.map(
    (row) =>
      html`<tr>${row.map((cell) => html`<td>${cell}</td>`)}${form === undefined ? '' : html`<td>${column(row, 'state') === 'unknown decimals' ? 'no units to price (its decimals are unknown): a rule can mark it spam' : priceForm(form, column(row, 'chain_id'), column(row, 'asset_contract') || 'native', column(row, 'first'))}</td>`}</tr>`,
  );
  return html`<div class="wide"><table class="missing-prices"><thead><tr>${missing.header.map((name) => html`<th>${name}</th>`)}${form === undefined ? '' : html`<th>Manual price</th>`}</tr></thead><tbody>
${rows}
</tbody></table></div>`;
}

function priceForm(form: PriceFormPlace, chain: string, asset: string, first: string): Html {
  const rerun =
    form.rerun === undefined ? '' : html` data-rerun="${JSON.stringify(form.rerun)}" data-rerun-url="/api/books/${form.bookId}/runs"`;
  return html`<form data-form="price" data-url="/api/books/${form.bookId}/prices"${rerun} class="inline">
<input type="hidden" name="chain" value="${chain}"><input type="hidden" name="asset" value="${asset}">
<label>Time (UTC) <input name="time" value="${first}" required size="20"></label>${fieldError('time')}
<label>Price in ${form.currency} <input name="price" inputmode="decimal" required size="10" placeholder="2512.25"></label>${fieldError('price')}
<button type="submit">${form.rerun === undefined ? 'Save' : 'Save and run again'}</button>
<p class="error" data-error></p>
</form>`;
}
