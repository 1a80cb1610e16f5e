import { InputError } from '../../errors/LedgerscanError.js';
import type { EntryFilter } from './BookEntries.js';

const WHOLE_HASH = /^0x[0-9a-f]{64}$/;

/** Unix seconds as the job file writes an instant: ISO 8601 UTC to the second. */
function instant(time: number): string {
  return `${new Date(time * 1000).toISOString().slice(0, 19)}Z`;
}

/**
 * A filtered view of the transactions table as a rule's `match` in the job file's words (docs/ledger-rules.md,
 * "User rules"), so a bulk correction made on a view also reaches the entries that arrive later: a symbol or a
 * contract, a whole transaction hash or a text, the period as instants. A review status is the book's, not the
 * ledger's, and cannot be part of a rule: refused, naming the field.
 */
export function viewRuleMatch(filter: EntryFilter): Record<string, unknown> {
  if (filter.review !== undefined)
    throw new InputError('review cannot be part of a rule: a rule matches what the ledger says of an entry, not its review', {
      details: { field: 'review', fix: 'clear the review filter (mark the view reviewed apart), then apply the correction' },
    });
  const { from, to, wallet, chainId, asset, category, spam, q } = filter;
  return {
    ...(chainId === undefined ? {} : { chain: chainId }),
    ...(wallet === undefined ? {} : { wallet }),
    ...(asset === undefined ? {} : asset.startsWith('0x') ? { contract: asset } : { asset: asset.toLowerCase() }),
    ...(category === undefined ? {} : { category }),
    ...(spam === undefined ? {} : { spam }),
    ...(from === undefined ? {} : { from: instant(from) }),
    ...(to === undefined ? {} : { to: instant(to) }),
    ...(q === undefined ? {} : WHOLE_HASH.test(q) ? { tx: q } : { text: q }),
  };
}
