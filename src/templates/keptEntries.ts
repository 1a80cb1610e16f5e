import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { Template } from './Template.js';

/** The entries a template writes: entries a user rule ignores only where the template keeps them (the unified ledger). */
export function* keptEntries(template: Template, entries: Iterable<LedgerEntry>): Generator<LedgerEntry> {
  if (template.ignored === 'keep') {
    yield* entries;
    return;
  }
  for (const entry of entries) if (entry.ignored !== true) yield entry;
}
