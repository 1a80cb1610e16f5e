import { DateFormatter } from '../../templates/DateFormatter.js';
import type { Book } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';

/**
 * A link to one entry's row in the book's transactions table: the table filtered to its transaction on its day (in
 * the book's zone), so the row (`data-entry`) is there whatever the book's period.
 */
export function entryLink(book: Book, leg: { entryId: string; txHash: string; timestamp: number }, text: string): Html {
  const day = new DateFormatter('yyyy-MM-dd', book.data.timezone ?? 'UTC').format(leg.timestamp);
  const query = new URLSearchParams({ q: leg.txHash, from: day, to: day });
  return html`<a href="/books/${book.id}/entries?${query.toString()}" data-entry-link="${leg.entryId}">${text}</a>`;
}
