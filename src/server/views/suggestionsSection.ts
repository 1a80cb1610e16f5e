import type { TransferSuggestion } from '../../ledger/suggestTransfers.js';
import type { Book } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';

/** At most this many are listed, and so accepted together (the API's accept-all takes as many). */
export const SHOWN_SUGGESTIONS = 100;

/**
 * Pairs of legs that look like one transfer between own wallets or a bridge, best first, each with why; admins accept
 * one (the rule a pair ticked by hand makes), all shown, or dismiss one (never suggested again).
 */
export function suggestionsSection(book: Book, suggestions: readonly TransferSuggestion[], admin: boolean): Html {
  if (suggestions.length === 0)
    return html`<p>No suggested match: no two legs left apart look like one transfer between own wallets or a bridge.</p>`;
  const shown = suggestions.slice(0, SHOWN_SUGGESTIONS);
  const url = `/api/books/${book.id}/suggestions`;
  const rows = shown.map(
    (one) =>
      html`<tr data-suggestion="${one.id}"><td>${one.reason}</td><td><code>${one.sent}</code><br><code>${one.arrived}</code></td>
${admin ? html`<td><button type="button" data-action="accept-suggestion" data-url="${url}/${one.id}/accept">Accept</button> <button type="button" data-action="dismiss-suggestion" data-url="${url}/${one.id}/dismiss">Dismiss</button></td>` : ''}</tr>`,
  );
  const more = suggestions.length > shown.length ? html`<p>${suggestions.length - shown.length} more after these.</p>` : '';
  const all = admin
    ? html`<p><button type="button" data-action="accept-suggestions" data-url="${url}/accept" data-ids="${shown.map((one) => one.id).join(' ')}" data-confirm="Accept all ${shown.length} shown? Each becomes an own_transfer rule on its two legs.">Accept all ${shown.length} shown</button></p>`
    : '';
  return html`<div class="wide"><table class="suggestions"><thead><tr><th>Why</th><th>Legs (out, in)</th>${admin ? html`<th></th>` : ''}</tr></thead><tbody>${rows}</tbody></table></div>${more}${all}`;
}
