import type { Book, BookPrice } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { shortened } from './shortened.js';

/**
 * The book's manual prices (README, "Manual prices"), oldest first as its runs' price file lists them, with who
 * entered each; admins delete one, asked first. They are entered beside a run's missing prices (`missingPricesTable`).
 */
export function pricesSection(book: Book, prices: readonly BookPrice[], admin: boolean): Html {
  if (prices.length === 0)
    return html`<p>No manual price: every value comes from the book's price sources. A run's missing prices can be entered on its page.</p>`;
  const rows = prices.map(
    (price) =>
      html`<tr data-price="${price.id}"><td>${price.time.replace('T', ' ').replace('Z', '')}</td><td>${price.chainId}</td><td>${price.asset === 'native' ? 'native' : shortened(price.asset, 'addr')}</td><td class="num">${price.price} ${price.currency}</td><td>${price.author}</td><td>${price.created.slice(0, 16).replace('T', ' ')}</td>
${admin ? html`<td><button type="button" class="danger" data-action="delete-price" data-url="/api/books/${book.id}/prices/${price.id}" data-confirm="Delete this manual price? Later runs no longer use it; runs already done keep their files.">Delete</button></td>` : ''}</tr>`,
  );
  return html`<div class="wide"><table class="prices"><thead><tr><th>Time (UTC)</th><th>Chain</th><th>Asset</th><th>Price</th><th>Entered by</th><th>Entered (UTC)</th>${admin ? html`<th></th>` : ''}</tr></thead><tbody>${rows}</tbody></table></div>`;
}
