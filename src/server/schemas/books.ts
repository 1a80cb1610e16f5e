import { Type } from 'typebox';
import { BOOK_SORTS, RECONCILE_STATES } from '../../workspace/bookListOrder.js';
import { anyObject, nullable } from './common.js';

const lastRun = nullable(anyObject());

/**
 * A book as `bookJson` shows it: the job's fields (wallets, chains, time zone, labels, spam, and those to come)
 * pass as they are, they are the client's own; the runs' figures are named.
 */
export const bookResponse = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    wallets: Type.Array(anyObject()),
    chains: Type.Array(Type.Integer()),
    createdAt: Type.Optional(Type.String()),
    updatedAt: Type.Optional(Type.String()),
    archivedAt: Type.Optional(nullable(Type.String())),
    /** The journals with lots' account names by role, as the job file's `accounts` (checked by the workspace, as the CLI checks them). */
    accounts: Type.Optional(Type.Record(Type.String(), Type.String())),
    /** Kept but worth a look, as after a create or change: another book of the same name. */
    warnings: Type.Optional(Type.Array(Type.String())),
    lastRun: Type.Optional(lastRun),
    lastReconcile: Type.Optional(lastRun),
    lastAlert: Type.Optional(lastRun),
    /** The list's count of the book's transactions by review state ("37 unreviewed, 2 flagged"). */
    review: Type.Optional(
      Type.Object({ unreviewed: Type.Integer(), reviewed: Type.Integer(), flagged: Type.Integer() }, { additionalProperties: false }),
    ),
    /** The list's period (its newest run's; null: every date) and what it flags in it, spam aside, each with its table's link. */
    period: Type.Optional(nullable(Type.Object({ from: Type.String(), to: Type.String() }, { additionalProperties: false }))),
    flags: Type.Optional(
      Type.Object(
        {
          missingPrice: Type.Integer(),
          unclassifiedTransfers: Type.Integer(),
          unmatchedBridges: Type.Integer(),
          /** The newest export's, when it computed a cost basis; else null. */
          basisIssues: nullable(Type.Integer()),
        },
        { additionalProperties: false },
      ),
    ),
    /** The last reconcile's holdings at its period's close, when it was valued. */
    holdings: Type.Optional(
      nullable(
        Type.Object(
          { runId: Type.Integer(), value: Type.String(), currency: Type.String(), unvalued: Type.Integer() },
          { additionalProperties: false },
        ),
      ),
    ),
    links: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { additionalProperties: true },
);

export const bookListResponse = Type.Array(bookResponse);

/**
 * The books list's order and filters (page and API): a column (`BOOK_SORTS`, most to review first by default) and its
 * direction, a part of the client's name (any case), the last reconcile's state (`RECONCILE_STATES`, `none`: never
 * reconciled; blank: any), and the page (from 1).
 */
const listFields = {
  sort: Type.Optional(Type.Enum(BOOK_SORTS, { type: 'string' })),
  order: Type.Optional(Type.Enum(['asc', 'desc'], { type: 'string' })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.Enum(['', ...RECONCILE_STATES], { type: 'string' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
};

/** The front page's books list. */
export const bookSortQuery = Type.Object(listFields, { additionalProperties: false });

/**
 * `GET /api/books`: a page of `limit` books (100 unless asked, at most 500); `archived=true` lists the archived books
 * instead of those in use. The total and the other pages are in the `X-Total-Count` and `Link` headers.
 */
export const bookListQuery = Type.Object(
  {
    archived: Type.Optional(Type.Boolean()),
    ...listFields,
    limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  },
  { additionalProperties: false },
);

/** What `DELETE /api/books/:id` did: `archived` (it has closed periods, kept) or `deleted` (with its run folders). */
export const bookRemovedResponse = Type.Object(
  { ok: Type.Boolean(), outcome: Type.Enum(['archived', 'deleted']) },
  { additionalProperties: false },
);

/**
 * A book's JSON in a request: any object here; its fields are the workspace's to check (`validateBook`), as the
 * CLI checks a job file's, every problem at once in the CLI's words, which a first-error schema could not give.
 */
export const bookBody = Type.Record(Type.String(), Type.Unknown());

export const scheduleResponse = Type.Array(
  Type.Object(
    {
      kind: Type.String(),
      cron: Type.String(),
      zone: Type.Optional(Type.String()),
      templates: Type.Optional(Type.Immutable(Type.Array(Type.String()))),
      lastFiredAt: Type.Optional(nullable(Type.String())),
    },
    { additionalProperties: true },
  ),
);

/**
 * Any list here; each schedule is the workspace's to check (`setSchedules`): as the run it will queue, plus its
 * cron and zone, the fields named by the schedule's place (`schedules[0].cron`).
 */
export const schedulesBody = Type.Array(Type.Unknown());
