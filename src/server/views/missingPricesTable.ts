import type { RunRequest } from '../../runs/RunRequest.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { findChain } from '../../chains/chains.js';
import { assetLabel } from './assetLabel.js';
import { fieldError } from './formControls.js';
import { minuteUtc } from './parts.js';
import type { RunTable } from './reportTables.js';

/** What an admin's form beside each missing asset needs: the book, its currency, and the run to queue again (none after a close). */
export interface PriceFormPlace {
  bookId: number;
  currency: string;
  rerun: RunRequest | undefined;
}

/**
 * A run's `prices-missing.csv` written for people: the asset by name with its short contract, its chain by name, the
 * period its rows span, their count and why they have no value; for admins a form beside each asset: a price at a
 * time (prefilled with the first row left without one: the file source finds a price at or before a row, at most
 * maxAge old, so that row and those within maxAge after it are valued) in the book's currency; saved to the book's
 * manual prices, then the same run is queued again (app.js). On a phone each row stacks under its labels.
 */
export function missingPricesTable(missing: RunTable, form: PriceFormPlace | undefined): Html {
  const cellsOf =
    (row: readonly string[]) =>
    (name: string): string =>
      row[missing.header.indexOf(name)] ?? '';
  const rows = missing.rows.map((row) => {
    const column = cellsOf(row);
    const chainId = column('chain_id');
    const contract = column('asset_contract');
    return html`<tr data-asset="${chainId}:${contract || 'native'}" data-first="${column('first')}"><td data-label="Asset">${assetLabel({ assetKind: contract === '' ? 'native' : 'erc20', asset: column('asset'), assetContract: contract, tokenId: '', spam: '' })}</td>
<td data-label="Chain">${chainName(chainId)}</td><td data-label="Rows from – to">${minuteUtc(column('first'))} – ${minuteUtc(column('last'))}</td><td class="num" data-label="Rows">${column('rows')}</td><td data-label="Why">${column('state')}</td>${form === undefined ? '' : html`<td data-label="Manual price">${column('state') === 'unknown decimals' ? 'no units to price (its decimals are unknown): a rule can mark it spam' : priceForm(form, chainId, contract || 'native', column('first'))}</td>`}</tr>`;
  });
  // A priceable asset's first row left without a price, its price to be typed in.
  const firsts = missing.rows
    .map(cellsOf)
    .filter((column) => column('state') !== 'unknown decimals')
    .map((column) => `${column('first')},${column('chain_id')},${column('asset_contract') || 'native'},,`);
  return html`<div class="wide"><table class="missing-prices stack"><thead><tr><th>Asset</th><th>Chain</th><th>Rows from – to</th><th>Rows</th><th>Why</th>${form === undefined ? '' : html`<th>Manual price</th>`}</tr></thead><tbody>
${rows}
</tbody></table></div>${form === undefined ? '' : seriesForm(form, firsts)}`;
}

/**
 * Many prices at once (a gap of days, a collection's rows): a price file pasted or chosen, saved whole or refused
 * at its first bad line (app.js), prefilled with each missing asset's first row for the prices to be typed in. The
 * transactions table is valued at once; the run is not queued again, since one series often follows another.
 */
function seriesForm(form: PriceFormPlace, firsts: readonly string[]): Html {
  return html`<form data-form="price-series" data-url="/api/books/${form.bookId}/prices" class="price-series">
<label>Prices in bulk (time,chain,asset,currency,price — daily or finer; an empty currency is ${form.currency})
<textarea name="csv" rows="6" cols="90" spellcheck="false">${['time,chain,asset,currency,price', ...firsts].join('\n')}</textarea></label>
<label>or a CSV file <input type="file" name="file" accept=".csv,text/csv"></label>
<button type="submit">Save prices</button>
<p class="error" data-error></p>
</form>`;
}

/** A chain id by its name (the id itself for a chain this version does not know). */
function chainName(chainId: string): string {
  return findChain(Number(chainId))?.name ?? `chain ${chainId}`;
}

/** A fix's form attributes that make app.js queue `request` on the book again once the fix is saved, and show that run. */
export function rerunAttributes(bookId: number, request: RunRequest): Html {
  return html` data-rerun="${JSON.stringify(request)}" data-rerun-url="/api/books/${bookId}/runs"`;
}

export function priceForm(form: PriceFormPlace, chain: string, asset: string, first: string): Html {
  const rerun = form.rerun === undefined ? '' : rerunAttributes(form.bookId, form.rerun);
  return html`<form data-form="price" data-url="/api/books/${form.bookId}/prices"${rerun} class="inline">
<input type="hidden" name="chain" value="${chain}"><input type="hidden" name="asset" value="${asset}">
<label>Time (UTC) <input name="time" value="${first}" required size="20"></label>${fieldError('time')}
<label>Price in ${form.currency} <input name="price" inputmode="decimal" required size="10" placeholder="2512.25"></label>${fieldError('price')}
<button type="submit">${form.rerun === undefined ? 'Save' : 'Save and run again'}</button>
<p class="error" data-error></p>
</form>`;
}
