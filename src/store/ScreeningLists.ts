/**
 * Screening lists from the API's label exports: each (chain, label) list as last fetched, and when. Like
 * address tags they are about chain addresses, not about a book, so the PostgreSQL store shares them.
 */
export interface ScreeningLists {
  /** ISO time the list was last stored, or `null` when it never was. */
  fetchedAt(chainId: number, label: string): string | null;
  /** Replaces the list with `addresses` (lowercased), in one transaction. */
  put(chainId: number, label: string, addresses: readonly string[], fetchedAt: string): void;
  /** How many addresses the stored list holds. */
  size(chainId: number, label: string): number;
  /** The stored lists each of `addresses` is on, by address (addresses on none are absent), labels in byte order. */
  listsOf(chainId: number, addresses: readonly string[]): Map<string, string[]>;
}

/** Rows of (label, address), ordered by address then label, as `listsOf` returns them. */
export function listsByAddress(rows: Iterable<{ label: string; address: string }>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { label, address } of rows) {
    const labels = found.get(address);
    if (labels === undefined) found.set(address, [label]);
    else labels.push(label);
  }
  return found;
}
