import type { Static } from 'typebox';
import { VALUATION_FIGURES } from '../../runs/exportRun.js';
import { runFact } from '../../runs/runResults.js';
import type { Run } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import type { PriceFormPlace } from './missingPricesTable.js';
import { missingPricesTable } from './missingPricesTable.js';
import type { RunTable } from './reportTables.js';

/** The rows without a value, each kind named: the run's count and the transactions table's differ by what they include. */
function unvaluedRows(summary: Static<(typeof VALUATION_FIGURES)['schema']>): string {
  const parts = [`${summary.rowsWithoutValue} without a price`];
  if (summary.rowsUnknownDecimals !== undefined) parts.push(`${summary.rowsUnknownDecimals} of tokens with unknown decimals`);
  if (summary.rowsSpam !== undefined) parts.push(`${summary.rowsSpam} spam (never valued)`);
  return parts.join(' · ');
}

/**
 * A valued run's values: the book's currency, the price calls made of those expected (a warm run makes none),
 * how many rows have no value, and the list of chains and assets without one with the reason (never a 0).
 * Nothing for a run without values: its files carry none. With `form` (admins), a manual price beside each asset.
 */
export function valuesSection(run: Run, missing: RunTable | undefined, form?: PriceFormPlace): Html {
  const summary = runFact(run, VALUATION_FIGURES);
  if (missing === undefined || summary === undefined) return html``;
  const figures = html`<dl class="figures">
<dt>Currency</dt><dd>${summary.valueCurrency}</dd>
<dt>Price calls</dt><dd>${summary.priceCalls} of ${summary.expectedPriceCalls} expected</dd>
<dt>Cache hits</dt><dd>${summary.priceCacheHits}</dd>
<dt>Rows without a value</dt><dd data-unvalued>${unvaluedRows(summary)}</dd>
</dl>`;
  if (missing.rows.length === 0)
    return html`<h2>Values</h2>${figures}<p class="good-news">Every priced row has its value in ${summary.valueCurrency}.</p>`;
  return html`<h2>Values</h2>${figures}<p>These assets have no price for some rows: their value is left empty, never 0. A manual price values the rows from its time to the book's maximum age after it (24 h unless the book says otherwise) on the next run.</p>${missingPricesTable(missing, form)}`;
}
