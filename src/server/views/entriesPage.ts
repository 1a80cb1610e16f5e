import { findChain } from '../../chains/chains.js';
import { RULE_CATEGORIES } from '../../ledger/LedgerRule.js';
import { DateFormatter } from '../../templates/DateFormatter.js';
import type { BookEntry, EntryPage, EntryTotals } from '../../workspace/entries/BookEntries.js';
import { REVIEW_STATUSES } from '../../workspace/entries/BookEntries.js';
import type { Book, User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import type { EntriesQuery } from '../schemas/entries.js';
import { amountText, assetLabel, unitOf } from './assetLabel.js';
import { explorerLink } from './explorerLink.js';
import { layout } from './layout.js';
import { ruleActionFields } from './rulesSection.js';
import { shortened } from './shortened.js';

export interface EntriesPageInput {
  user: User;
  csrfToken: string;
  book: Book;
  query: EntriesQuery;
  page: EntryPage;
  /** Null: the view is too large to sum on every visit; a link asks for it. */
  totals: EntryTotals | null;
  next: string | null;
}

/** The page's filters as a query string (the CSV link and the next page keep them). */
function queryString(query: EntriesQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...extra }))
    if (key !== 'cursor' && key !== 'totals' && value !== undefined && String(value) !== '') params.set(key, String(value));
  if (extra.totals !== undefined) params.set('totals', extra.totals);
  if (extra.cursor !== undefined) params.set('cursor', extra.cursor);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const option = (value: string, label: string, selected: string | undefined): Html =>
  html`<option value="${value}" ${selected === value ? html` selected` : ''}>${label}</option>`;

function filterForm(book: Book, query: EntriesQuery): Html {
  const wallets = book.data.wallets.map((wallet) =>
    option(wallet.address.toLowerCase(), wallet.label ?? wallet.address, query.wallet?.toLowerCase()),
  );
  const chains = book.data.chains.map((chain) => option(String(chain), findChain(chain)?.name ?? String(chain), query.chain));
  const categories = [...new Set([...RULE_CATEGORIES, 'fee', 'failed_fee', 'genesis'])].sort();
  return html`<form method="get" action="/books/${book.id}/entries" class="card filters">
    <label>From <input type="date" name="from" value="${query.from ?? ''}" /></label>
    <label>To <input type="date" name="to" value="${query.to ?? ''}" /></label>
    <label
      >Wallet
      <select name="wallet">
        ${option('', 'any', query.wallet ?? '')}${wallets}
      </select></label
    >
    <label
      >Chain
      <select name="chain">
        ${option('', 'any', query.chain ?? '')}${chains}
      </select></label
    >
    <label>Asset <input name="asset" value="${query.asset ?? ''}" placeholder="symbol or 0x contract" /></label>
    <label>Category <input name="category" list="categories" value="${query.category ?? ''}" /></label>
    <datalist id="categories">${categories.map((category) => html`<option value="${category}"></option>`)}</datalist>
    <label
      >Spam
      <select name="spam">
        ${option('', 'any', query.spam ?? '')}${option('false', 'not spam', query.spam)}${option('true', 'spam', query.spam)}
      </select></label
    >
    <label
      >Review
      <select name="review">
        ${option('', 'any', query.review ?? '')}${REVIEW_STATUSES.map((status) => option(status, status, query.review))}
      </select></label
    >
    <label class="search"
      >Search <input type="search" name="q" value="${query.q ?? ''}" placeholder="hash, counterparty, label, method"
    /></label>
    <button type="submit">Filter</button> <a href="/books/${book.id}/entries">Clear</a>
  </form>`;
}

/** The view's value in the book's currency, when its valued entries share one; how many have none. */
function valueLine(totals: EntryTotals): Html {
  const { value } = totals;
  if (value === null) return html``;
  const unvalued = value.unvalued === 0 ? '' : ` · ${value.unvalued} ${value.unvalued === 1 ? 'entry' : 'entries'} without a value`;
  return html`<p class="value-total" data-value-in="${value.in}" data-value-out="${value.out}">
    Value of this view: in <strong>${value.in} ${value.currency}</strong>, out
    <strong>${value.out} ${value.currency}</strong> (${value.valued} valued entries${unvalued})
  </p>`;
}

