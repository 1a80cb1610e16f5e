import { findChain } from '../../chains/chains.js';
import type { GainsReviewJson } from '../../outputs/gainsReviewFile.js';
import { DateFormatter } from '../../templates/DateFormatter.js';
import { changesBooks } from '../../workspace/Accounts.js';
import type { Book, BookOpeningLot, Run, User } from '../../workspace/WorkspaceData.js';
import type { GainsView, MoneySums } from '../gainsView.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import type { GainsQuery } from '../schemas/gains.js';
import { assetLabel } from './assetLabel.js';
import { issuesWorklist, openingLotsTable } from './gainsIssues.js';
import { layout } from './layout.js';
import { selectOption } from './selectOption.js';
import { shortened } from './shortened.js';

export interface GainsPageInput {
  user: User;
  csrfToken: string;
  book: Book;
  query: GainsQuery;
  /** The run shown and what it kept; absent when no export of the book computed cost basis. */
  shown?: { run: Run; review: GainsReviewJson; view: GainsView };
  /** A filter that cannot be applied, said instead of the rows. */
  problem?: string;
  lots: readonly BookOpeningLot[];
}

/** The page's filters as a query string, with `extra` over them (a page number). */
export function gainsQueryString(query: GainsQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...extra }))
    if (value !== undefined && String(value) !== '') params.set(key, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** A token or the chain's coin as the pages label it. */
export const basisAsset = (asset: string, assetContract: string): Html =>
  assetLabel({ assetKind: assetContract === '' ? 'native' : 'erc20', asset, assetContract, tokenId: '', spam: '' });

export const chainName = (chainId: number): string => findChain(chainId)?.name ?? String(chainId);

function filterForm(book: Book, query: GainsQuery): Html {
  const wallets = book.data.wallets.map((wallet) =>
    selectOption(wallet.address.toLowerCase(), wallet.label ?? wallet.address, query.wallet?.toLowerCase()),
  );
  const chains = book.data.chains.map((chain) => selectOption(String(chain), chainName(chain), query.chain));
  const terms = ['short', 'long', 'unknown'].map((term) => selectOption(term, term, query.term));
  return html`<form method="get" action="/books/${book.id}/gains" class="card filters">
<label>Sold from <input type="date" name="from" value="${query.from ?? ''}"></label>
<label>To <input type="date" name="to" value="${query.to ?? ''}"></label>
<label>Wallet <select name="wallet">${selectOption('', 'any', query.wallet ?? '')}${wallets}</select></label>
<label>Chain <select name="chain">${selectOption('', 'any', query.chain ?? '')}${chains}</select></label>
<label>Asset <input name="asset" value="${query.asset ?? ''}" placeholder="symbol or 0x contract"></label>
<label>Term <select name="term">${selectOption('', 'any', query.term ?? '')}${terms}</select></label>
${query.run === undefined || query.run === '' ? '' : html`<input type="hidden" name="run" value="${query.run}">`}
<button type="submit">Filter</button> <a href="/books/${book.id}/gains">Clear</a>
</form>`;
}

const moneyCells = (sums: MoneySums): Html =>
  html`<td class="num">${sums.proceeds}</td><td class="num">${sums.sellingCosts}</td><td class="num">${sums.costBasis}</td><td class="num">${sums.gain}</td><td class="num">${sums.unknown === 0 ? '' : String(sums.unknown)}</td>`;

const MONEY_HEADS = html`<th>Proceeds</th><th>Selling costs</th><th>Cost basis</th><th>Gain</th><th>Unknown</th>`;

function totalsTable(view: GainsView): Html {
  const rows = view.totals.map(
    (total) =>
      html`<tr data-asset="${total.chainId}:${total.assetContract || 'native'}" data-term="${total.term}"><td>${basisAsset(total.asset, total.assetContract)}</td><td>${chainName(total.chainId)}</td><td>${total.term}</td><td class="num">${total.rows}</td>${moneyCells(total)}</tr>`,
  );
  return html`<h2>Totals by asset and term (${view.currency})</h2>
<div class="wide"><table class="gains-totals"><thead><tr><th>Asset</th><th>Chain</th><th>Term</th><th>Rows</th>${MONEY_HEADS}</tr></thead><tbody>${rows}</tbody>
<tfoot><tr data-all><th colspan="3">All</th><td class="num">${view.all.rows}</td>${moneyCells(view.all)}</tr></tfoot></table></div>
<p class="note">Sums over the rows whose gain is known; a row with an unknown price or no lot is counted under Unknown, never taken as 0.</p>`;
}

function disposalsTable(input: GainsPageInput, view: GainsView): Html {
  const { book, query } = input;
  const dates = new DateFormatter('yyyy-MM-dd HH:mm', book.data.timezone ?? 'UTC');
  const run = query.run === undefined || query.run === '' ? '' : `?run=${query.run}`;
  const rows = view.disposals.map(
    (line) =>
      html`<tr data-disposal="${line.entryId}"><td>${dates.format(line.soldAt)}</td><td>${basisAsset(line.asset, line.assetContract)} <small>${chainName(line.chainId)}</small></td><td class="num">${line.quantity}</td><td>${shortened(line.wallet)}</td><td>${line.kind}</td>${moneyCells(line)}<td>${line.term}</td><td>${line.flags.join(', ')}</td><td><a href="/books/${book.id}/gains/${line.entryId}${run}" data-trail>Lots</a></td></tr>`,
  );
  const pageLink = (page: number, text: string): Html =>
    html`<a class="button" href="/books/${book.id}/gains${gainsQueryString(query, { page: String(page) })}">${text}</a> `;
  return html`<h2>Disposals</h2>
<p class="view-figures"><strong data-total="${view.total}">${view.total} ${view.total === 1 ? 'disposal' : 'disposals'}</strong> in this view · page ${view.page} of ${view.pages} · dates in ${book.data.timezone ?? 'UTC'}</p>
<div class="wide"><table class="disposals"><thead><tr><th>Sold</th><th>Asset</th><th>Quantity</th><th>Wallet</th><th>Kind</th>${MONEY_HEADS}<th>Term</th><th>Flags</th><th>Trail</th></tr></thead><tbody>${rows}</tbody></table></div>
<p class="pages">${view.page > 1 ? pageLink(view.page - 1, 'Previous page') : ''}${view.page < view.pages ? pageLink(view.page + 1, 'Next page') : ''}</p>`;
}

/**
 * A book's realised gains for review: from its newest export that computed cost basis (or the run asked for), the
 * transactions table's filters and the term, totals by asset and term, one page of disposals each opening its lot
 * trail, the run's cost-basis issues with their fixes at hand, and the book's opening lots.
 */
export function gainsPage(input: GainsPageInput): Html {
  const { book, user, shown } = input;
  const head = html`<p><a href="/books/${book.id}">← ${book.data.name}</a></p><h1>Gains</h1>`;
  const lots = openingLotsTable(book, input.lots, changesBooks(user));
  if (shown === undefined)
    return layout({
      title: `Gains · ${book.data.name}`,
      user,
      csrfToken: input.csrfToken,
      body: html`${head}<p class="empty">No export of this book has computed cost basis yet: turn it on in the book's settings (Cost basis) and run an export.</p>${lots}`,
    });
  const { run, review } = shown;
  return layout({
    title: `Gains · ${book.data.name}`,
    user,
    csrfToken: input.csrfToken,
    body: html`${head}
<p class="run-of-gains" data-run-id="${run.id}">From <a href="/runs/${run.id}">run ${run.id}</a>: ${review.period.from} to ${review.period.to}, method ${review.method}, scope ${review.scope}, profile ${review.profile}, in ${review.currency}.</p>
${filterForm(book, input.query)}
${input.problem === undefined ? html`${totalsTable(shown.view)}${disposalsTable(input, shown.view)}` : html`<p class="error filter-problem" role="alert">${input.problem}</p>`}
${issuesWorklist(book, run, review, changesBooks(user))}
${lots}`,
  });
}
