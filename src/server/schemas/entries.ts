import { type Static, Type } from 'typebox';
import { ENTRY_FLAGS, REVIEW_STATUSES } from '../../workspace/entries/BookEntries.js';
import { NOTE_MAX } from '../../workspace/entries/entryChanges.js';
import { idText, nullable } from './common.js';

/** A blank field (a page's empty filter) means "any": every pattern accepts ''. */
const blankOr = (pattern: string) => Type.Optional(Type.String({ pattern: `^$|${pattern}` }));

const entriesFilters = {
  from: blankOr('^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  to: blankOr('^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  wallet: blankOr('^0x[0-9a-fA-F]{40}$'),
  chain: Type.Optional(Type.String({ maxLength: 60 })),
  asset: Type.Optional(Type.String({ maxLength: 120 })),
  // Checked against the ledger's categories by entryFilter, whose refusal names the ones there are.
  category: Type.Optional(Type.String({ maxLength: 40 })),
  spam: Type.Optional(Type.Enum(['', 'true', 'false'], { type: 'string' })),
  review: Type.Optional(Type.Enum(['', ...REVIEW_STATUSES], { type: 'string' })),
  /** What the books list flags: `missing_price`, `unmatched_bridge`. */
  flag: Type.Optional(Type.Enum(['', ...ENTRY_FLAGS], { type: 'string' })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  cursor: blankOr('^[A-Za-z0-9_-]{1,40}$'),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
};

/** The filters of a book's transactions table, for the API, the CSV download and the page alike. */
export const entriesQuery = Type.Object(entriesFilters, { additionalProperties: false });

/** The page's query: the table's, plus `totals=1` to sum a view too large to sum on every visit. */
export const entriesPageQuery = Type.Object(
  { ...entriesFilters, totals: Type.Optional(Type.Enum(['', '1'], { type: 'string' })) },
  { additionalProperties: false },
);

/** The page's query; the API's is the same without `totals`. */
export type EntriesQuery = Static<typeof entriesPageQuery>;

export const entryParams = Type.Object(
  { id: idText(), entryId: Type.String({ pattern: '^x[0-9a-f]{16}$' }) },
  { additionalProperties: false },
);

const note = Type.Object(
  { id: Type.Integer(), author: Type.String(), at: Type.String(), text: Type.String() },
  { additionalProperties: false },
);

/** `/api/books/:id/entries/:entryId/notes/:noteId`: a note of the entry, by its id. */
export const noteParams = Type.Object(
  { id: idText(), entryId: Type.String({ pattern: '^x[0-9a-f]{16}$' }), noteId: idText() },
  { additionalProperties: false },
);

/** Every change to an entry, newest first: who, when, what (`entryHistory`). */
export const historyResponse = Type.Object(
  {
    history: Type.Array(
      Type.Object(
        {
          at: Type.String(),
          user: nullable(Type.String()),
          kind: Type.Enum(['rule', 'review', 'note', 'price'], { type: 'string' }),
          action: Type.String(),
          change: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const review = Type.Object(
  { status: Type.String(), author: nullable(Type.String()), at: nullable(Type.String()) },
  { additionalProperties: false },
);

/** An entry: the `ledger.csv` columns (all text, whatever columns the ledger template has) plus its review and notes. */
export const entryResponse = Type.Object(
  {
    entry_id: Type.String(),
    review: Type.String(),
    reviewed_by: Type.Optional(nullable(Type.String())),
    reviewed_at: Type.Optional(nullable(Type.String())),
    notes: Type.Array(note),
  },
  { additionalProperties: Type.String() },
);

export const entriesResponse = Type.Object(
  {
    entries: Type.Array(entryResponse),
    next: nullable(Type.String()),
    previous: nullable(Type.String()),
    total: Type.Integer(),
    refreshedAt: Type.Optional(nullable(Type.String())),
    /** The table was built from other book settings than the book's (a refresh is on its way). */
    stale: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const totalsResponse = Type.Object(
  {
    total: Type.Integer(),
    assets: Type.Array(
      Type.Object(
        {
          chainId: Type.Integer(),
          asset: Type.String(),
          assetContract: Type.String(),
          entries: Type.Integer(),
          in: Type.String(),
          out: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
    /** Null when no entry of the view is valued or its values are in more than one currency. */
    value: nullable(
      Type.Object(
        {
          currency: Type.String(),
          in: Type.String(),
          out: Type.String(),
          valued: Type.Integer(),
          unvalued: Type.Integer(),
          /** Of the unvalued: no price (not found, not fetched…), unknown decimals, spam (never valued). */
          withoutPrice: Type.Integer(),
          unknownDecimals: Type.Integer(),
          spam: Type.Integer(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const refreshResponse = Type.Object({ entries: Type.Integer() }, { additionalProperties: false });

export const noteBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: NOTE_MAX }) }, { additionalProperties: false });
export const noteResponse = note;

export const reviewBody = Type.Object({ status: Type.Enum(REVIEW_STATUSES, { type: 'string' }) }, { additionalProperties: false });
export const reviewResponse = review;

/** A whole filtered view's review status at once: the table's filters (no page) and the status. */
export const bulkReviewBody = Type.Object(
  { filter: Type.Omit(entriesQuery, ['cursor', 'limit']), status: Type.Enum(REVIEW_STATUSES, { type: 'string' }) },
  { additionalProperties: false },
);
export const bulkReviewResponse = Type.Object({ changed: Type.Integer(), action: Type.Integer() }, { additionalProperties: false });
export const undoResponse = Type.Object({ restored: Type.Integer() }, { additionalProperties: false });