function totalsTable(book: Book, query: EntriesQuery, totals: EntryTotals | null): Html {
  if (totals === null)
    return html`<p>
      <a href="/books/${book.id}/entries${queryString(query, { totals: '1' })}">Totals of this view, in units and value</a> (a large view:
      summed when asked)
    </p>`;
  if (totals.assets.length === 0) return html``;
  const rows = totals.assets.map((total) => {
    const asset = {
      assetKind: total.assetContract === '' ? 'native' : 'erc20',
      asset: total.asset,
      assetContract: total.assetContract,
      tokenId: '',
      spam: '',
    };
    return html`<tr>
      <td>${findChain(total.chainId)?.name ?? String(total.chainId)}</td>
      <td>${assetLabel(asset)}</td>
      <td class="num">${total.entries}</td>
      <td class="num">${total.in}</td>
      <td class="num">${total.out}</td>
    </tr>`;
  });
  return html`${valueLine(totals)}
    <details class="totals">
      <summary>Totals of this view, in units</summary>
      <div class="wide">
        <table>
          <thead>
            <tr>
              <th>Chain</th>
              <th>Asset</th>
              <th>Entries</th>
              <th>In</th>
              <th>Out</th>
            </tr>
          </thead>
          <tbody>
            ${rows}
          </tbody>
        </table>
      </div>
    </details>`;
}

/** The entry's value with its currency and the price's source as a small label; without one, why (empty for an unvalued book). */
function valueCell(cell: (name: string) => string): Html {
  if (cell('value') === '')
    return html`<td class="num value">
      ${cell('value_state') === '' ? '' : html`<small class="value-state">${cell('value_state')}</small>`}
    </td>`;
  return html`<td class="num value" title="price ${cell('price')} ${cell('price_currency')} at ${cell('price_time')}">
    ${cell('value')} ${cell('price_currency')} <small class="price-source">${cell('price_source')}</small>
  </td>`;
}

function reviewControls(book: Book, entry: BookEntry, admin: boolean): Html {
  const status = html`<span
    class="status review-${entry.review.status}"
    title="${entry.review.author === null ? '' : `${entry.review.author}, ${entry.review.at ?? ''}`}"
    >${entry.review.status}</span
  >`;
  const notes = entry.notes.map(
    (note) => html`<div class="note">${note.text} <small>${note.author}, ${note.at.slice(0, 16).replace('T', ' ')}</small></div>`,
  );
  if (!admin) return html`${status}${notes}`;
  const base = `/api/books/${book.id}/entries/${entry.entryId}`;
  return html`<details class="correct">
      <summary>Correct</summary>
      ${correctionForm(book, [entry.entryId], 'Save as a rule')}
    </details>
    <form data-form="review" data-url="${base}/review" class="inline">
      <select name="status" aria-label="Review status">
        ${REVIEW_STATUSES.map((value) => option(value, value, entry.review.status))}</select
      ><button type="submit">Set</button>
    </form>
    ${notes}
    <form data-form="note" data-url="${base}/notes" class="inline">
      <input name="text" maxlength="2000" placeholder="Add a note" aria-label="Note" /><button type="submit">Add</button
      ><span class="error" data-error></span>
    </form>`;
}

/**
 * A correction of these legs, saved as a book rule matching their entry ids (docs/ledger-rules.md, "Book rules"):
 * the table and every later run follow it. Without ids, the legs ticked in the table (`data-selection`).
 */
function correctionForm(book: Book, entryIds: readonly string[], submit: string): Html {
  return html`<form
    data-form="rule"
    data-url="/api/books/${book.id}/rules"
    class="inline"
    ${entryIds.length === 0 ? html` data-selection` : ''}
  >
    <input type="hidden" name="criterion" value="entries" /><input
      type="hidden"
      name="value"
      value="${entryIds.join(' ')}"
    />${ruleActionFields(submit)}
  </form>`;
}

function legRow(book: Book, entry: BookEntry, admin: boolean): Html {
  const cell = (name: string): string => entry.cells[name] ?? '';
  const asset = {
    assetKind: cell('kind'),
    asset: cell('asset'),
    assetContract: cell('asset_contract'),
    tokenId: cell('token_id'),
    spam: cell('spam'),
  };
  const decimals = cell('decimals') === '' ? null : Number(cell('decimals'));
  return html`<tr class="${cell('spam') === '' ? 'leg' : 'leg spam'}" data-entry="${entry.entryId}">
    ${admin ? html`<td><input type="checkbox" name="pick" value="${entry.entryId}" aria-label="Select this leg" /></td>` : ''}
    <td>
      ${cell('wallet_label') === '' ? shortened(cell('wallet')) : html`<span title="${cell('wallet')}">${cell('wallet_label')}</span>`}
    </td>
    <td>${cell('direction')}</td>
    <td>${assetLabel(asset)}</td>
    <td class="num">${amountText(cell('amount_raw'), decimals, unitOf(asset), decimals === null ? '' : cell('amount'))}</td>
    ${valueCell(cell)}
    <td>
      ${cell('counterparty_label') === '' ? shortened(cell('counterparty')) : html`<span title="${cell('counterparty')}">${cell('counterparty_label')}</span>`}
    </td>
    <td>${cell('category')}</td>
    <td>${cell('spam')}</td>
    <td>${cell('note')}</td>
    <td class="review">${reviewControls(book, entry, admin)}</td>
  </tr>`;
}

