import { closestName } from '../config/closestName.js';
import { parseChainId } from '../config/parseChainId.js';
import { parseDay } from '../config/parseDay.js';
import { RULE_CATEGORIES } from '../ledger/LedgerRule.js';
import { periodInZone } from '../config/periodInZone.js';
import { InputError } from '../errors/LedgerscanError.js';
import type { EntryCursor, EntryFilter, EntryFlag, ReviewStatus } from '../workspace/entries/BookEntries.js';
import type { Book } from '../workspace/WorkspaceData.js';
import type { EntriesQuery } from './schemas/entries.js';

export const PAGE_ROWS = 100;

/** Every category the ledger writes: those a rule may set, and the fees a rule never touches. */
export const ENTRY_CATEGORIES: readonly string[] = [...new Set([...RULE_CATEGORIES, 'fee', 'failed_fee'])].sort();

/** A cursor as the API sends it: opaque text (the entry set, the seq and which side of it, base64url). */
export function cursorText(cursor: EntryCursor | null): string | null {
  if (cursor === null) return null;
  return Buffer.from(`${cursor.set}.${cursor.seq}${cursor.before === true ? '.before' : ''}`).toString('base64url');
}

function parseCursor(text: string): EntryCursor {
  const found = /^([1-9][0-9]*)\.([1-9][0-9]*)(\.before)?$/.exec(Buffer.from(text, 'base64url').toString());
  if (found === null)
    throw new InputError('cursor is not one this table gave', {
      details: { field: 'cursor', fix: 'pass the "next" or "previous" of a page, or none' },
    });
  return { set: Number(found[1]), seq: Number(found[2]), ...(found[3] === undefined ? {} : { before: true }) };
}

/** A category the ledger writes (any case), else a refusal naming the field: an unknown one would show 0 rows without a word. */
function knownCategory(text: string): string {
  const category = text.toLowerCase();
  if (ENTRY_CATEGORIES.includes(category)) return category;
  const near = closestName(category, ENTRY_CATEGORIES);
  throw new InputError(`category "${text}" is not a ledger category`, {
    details: { field: 'category', fix: near === undefined ? `use one of ${ENTRY_CATEGORIES.join(', ')}` : `did you mean ${near}?` },
  });
}

/** A domain refusal named by the query field it came from. */
function named<T>(field: string, parse: () => T): T {
  try {
    return parse();
  } catch (cause) {
    if (!(cause instanceof InputError)) throw cause;
    throw new InputError(cause.shortMessage, { details: { field }, cause });
  }
}

function dayStart(text: string, field: 'from' | 'to', zone: string): number {
  const day = named(field, () => parseDay(text, field));
  const period = periodInZone(day, day, zone);
  return field === 'from' ? period.startTime : period.endTime;
}

/** A blank query field means "any". */
function given(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text === undefined || text === '' ? undefined : text;
}

/**
 * The query of the table (API, CSV, page) in domain terms: days in the book's zone (`to` inclusive, not before
 * `from`) as instants, a chain by id, slug or name, a category the ledger writes, addresses and text lowercase (a
 * contract matches lowercase, a symbol in any case). Refusals name their field.
 */
export function entryFilter(query: EntriesQuery, book: Book): { filter: EntryFilter; cursor: EntryCursor | null; limit: number } {
  const zone = book.data.timezone ?? 'UTC';
  const [from, to, wallet, chain, asset, category, spam, review, flag, q] = [
    query.from,
    query.to,
    query.wallet,
    query.chain,
    query.asset,
    query.category,
    query.spam,
    query.review,
    query.flag,
    query.q,
  ].map(given);
  const filter: EntryFilter = {
    ...(from === undefined ? {} : { from: dayStart(from, 'from', zone) }),
    ...(to === undefined ? {} : { to: dayStart(to, 'to', zone) }),
    ...(wallet === undefined ? {} : { wallet: wallet.toLowerCase() }),
    ...(chain === undefined ? {} : { chainId: named('chain', () => parseChainId(chain, 'chain', 'web')) }),
    ...(asset === undefined ? {} : { asset: /^0x[0-9a-fA-F]{40}$/.test(asset) ? asset.toLowerCase() : asset }),
    ...(category === undefined ? {} : { category: knownCategory(category) }),
    ...(spam === undefined ? {} : { spam: spam === 'true' }),
    ...(review === undefined ? {} : { review: review as ReviewStatus }),
    ...(flag === undefined ? {} : { flag: flag as EntryFlag }),
    ...(q === undefined ? {} : { q: q.toLowerCase() }),
  };
  if (from !== undefined && to !== undefined && from > to)
    throw new InputError(`from ${from} is after to ${to}`, { details: { field: 'from', fix: 'swap the two dates, or leave one empty' } });
  const cursor = given(query.cursor);
  return { filter, cursor: cursor === undefined ? null : parseCursor(cursor), limit: query.limit ?? PAGE_ROWS };
}
