import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { Template } from './Template.js';
import type { TieTally } from './TieTally.js';
import { TIE_REASON } from './TieTally.js';

/**
 * The entries a template writes: entries a user rule ignores only where the template keeps them (the unified
 * ledger). Every entry passing by is tallied as the ledger's, and each one left out as ignored.
 */
export function* keptEntries(template: Template, entries: Iterable<LedgerEntry>, tie: TieTally): Generator<LedgerEntry> {
  const keep = keepsIgnored(template);
  for (const entry of entries) if (keptEntry(keep, entry, tie)) yield entry;
}

/** Whether the template writes the entries a user rule ignores. */
export function keepsIgnored(template: Template): boolean {
  return template.ignored === 'keep';
}

/**
 * One entry of `keptEntries`, for a loop over the entries themselves: a generator between the ledger and the rows
 * cost its resumption per entry.
 */
export function keptEntry(keep: boolean, entry: LedgerEntry, tie: TieTally): boolean {
  tie.entry(entry);
  if (keep || entry.ignored !== true) return true;
  tie.leftOut(entry, TIE_REASON.ignored);
  return false;
}
