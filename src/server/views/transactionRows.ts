import { findChain } from '../../chains/chains.js';
import type { DateFormatter } from '../../templates/DateFormatter.js';
import type { BookEntry, EntryNote } from '../../workspace/entries/BookEntries.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { assetLabel } from './assetLabel.js';
import { legAsset } from './legAsset.js';
import { explorerLink } from './explorerLink.js';
import { shortened } from './shortened.js';

/**
 * The entry's value with its currency and the price's source as a small label (a short name); the price, its time
 * and a converted price's ECB rate and date in the tooltip, not in the label. Without a value, why (empty for an
 * unvalued book).
 */
function valueCell(cell: (name: string) => string): Html {
  if (cell('value') === '')
    return html`<td class="num value">${cell('value_state') === '' ? '' : html`<small class="value-state">${cell('value_state')}</small>`}</td>`;
  const fx = cell('fx_rate') === '' ? '' : `; ECB ${cell('fx_rate')} USD per ${cell('price_currency')} of ${cell('fx_date')}`;
  return html`<td class="num value" title="price ${cell('price')} ${cell('price_currency')} at ${cell('price_time')}${fx}"><span class="money">${cell('value')} ${cell('price_currency')}</span> <small class="price-source">${cell('price_source')}</small></td>`;
}

/** What the visitor may do on the rows: correct legs (admins and the book's staff), read their history (all but clients), and which notes they may change (their own; an admin's, all). */
export interface RowRights {
  admin: boolean;
  history: boolean;
  changesNote: (note: EntryNote) => boolean;
}

/** A note, with its edit and removal for who may change it (app.js asks for the new text, and confirms the removal). */
function noteLine(note: EntryNote, rights: RowRights): Html {
  const url = `notes/${note.id}`;
  const controls = rights.changesNote(note)
    ? html` <button type="button" class="small" data-action="edit-note" data-note="${url}" data-text="${note.text}">Edit note</button> <button type="button" class="small" data-action="delete-note" data-note="${url}">Delete note</button>`
    : '';
  return html`<div class="note" data-note-id="${String(note.id)}"><span class="note-text">${note.text}</span> <small>${note.author}, ${note.at.slice(0, 16).replace('T', ' ')}</small>${controls}</div>`;
}

/**
 * The leg's review status and notes; for those who change the book, one small button that opens the page's single
 * correction dialog (`correctionDialog`) for this leg; for those who read its history (not a client), one that opens
 * the page's one history dialog: a row carries no form of its own, so a page stays light. The leg's id is its row's
 * `data-entry` alone, which app.js reads for the buttons and the tick.
 */
function reviewControls(entry: BookEntry, rights: RowRights): Html {
  const status = html`<span class="status review-${entry.review.status}"${entry.review.author === null ? '' : html` title="${entry.review.author}, ${entry.review.at ?? ''}"`}>${entry.review.status}</span>`;
  const notes = entry.notes.map((note) => noteLine(note, rights));
  const correct = rights.admin ? html` <button type="button" class="small" data-action="correct">Edit</button>` : '';
  const history = rights.history ? html` <button type="button" class="small" data-action="history">History</button>` : '';
  return html`${status}${correct}${history}${notes}`;
}

function legRow(entry: BookEntry, rights: RowRights): Html {
  const { admin } = rights;
  const cell = (name: string): string => entry.cells[name] ?? '';
  const { asset, amount } = legAsset(entry);
  return html`<tr class="${cell('spam') === '' ? 'leg' : 'leg spam'}" data-entry="${entry.entryId}">
${admin ? html`<td><input type="checkbox" name="pick" aria-label="Select this leg"></td>` : ''}<td>${cell('wallet_label') === '' ? shortened(cell('wallet')) : html`<span title="${cell('wallet')}">${cell('wallet_label')}</span>`}</td>
<td>${cell('direction')}</td>
<td>${assetLabel(asset)}</td>
<td class="num">${amount}</td>
${valueCell(cell)}
<td>${cell('counterparty_label') === '' ? shortened(cell('counterparty')) : html`<span title="${cell('counterparty')}">${cell('counterparty_label')}</span>`}</td>
<td>${cell('category')}</td>
<td>${cell('spam')}</td>
<td>${cell('note')}</td>
<td class="review">${reviewControls(entry, rights)}</td>
</tr>`;
}

/** Consecutive entries of one transaction (the ledger's order keeps a transaction's legs together). */
export function transactions(entries: readonly BookEntry[]): BookEntry[][] {
  const groups: BookEntry[][] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    const key = (one: BookEntry): string => `${one.cells.chain_id}|${one.cells.tx_hash}`;
    if (last !== undefined && key(last[0] as BookEntry) === key(entry)) last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

export function transactionRows(group: readonly BookEntry[], dates: DateFormatter, rights: RowRights): Html {
  const { admin } = rights;
  const first = group[0] as BookEntry;
  const chainId = Number(first.cells.chain_id);
  return html`<tbody class="tx">
<tr class="tx-head"><th colspan="${admin ? 11 : 10}"><span class="when">${dates.format(first.timestamp)}</span> · ${findChain(chainId)?.name ?? String(chainId)} · ${explorerLink(chainId, first.cells.tx_hash ?? '')}${first.cells.method === '' ? '' : html` · <span class="method">${first.cells.method}</span>`} · ${group.length === 1 ? '1 leg' : `${group.length} legs`}</th></tr>
${group.map((entry) => legRow(entry, rights))}
</tbody>`;
}
