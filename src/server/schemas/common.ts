/**
 * Schemas every resource uses. An id is a positive integer written in decimal, nothing else: `0x2`, `1e0`,
 * `  2`, `02` are refused (400) before any lookup, so one run has one address.
 */
export const ID_PATTERN = '^[1-9][0-9]{0,15}$';

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ID_PATTERN } },
  additionalProperties: false,
} as const;

export interface IdParams {
  id: string;
}

/** `/api/books/:id/<things>/:<child>`: the book's id and the child's, both decimal as every id of the API. */
export const bookChildParams = <Child extends string>(child: Child) =>
  ({
    type: 'object',
    required: ['id', child],
    properties: { id: { type: 'string', pattern: ID_PATTERN }, [child]: { type: 'string', pattern: ID_PATTERN } },
    additionalProperties: false,
  }) as const;

/** Routes that take no query parameters: any given are dropped. */
export const noQuery = { type: 'object', properties: {}, additionalProperties: false } as const;

/** Every refusal: `{ error, field? }` (README, "Workspace"). */
export const errorResponse = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, field: { type: 'string' } },
  additionalProperties: false,
} as const;

export const okResponse = {
  type: 'object',
  required: ['ok'],
  properties: { ok: { type: 'boolean' } },
  additionalProperties: false,
} as const;

export const nullable = <T extends { type: string }>(schema: T) => ({ ...schema, type: [schema.type, 'null'] }) as const;

/** A route's responses: its own on success, `{ error, field? }` on every 4xx and 5xx. */
export const responses = <T extends Record<number, unknown>>(success: T) => ({ ...success, '4xx': errorResponse, '5xx': errorResponse });

/** A file or a stream (download, zip, page, event stream): the body is no JSON, only a refusal is. */
export const notJson = responses({});
