import { REVIEW_STATUSES } from '../../workspace/entries/BookEntries.js';
import { NOTE_MAX } from '../../workspace/entries/entryChanges.js';
import { ID_PATTERN, nullable } from './common.js';

/** A blank field (a page's empty filter) means "any": every pattern accepts ''. */
const blankOr = (pattern: string): { type: 'string'; pattern: string } => ({ type: 'string', pattern: `^$|${pattern}` });

/** The filters of a book's transactions table, for the API, the CSV download and the page alike. */
export const entriesQuery = {
  type: 'object',
  properties: {
    from: blankOr('^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    to: blankOr('^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    wallet: blankOr('^0x[0-9a-fA-F]{40}$'),
    chain: { type: 'string', maxLength: 60 },
    asset: { type: 'string', maxLength: 120 },
    category: blankOr('^[a-z_]{1,40}$'),
    spam: { type: 'string', enum: ['', 'true', 'false'] },
    review: { type: 'string', enum: ['', ...REVIEW_STATUSES] },
    q: { type: 'string', maxLength: 200 },
    cursor: blankOr('^[A-Za-z0-9_-]{1,40}$'),
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
  },
  additionalProperties: false,
} as const;

/** The page's query: the table's, plus `totals=1` to sum a view too large to sum on every visit. */
export const entriesPageQuery = {
  ...entriesQuery,
  properties: { ...entriesQuery.properties, totals: { type: 'string', enum: ['', '1'] } },
} as const;

export interface EntriesQuery {
  from?: string;
  to?: string;
  wallet?: string;
  chain?: string;
  asset?: string;
  category?: string;
  spam?: '' | 'true' | 'false';
  review?: string;
  q?: string;
  cursor?: string;
  limit?: number;
  totals?: '' | '1';
}

export const entryParams = {
  type: 'object',
  required: ['id', 'entryId'],
  properties: { id: { type: 'string', pattern: ID_PATTERN }, entryId: { type: 'string', pattern: '^x[0-9a-f]{16}$' } },
  additionalProperties: false,
} as const;

export interface EntryParams {
  id: string;
  entryId: string;
}

const note = {
  type: 'object',
  required: ['author', 'at', 'text'],
  properties: { author: { type: 'string' }, at: { type: 'string' }, text: { type: 'string' } },
  additionalProperties: false,
} as const;

const review = {
  type: 'object',
  required: ['status', 'author', 'at'],
  properties: { status: { type: 'string' }, author: nullable({ type: 'string' }), at: nullable({ type: 'string' }) },
  additionalProperties: false,
} as const;

/** An entry: the `ledger.csv` columns (all text, whatever columns the ledger template has) plus its review and notes. */
const entry = {
  type: 'object',
  required: ['entry_id', 'review', 'notes'],
  properties: {
    review: { type: 'string' },
    reviewed_by: nullable({ type: 'string' }),
    reviewed_at: nullable({ type: 'string' }),
    notes: { type: 'array', items: note },
  },
  additionalProperties: { type: 'string' },
} as const;

export const entriesResponse = {
  type: 'object',
  required: ['entries', 'next', 'total'],
  properties: {
    entries: { type: 'array', items: entry },
    next: nullable({ type: 'string' }),
    total: { type: 'integer' },
    refreshedAt: nullable({ type: 'string' }),
  },
  additionalProperties: false,
} as const;

export const totalsResponse = {
  type: 'object',
  required: ['total', 'assets', 'value'],
  properties: {
    total: { type: 'integer' },
    assets: {
      type: 'array',
      items: {
        type: 'object',
        required: ['chainId', 'asset', 'assetContract', 'entries', 'in', 'out'],
        properties: {
          chainId: { type: 'integer' },
          asset: { type: 'string' },
          assetContract: { type: 'string' },
          entries: { type: 'integer' },
          in: { type: 'string' },
          out: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
    /** Null when no entry of the view is valued or its values are in more than one currency. */
    value: nullable({
      type: 'object',
      required: ['currency', 'in', 'out', 'valued', 'unvalued'],
      properties: {
        currency: { type: 'string' },
        in: { type: 'string' },
        out: { type: 'string' },
        valued: { type: 'integer' },
        unvalued: { type: 'integer' },
      },
      additionalProperties: false,
    }),
  },
  additionalProperties: false,
} as const;

export const refreshResponse = {
  type: 'object',
  required: ['entries'],
  properties: { entries: { type: 'integer' } },
  additionalProperties: false,
} as const;

export const noteBody = {
  type: 'object',
  required: ['text'],
  properties: { text: { type: 'string', minLength: 1, maxLength: NOTE_MAX } },
  additionalProperties: false,
} as const;
export const noteResponse = note;

export const reviewBody = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: [...REVIEW_STATUSES] } },
  additionalProperties: false,
} as const;
export const reviewResponse = review;
