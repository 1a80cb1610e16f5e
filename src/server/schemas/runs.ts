import { Type } from 'typebox';
import type { RunRequest } from '../../runs/RunRequest.js';
import { runRequestSchema } from '../../runs/runRequestSchema.js';
import { anyObject, idText, nullable } from './common.js';

/** A run as `runJson` shows it. Request, progress and summary belong to the run kinds: any of their fields pass. */
export const runResponse = Type.Object(
  {
    id: Type.Integer(),
    bookId: Type.Integer(),
    kind: Type.String(),
    request: Type.Optional(anyObject()),
    status: Type.String(),
    trigger: Type.Optional(Type.String()),
    progress: Type.Optional(anyObject()),
    summary: Type.Optional(nullable(anyObject())),
    error: Type.Optional(nullable(Type.String())),
    createdAt: Type.Optional(Type.String()),
    startedAt: Type.Optional(nullable(Type.String())),
    finishedAt: Type.Optional(nullable(Type.String())),
    apiKey: Type.Optional(nullable(Type.String())),
    /** A deferred run's resumption (the next 00:00 UTC, when its key's daily quota is new); `error` says why. */
    resumeAt: Type.Optional(nullable(Type.String())),
  },
  { additionalProperties: false },
);

export const runListResponse = Type.Array(runResponse);

/** `POST /api/books/:id/runs` answers the queued run's id. */
export const runStartedResponse = Type.Object({ id: Type.Integer() }, { additionalProperties: false });

/** A run's files from its manifest. */
export const filesResponse = Type.Array(
  Type.Object({ name: Type.String(), bytes: Type.Integer(), sha256: Type.String() }, { additionalProperties: false }),
);

export const logResponse = Type.Array(Type.String());

/**
 * The body of `POST /api/books/:id/runs`, from the run kinds' own option declarations: a `RunRequest` once it
 * passes (a type the kinds' registry gives, which no schema of kinds built in a loop could infer).
 */
export const runRequestBody = Type.Unsafe<RunRequest>(runRequestSchema);

/** `GET /api/runs/:id/events?after=N`: the page already shows the first N log lines. */
export const eventsQuery = Type.Object({ after: Type.Optional(Type.Integer({ minimum: 0 })) }, { additionalProperties: false });

/** A file's name inside the run (`*`): looked up in the manifest, never joined to a path from here. */
export const fileParams = Type.Object({ id: idText(), '*': Type.String({ maxLength: 1000 }) }, { additionalProperties: false });
