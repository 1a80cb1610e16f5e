import { findChain } from '../../chains/chains.js';
import { DEFAULT_BOOK_CURRENCY } from '../../config/resolveValuation.js';
import { DateFormatter } from '../../templates/DateFormatter.js';
import type { BookPeriod } from '../../workspace/bookPeriod.js';
import { bookSettings } from '../../workspace/entries/bookSettings.js';
import type { EntryPage, EntryTotals } from '../../workspace/entries/BookEntries.js';
import { REVIEW_STATUSES } from '../../workspace/entries/BookEntries.js';
import type { Book, User } from '../../workspace/WorkspaceData.js';
import { changesBooks, readsEntryHistory } from '../../workspace/Accounts.js';
import { ENTRY_CATEGORIES } from '../entryFilter.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import type { EntriesQuery } from '../schemas/entries.js';
import { assetLabel } from './assetLabel.js';
import { bulkCorrectionForm } from './bulkCorrectionForm.js';
import { bulkReviewForm } from './bulkReviewForm.js';
import { layout } from './layout.js';
import { selectOption } from './selectOption.js';
import { correctionDialog } from './correctionDialog.js';
import { historyDialog } from './historyDialog.js';
import type { RowRights } from './transactionRows.js';
import { transactionRows, transactions } from './transactionRows.js';

export interface EntriesPageInput {
  user: User;
  csrfToken: string;
  book: Book;
  /** The filters applied: the visitor's, with the book's period when they gave no dates. */
  query: EntriesQuery;
  /** The book's period when the page opened on it (no dates given). */
  period: BookPeriod | undefined;
  /** A filter that cannot be applied, said instead of the rows. */
  problem?: string;
  view?: {
    page: EntryPage;
    /** Null: the view is too large to sum on every visit; a link asks for it. */
    totals: EntryTotals | null;
    next: string | null;
    previous: string | null;
  };
}

/** Dates left blank on purpose are kept: without them the page would open on the book's period again. */
const KEPT_BLANK = new Set(['from', 'to']);

/** The page's filters as a query string (the CSV link and the other pages keep them). */
function queryString(query: EntriesQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...extra }))
    if (key !== 'cursor' && key !== 'totals' && value !== undefined && (String(value) !== '' || KEPT_BLANK.has(key)))
      params.set(key, String(value));
  if (extra.totals !== undefined) params.set('totals', extra.totals);
  if (extra.cursor !== undefined) params.set('cursor', extra.cursor);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function filterForm(book: Book, query: EntriesQuery): Html {
  const wallets = book.data.wallets.map((wallet) =>
    selectOption(wallet.address.toLowerCase(), wallet.label ?? wallet.address, query.wallet?.toLowerCase()),
  );
  const chains = book.data.chains.map((chain) => selectOption(String(chain), findChain(chain)?.name ?? String(chain), query.chain));
  return html`<form method="get" action="/books/${book.id}/entries" class="card filters">
    <label>From <input type="date" name="from" value="${query.from ?? ''}" /></label>
    <label>To <input type="date" name="to" value="${query.to ?? ''}" /></label>
    <label
      >Wallet
      <select name="wallet">
        ${selectOption('', 'any', query.wallet ?? '')}${wallets}
      </select></label
    >
    <label
      >Chain
      <select name="chain">
        ${selectOption('', 'any', query.chain ?? '')}${chains}
      </select></label
    >
    <label>Asset <input name="asset" value="${query.asset ?? ''}" placeholder="symbol or 0x contract" /></label>
    <label>Category <input name="category" list="categories" value="${query.category ?? ''}" /></label>
    <datalist id="categories">${ENTRY_CATEGORIES.map((category) => html`<option value="${category}">`)}</datalist>
    <label
      >Spam
      <select name="spam">
        ${selectOption('', 'any', query.spam ?? '')}${selectOption('false', 'not spam', query.spam)}${selectOption('true', 'spam', query.spam)}
      </select></label
    >
    <label
      >Review
      <select name="review">
        ${selectOption('', 'any', query.review ?? '')}${REVIEW_STATUSES.map((status) => selectOption(status, status, query.review))}
      </select></label
    >
    <label
      >Flag
      <select name="flag">
        ${selectOption('', 'any', query.flag ?? '')}${selectOption('missing_price', 'no price', query.flag)}${selectOption('unmatched_bridge', 'unmatched bridge', query.flag)}
      </select></label
    >
    <label class="search"
      >Search <input type="search" name="q" value="${query.q ?? ''}" placeholder="hash, counterparty, label, method"
    /></label>
    <button type="submit">Filter</button> <a href="/books/${book.id}/entries">Clear</a>
  </form>`;
}

