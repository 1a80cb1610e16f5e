import { suggestTransfers, type TransferSuggestion } from '../ledger/suggestTransfers.js';
import type { RefreshOutcome } from './entries/refreshEntries.js';
import type { Workspace } from './Workspace.js';
import type { Book } from './WorkspaceData.js';

/** The reason a rule made from a suggestion is stored with: what the matcher saw, cut to a rule reason's 500 characters. */
const REASON_HEAD = 'suggested match accepted: ';

/** Hours a user may set as the window: up to the bridge window, as the rule a pair makes would refuse more. */
export const WINDOW_HOURS = { min: 1, max: 8 * 24 } as const;

/**
 * The book's suggested matches (`suggestTransfers`) over its shown transactions table, within `windowHours` (default:
 * the bridge window), those its users dismissed left out; an empty list before the table's first refresh.
 */
export async function bookSuggestions(workspace: Workspace, book: Book, windowHours?: number): Promise<TransferSuggestion[]> {
  const { suggestions } = workspace.entries;
  const [legs, dismissed] = await Promise.all([suggestions.candidates(book.id), suggestions.dismissed(book.id)]);
  return suggestTransfers(legs, {
    owned: new Set(book.data.wallets.map((wallet) => wallet.address.toLowerCase())),
    dismissed,
    ...(windowHours === undefined ? {} : { windowSeconds: windowHours * 3600 }),
  });
}

/**
 * Accepts a suggestion shown now: exactly the rule a pair ticked by hand makes (`own_transfer` on the two entry ids,
 * through `addBookRule`, checked and shown by one refresh), its reason the suggestion's. `undefined` when the
 * suggestion is no longer there (accepted, dismissed, or the legs changed).
 */
export async function acceptSuggestion(
  workspace: Workspace,
  book: Book,
  suggestionId: string,
  author: string,
): Promise<RefreshOutcome['trial']> {
  const found = (await bookSuggestions(workspace, book)).find((one) => one.id === suggestionId);
  if (found === undefined) return undefined;
  const reason = `${REASON_HEAD}${found.reason}`;
  return workspace.addBookRule(
    book.id,
    {
      match: { entries: [found.sent, found.arrived] },
      category: 'own_transfer',
      reason: reason.length > 500 ? `${reason.slice(0, 499)}…` : reason,
    },
    author,
  );
}

/** Remembers that the book's users do not want this pair suggested; `undefined` when it is not a suggestion shown now. */
export async function dismissSuggestion(
  workspace: Workspace,
  book: Book,
  suggestionId: string,
  author: string,
): Promise<TransferSuggestion | undefined> {
  const found = (await bookSuggestions(workspace, book)).find((one) => one.id === suggestionId);
  if (found === undefined) return undefined;
  await workspace.entries.suggestions.dismiss(book.id, suggestionId, author, workspace.now().toISOString());
  return found;
}
