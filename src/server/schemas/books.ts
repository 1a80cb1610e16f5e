import { nullable } from './common.js';

const lastRun = nullable({ type: 'object', additionalProperties: true });

/**
 * A book as `bookJson` shows it: the job's fields (wallets, chains, time zone, labels, spam, and those to come)
 * pass as they are, they are the client's own; the runs' figures are named.
 */
export const bookResponse = {
  type: 'object',
  required: ['id', 'name', 'wallets', 'chains'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    wallets: { type: 'array', items: { type: 'object', additionalProperties: true } },
    chains: { type: 'array', items: { type: 'integer' } },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    archivedAt: { type: ['string', 'null'] },
    /** Kept but worth a look, as after a create or change: another book of the same name. */
    warnings: { type: 'array', items: { type: 'string' } },
    lastRun,
    lastReconcile: lastRun,
    lastAlert: lastRun,
    /** The list's count of the book's transactions by review state ("37 unreviewed, 2 flagged"). */
    review: {
      type: 'object',
      required: ['unreviewed', 'reviewed', 'flagged'],
      properties: { unreviewed: { type: 'integer' }, reviewed: { type: 'integer' }, flagged: { type: 'integer' } },
      additionalProperties: false,
    },
  },
  additionalProperties: true,
} as const;

export const bookListResponse = { type: 'array', items: bookResponse } as const;

/** `GET /api/books?archived=true` lists the archived books instead of those in use. */
export const bookListQuery = { type: 'object', properties: { archived: { type: 'boolean' } }, additionalProperties: false } as const;

/** What `DELETE /api/books/:id` did: `archived` (it has closed periods, kept) or `deleted` (with its run folders). */
export const bookRemovedResponse = {
  type: 'object',
  required: ['ok', 'outcome'],
  properties: { ok: { type: 'boolean' }, outcome: { enum: ['archived', 'deleted'] } },
  additionalProperties: false,
} as const;

/** A book's JSON in a request: validated field by field as the CLI validates a job file, every problem at once. */
export const bookBody = { type: 'object' } as const;

export const scheduleResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['kind', 'cron'],
    properties: {
      kind: { type: 'string' },
      cron: { type: 'string' },
      zone: { type: 'string' },
      templates: { type: 'array', items: { type: 'string' } },
      lastFiredAt: nullable({ type: 'string' }),
    },
    additionalProperties: true,
  },
} as const;

/** Validated as runs are, every problem at once, by the workspace. */
export const schedulesBody = { type: 'array' } as const;
