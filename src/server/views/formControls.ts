import { BOOK_CURRENCIES } from '../../config/resolveValuation.js';
import { BASIS_METHODS, BASIS_SCOPES, TAX_PROFILES } from '../../costbasis/CostBasisSettings.js';
import { PRICE_SOURCES } from '../../prices/ValuationSettings.js';
import type { BookData } from '../../workspace/BookData.js';
import { allChains } from '../../chains/chains.js';
import { html } from '../html.js';
import type { Html } from '../html.js';

/**
 * The book form's controls in the page's words: chains ticked by name, the zone picked from a list, labels and spam
 * lists as rows (app.js adds and removes rows, and turns them into the book's JSON). Each control has a place for
 * the API's message about its field (`data-error-for`, the top-level field the error's `field` names).
 */

export function fieldError(field: string): Html {
  return html`<p class="error" data-error-for="${field}"></p>`;
}

/** Every chain of the chain table, by name, the book's ticked (Ethereum alone for a new book). */
export function chainPicker(chosen: readonly number[]): Html {
  return html`<fieldset class="pick chains"><legend>Chains</legend>
${allChains().map((chain) => html`<label><input type="checkbox" name="chains" value="${chain.id}" ${chosen.includes(chain.id) ? html`checked` : ''}> ${chain.name} <small>${chain.slug} · ${chain.id}</small></label>`)}
</fieldset>${fieldError('chains')}`;
}

/** The zones this Node knows, UTC first: asked once, the list being the same for every book form. */
const ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

/** The zone list with the book's own ticked; a book's zone the list lacks (an alias) is kept as an option. */
export function zonePicker(chosen: string): Html {
  const zones = [...ZONES];
  if (!zones.includes(chosen)) zones.splice(1, 0, chosen);
  return html`<label>Time zone <select name="timezone">${zones.map((zone) => html`<option value="${zone}" ${zone === chosen ? html`selected` : ''}>${zone}</option>`)}</select></label>${fieldError('timezone')}`;
}

/**
 * The book's valuation: its currency and its price sources in priority order (CoinGecko's key comes from the
 * server's environment, never from a form). What the form does not show (a price file, a max age) is kept.
 */
export function valuationFields(valuation: BookData['valuation']): Html {
  const currency = valuation?.currency ?? 'USD';
  const sources = (valuation?.sources ?? ['defillama']).join(', ');
  return html`<fieldset class="valuation"><legend>Values</legend>
<label>Currency <select name="currency">${BOOK_CURRENCIES.map((code) => html`<option value="${code}" ${code === currency ? html`selected` : ''}>${code}</option>`)}</select></label>
<label>Price sources, first found wins (${PRICE_SOURCES.join(', ')}) <input name="sources" value="${sources}"></label>
<input type="hidden" name="price-file" value="${valuation?.priceFile ?? ''}"><input type="hidden" name="max-age" value="${valuation?.maxAge === undefined ? '' : String(valuation.maxAge)}">
</fieldset>${fieldError('valuation')}`;
}

/**
 * The book's cost basis: on or off, the tax profile, and a method and scope over the profile's (blank: the
 * profile's own), and its dated changes of method or scope as rows. What the form does not show (unclassified outflows,
 * an opening lots file) is kept.
 */
export function costBasisFields(costBasis: BookData['costBasis']): Html {
  const choice = (name: string, label: string, names: readonly string[], chosen: string | undefined, blank?: string): Html =>
    html`<label>${label} <select name="${name}">${blank === undefined ? '' : html`<option value="">${blank}</option>`}${names.map((one) => html`<option value="${one}" ${one === chosen ? html`selected` : ''}>${one}</option>`)}</select></label>`;
  const changes = rowsEditor({
    rows: 'basis-changes',
    legend: 'Changes from a date (from YYYY-MM-DD, then a method and/or a scope)',
    add: 'Add change',
    cells: [
      { name: 'from', placeholder: '2025-01-01' },
      { name: 'method', placeholder: `method: ${BASIS_METHODS.join(', ')}` },
      { name: 'scope', placeholder: `scope: ${BASIS_SCOPES.join(', ')}` },
    ],
    values: (costBasis?.changes ?? []).map((change) => [change.from, change.method ?? '', change.scope ?? '']),
  });
  return html`<fieldset class="cost-basis"><legend>Cost basis</legend>
<label><input type="checkbox" name="cost-basis" ${costBasis === undefined ? '' : html`checked`}> Lots, realised gains and income (needs values)</label>
${choice('tax-profile', 'Tax profile', TAX_PROFILES, costBasis?.profile ?? 'generic')}
${choice('basis-method', 'Method', BASIS_METHODS, costBasis?.method, "the profile's")}
${choice('basis-scope', 'Scope', BASIS_SCOPES, costBasis?.scope, "the profile's")}
${changes}
<input type="hidden" name="unclassified-out" value="${costBasis?.unclassifiedOut ?? ''}"><input type="hidden" name="opening-lots" value="${costBasis?.openingLots ?? ''}">
</fieldset>${fieldError('costBasis')}`;
}

/** One row of an address list: an address and, for labels, its label; a button removes it. */
function row(cells: readonly { name: string; value: string; placeholder: string }[]): Html {
  return html`<tr data-row>${cells.map((cell) => html`<td><input name="${cell.name}" value="${cell.value}" placeholder="${cell.placeholder}"></td>`)}<td><button type="button" data-action="remove-row">Remove</button></td></tr>`;
}

/** Rows of cells under a legend, an empty row kept in a template for "Add". */
function rowsEditor(input: {
  rows: string;
  legend: string;
  add: string;
  cells: readonly { name: string; placeholder: string }[];
  values: readonly (readonly string[])[];
}): Html {
  const filled = (values: readonly string[]): Html => row(input.cells.map((cell, index) => ({ ...cell, value: values[index] ?? '' })));
  return html`<fieldset class="rows" data-rows="${input.rows}"><legend>${input.legend}</legend>
<table><tbody>${input.values.map(filled)}</tbody></table>
<template>${filled([])}</template>
<button type="button" data-action="add-row">${input.add}</button>
</fieldset>`;
}

/** Counterparty labels, one row per address. */
export function labelRows(labels: Readonly<Record<string, string>>): Html {
  const cells = [
    { name: 'address', placeholder: '0x… address' },
    { name: 'label', placeholder: 'label, such as Exchange' },
  ];
  return html`${rowsEditor({ rows: 'labels', legend: 'Labels (counterparty address and its name)', add: 'Add label', cells, values: Object.entries(labels) })}${fieldError('labels')}`;
}

/** The spam allow and deny lists, one token contract per row. */
export function spamRows(spam: { allow?: readonly string[]; deny?: readonly string[] }): Html {
  const cells = [{ name: 'address', placeholder: '0x… token contract' }];
  const list = (rows: string, legend: string, addresses: readonly string[] | undefined): Html =>
    rowsEditor({ rows, legend, add: 'Add contract', cells, values: (addresses ?? []).map((address) => [address]) });
  return html`${list('spam-allow', 'Tokens always trusted (spam allow list)', spam.allow)}${list('spam-deny', 'Tokens never trusted (spam deny list)', spam.deny)}${fieldError('spam')}`;
}
