import { entryIdFromLegacy, LEGACY_ENTRY_ID } from '../ledger/entryId.js';

/**
 * Where text names an entry: a bank statement's memo (`… entry <id>`) and a bridge leg's note
 * (`bridged_to <chain>:<tx hash>:<id>`). Elsewhere 16 hex digits may be an amount or a token id, so only
 * the `entry_id` column and these two places are read as ids.
 */
const NAMED_ID = /(\bentry |\b0x[0-9a-f]{64}:)([0-9a-f]{16})(?![0-9A-Za-z])/g;

/**
 * A filed row with its entry ids as today's code writes them: a period filed before ids began with a letter
 * keeps its files, and `diff --since-filed` compares them through `entryIdFromLegacy`, so the new id form
 * alone changes no row. A row already in today's form comes back equal.
 */
export function currentEntryIds(row: Record<string, string>): Record<string, string> {
  const current: Record<string, string> = {};
  for (const [column, cell] of Object.entries(row)) {
    current[column] =
      column === 'entry_id' && LEGACY_ENTRY_ID.test(cell)
        ? entryIdFromLegacy(cell)
        : cell.replace(NAMED_ID, (_, before: string, id: string) => before + entryIdFromLegacy(id));
  }
  return current;
}
