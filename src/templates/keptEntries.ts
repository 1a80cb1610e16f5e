import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { Template } from './Template.js';
import type { TieTally } from './TieTally.js';
import { TIE_REASON } from './TieTally.js';

/**
 * The entries a template writes: entries a user rule ignores only where the template keeps them (the unified
 * ledger). Every entry passing by is tallied as the ledger's, and each one left out as ignored.
 */
export function* keptEntries(template: Template, entries: Iterable<LedgerEntry>, tie: TieTally): Generator<LedgerEntry> {
  const keep = template.ignored === 'keep';
  for (const entry of entries) {
    tie.entry(entry);
    if (keep || entry.ignored !== true) yield entry;
    else tie.leftOut(entry, TIE_REASON.ignored);
  }
}