/** Consecutive entries of one transaction (the ledger's order keeps a transaction's legs together). */
function transactions(entries: readonly BookEntry[]): BookEntry[][] {
  const groups: BookEntry[][] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    const key = (one: BookEntry): string => `${one.cells.chain_id}|${one.cells.tx_hash}`;
    if (last !== undefined && key(last[0] as BookEntry) === key(entry)) last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

function transactionRows(book: Book, group: readonly BookEntry[], dates: DateFormatter, admin: boolean): Html {
  const first = group[0] as BookEntry;
  const chainId = Number(first.cells.chain_id);
  return html`<tbody class="tx">
    <tr class="tx-head">
      <th colspan="${admin ? 11 : 10}">
        <span class="when">${dates.format(first.timestamp)}</span> · ${findChain(chainId)?.name ?? String(chainId)} ·
        ${explorerLink(chainId, first.cells.tx_hash ?? '')}${first.cells.method === '' ? '' : html` · <span class="method">${first.cells.method}</span>`}
        · ${group.length === 1 ? '1 leg' : `${group.length} legs`}
      </th>
    </tr>
    ${group.map((entry) => legRow(book, entry, admin))}
  </tbody>`;
}

/** A book's transactions: filters, counts and totals of the view, the entries grouped by transaction, a CSV of exactly the view. */
export function entriesPage(input: EntriesPageInput): Html {
  const { book, query, page, user } = input;
  const zone = book.data.timezone ?? 'UTC';
  const dates = new DateFormatter('yyyy-MM-dd HH:mm', zone);
  const admin = user.role === 'admin';
  const groups = transactions(page.entries);
  return layout({
    title: `Transactions · ${book.data.name}`,
    user,
    csrfToken: input.csrfToken,
    body: html`<p><a href="/books/${book.id}">← ${book.data.name}</a></p>
      <h1>Transactions</h1>
      ${filterForm(book, query)}
      <p class="view-figures">
        <strong data-total="${page.total}">${page.total} ${page.total === 1 ? 'entry' : 'entries'}</strong> in this view · dates in ${zone}
        ·
        <a href="/api/books/${book.id}/entries.csv${queryString(query)}" download>CSV of this view</a>
        ${page.refreshedAt === null ? ' · not built yet: run a sync or refresh' : ` · from the store as of ${page.refreshedAt.slice(0, 16).replace('T', ' ')} UTC`}
        ${admin ? html` <button type="button" data-action="refresh-entries" data-url="/api/books/${book.id}/entries/refresh">Refresh from the store</button><span class="error" data-error></span>` : ''}
      </p>
      ${totalsTable(book, query, input.totals)}
      ${
        admin
          ? html`<details class="card">
              <summary>Correct the ticked legs together</summary>
              <p>Two legs of a transfer between own wallets: tick both, then set category own_transfer.</p>
              ${correctionForm(book, [], 'Save as a rule')}
            </details>`
          : ''
      }
      <div class="wide">
        <table class="entries">
          <thead>
            <tr>
              ${admin ? html`<th></th>` : ''}
              <th>Wallet</th>
              <th>Dir.</th>
              <th>Asset</th>
              <th>Amount</th>
              <th>Value</th>
              <th>Counterparty</th>
              <th>Category</th>
              <th>Spam reason</th>
              <th>Note</th>
              <th>Review and notes</th>
            </tr>
          </thead>
          ${groups.map((group) => transactionRows(book, group, dates, admin))}
        </table>
      </div>
      <p>
        ${query.cursor === undefined || query.cursor === '' ? '' : html`<a href="/books/${book.id}/entries${queryString(query)}">First page</a> `}${input.next === null ? '' : html`<a class="button" href="/books/${book.id}/entries${queryString(query, { cursor: input.next })}">Next page</a>`}
      </p>`,
  });
}
