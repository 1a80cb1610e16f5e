import { Type } from 'typebox';
import { nullable } from './common.js';

const nightBook = Type.Object(
  {
    bookId: Type.Integer(),
    runId: Type.Integer(),
    /** A failure's message or a deferral's reason. */
    reason: nullable(Type.String()),
    /** A deferred run's resumption (ISO, the next 00:00 UTC). */
    resumeAt: nullable(Type.String()),
  },
  { additionalProperties: false },
);

/** `GET /api/nights/latest`: the latest night's scheduled runs, one count per book (`NightSummary`). */
export const nightResponse = Type.Object(
  {
    /** The UTC day the night's schedules fired. */
    night: Type.String(),
    books: Type.Integer(),
    reconciled: Type.Integer(),
    differences: Type.Integer(),
    failed: Type.Integer(),
    deferred: Type.Integer(),
    /** Queued or running still. */
    pending: Type.Integer(),
    /** API calls of the night's runs per key name. */
    calls: Type.Object({}, { additionalProperties: Type.Integer() }),
    failedRuns: Type.Array(nightBook),
    deferredRuns: Type.Array(nightBook),
  },
  { additionalProperties: false },
);
