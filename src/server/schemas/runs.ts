import { ID_PATTERN, nullable } from './common.js';

/** A run as `runJson` shows it. Request, progress and summary belong to the run kinds: any of their fields pass. */
export const runResponse = {
  type: 'object',
  required: ['id', 'bookId', 'kind', 'status'],
  properties: {
    id: { type: 'integer' },
    bookId: { type: 'integer' },
    kind: { type: 'string' },
    request: { type: 'object', additionalProperties: true },
    status: { type: 'string' },
    trigger: { type: 'string' },
    progress: { type: 'object', additionalProperties: true },
    summary: nullable({ type: 'object', additionalProperties: true }),
    error: nullable({ type: 'string' }),
    createdAt: { type: 'string' },
    startedAt: nullable({ type: 'string' }),
    finishedAt: nullable({ type: 'string' }),
    apiKey: nullable({ type: 'string' }),
  },
  additionalProperties: false,
} as const;

export const runListResponse = { type: 'array', items: runResponse } as const;

/** A run's files from its manifest. */
export const filesResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'bytes', 'sha256'],
    properties: { name: { type: 'string' }, bytes: { type: 'integer' }, sha256: { type: 'string' } },
    additionalProperties: false,
  },
} as const;

export const logResponse = { type: 'array', items: { type: 'string' } } as const;

/** The body of `POST /api/books/:id/runs`, from the run kinds' own option declarations. */
export { runRequestSchema as runRequestBody } from '../../runs/runRequestSchema.js';

/** `GET /api/runs/:id/events?after=N`: the page already shows the first N log lines. */
export const eventsQuery = {
  type: 'object',
  properties: { after: { type: 'integer', minimum: 0 } },
  additionalProperties: false,
} as const;

/** A file's name inside the run (`*`): looked up in the manifest, never joined to a path from here. */
export const fileParams = {
  type: 'object',
  required: ['id', '*'],
  properties: { id: { type: 'string', pattern: ID_PATTERN }, '*': { type: 'string', maxLength: 1000 } },
  additionalProperties: false,
} as const;