/** The book's period the page opened on, and the way to every date. */
function periodNote(book: Book, period: BookPeriod | undefined): Html {
  if (period === undefined) return html``;
  return html`<p class="period-note">The book's period, ${period.from} to ${period.to} (its newest run's): <a href="/books/${book.id}/entries?from=&amp;to=">every date</a></p>`;
}

/** The view's value in the book's currency, when its valued entries share one; how many have none. */
function valueLine(totals: EntryTotals): Html {
  const { value } = totals;
  if (value === null) return html``;
  const kinds = [
    [value.withoutPrice, 'without a price'],
    [value.unknownDecimals, 'of tokens with unknown decimals'],
    [value.spam, 'spam'],
  ] as const;
  const named = kinds.filter(([count]) => count > 0).map(([count, kind]) => `${count} ${kind}`);
  const unvalued =
    value.unvalued === 0 ? '' : ` · ${value.unvalued} ${value.unvalued === 1 ? 'entry' : 'entries'} without a value: ${named.join(', ')}`;
  return html`<p class="value-total" data-value-in="${value.in}" data-value-out="${value.out}">Value of this view: in <strong>${value.in} ${value.currency}</strong>, out <strong>${value.out} ${value.currency}</strong> (${value.valued} valued entries${unvalued})</p>`;
}

function totalsTable(book: Book, query: EntriesQuery, totals: EntryTotals | null): Html {
  if (totals === null)
    return html`<p><a href="/books/${book.id}/entries${queryString(query, { totals: '1' })}">Totals of this view, in units and value</a> (a large view: summed when asked)</p>`;
  if (totals.assets.length === 0) return html``;
  const rows = totals.assets.map((total) => {
    const asset = {
      assetKind: total.assetContract === '' ? 'native' : 'erc20',
      asset: total.asset,
      assetContract: total.assetContract,
      tokenId: '',
      spam: '',
    };
    return html`<tr><td>${findChain(total.chainId)?.name ?? String(total.chainId)}</td><td>${assetLabel(asset)}</td><td class="num">${total.entries}</td><td class="num">${total.in}</td><td class="num">${total.out}</td></tr>`;
  });
  return html`${valueLine(totals)}<details class="totals"><summary>Totals of this view, in units</summary><div class="wide"><table><thead><tr><th>Chain</th><th>Asset</th><th>Entries</th><th>In</th><th>Out</th></tr></thead><tbody>${rows}</tbody></table></div></details>`;
}

/** A book's transactions: filters, counts and totals of the view, the entries grouped by transaction, a CSV of exactly the view. */
export function entriesPage(input: EntriesPageInput): Html {
  const { book, query, user } = input;
  return layout({
    title: `Transactions · ${book.data.name}`,
    user,
    csrfToken: input.csrfToken,
    body: html`<p><a href="/books/${book.id}">← ${book.data.name}</a></p>
<h1>Transactions</h1>
${filterForm(book, query)}
${periodNote(book, input.period)}
${input.view === undefined ? html`<p class="error filter-problem" role="alert">${input.problem ?? ''}</p>` : entriesView(input, input.view)}`,
  });
}

/** The settings that changed since the table was built, by name ('currency USD → EUR' for a currency). */
function changedSettings(built: string, now: string): string[] {
  const [was, is] = [JSON.parse(built) as Record<string, unknown>, JSON.parse(now) as Record<string, unknown>];
  const currency = (settings: Record<string, unknown>): string =>
    (settings.valuation as { currency?: string } | undefined)?.currency?.toUpperCase() ?? DEFAULT_BOOK_CURRENCY;
  return [...new Set([...Object.keys(was), ...Object.keys(is)])]
    .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]))
    .map((key) => (key === 'valuation' && currency(was) !== currency(is) ? `currency ${currency(was)} → ${currency(is)}` : key));
}

/** Said above a table built from other book settings than the book's (a refresh is on its way since they changed). */
function staleNotice(book: Book, page: EntryPage, admin: boolean): Html {
  const now = bookSettings(book.data);
  if (page.settings === '' || page.settings === now) return html``;
  return html`<p class="stale" role="status" data-stale>Stale: this table was built before the book's settings changed (${changedSettings(page.settings, now).join(', ')}). Its values, labels and totals are the old ones until the refresh the change started is done: reload in a moment${admin ? ', or refresh it from the store' : ''}.</p>`;
}

function entriesView(input: EntriesPageInput, view: NonNullable<EntriesPageInput['view']>): Html {
  const { book, query, user } = input;
  const { page } = view;
  const zone = book.data.timezone ?? 'UTC';
  const dates = new DateFormatter('yyyy-MM-dd HH:mm', zone);
  const admin = changesBooks(user);
  // A note is changed by its author, or by an admin; never by a reader.
  const rights: RowRights = {
    admin,
    history: readsEntryHistory(user),
    changesNote: (note) => admin && (user.role === 'admin' || note.author === user.name),
  };
  const groups = transactions(page.entries);
  const pageLink = (cursor: string, text: string): Html =>
    html`<a class="button" href="/books/${book.id}/entries${queryString(query, { cursor })}">${text}</a> `;
  return html`<p class="view-figures"><strong data-total="${page.total}">${page.total} ${page.total === 1 ? 'entry' : 'entries'}</strong> in this view · dates in ${zone} ·
<a href="/api/books/${book.id}/entries.csv${queryString(query)}" download>CSV of this view</a>
${page.refreshedAt === null ? ' · not built yet: run a sync or refresh' : ` · from the store as of ${page.refreshedAt.slice(0, 16).replace('T', ' ')} UTC`}
${admin ? html` <button type="button" data-action="refresh-entries" data-url="/api/books/${book.id}/entries/refresh">Refresh from the store</button><span class="error" data-error></span>` : ''}</p>
${staleNotice(book, page, admin)}
${totalsTable(book, query, view.totals)}
${admin && page.total > 0 ? html`${bulkReviewForm(book, query, page.total)}${bulkCorrectionForm(book, query, page.total)}` : ''}
${admin ? html`<p class="correct-ticked"><button type="button" data-action="correct-ticked">Correct the ticked legs together</button> (two legs of a transfer between own wallets: tick both, then set category own_transfer)</p>${correctionDialog(book)}` : ''}
<div class="wide"><table class="entries"><thead><tr>${admin ? html`<th></th>` : ''}<th>Wallet</th><th>Dir.</th><th>Asset</th><th>Amount</th><th>Value</th><th>Counterparty</th><th>Category</th><th title="Why the row looks like spam">Spam</th><th>Note</th><th>Review and notes</th></tr></thead>
${groups.map((group) => transactionRows(group, dates, rights))}</table></div>
${rights.history ? historyDialog(book) : ''}
<p class="pages">${query.cursor === undefined || query.cursor === '' ? '' : html`<a href="/books/${book.id}/entries${queryString(query)}">First page</a> `}${view.previous === null ? '' : pageLink(view.previous, 'Previous page')}${view.next === null ? '' : pageLink(view.next, 'Next page')}</p>`;
}
