import type { Readable } from 'node:stream';
import { type Static, type TSchema, type TString, type TUnsafe, Type } from 'typebox';

/**
 * Schemas every resource uses, in TypeBox: each one is the JSON Schema Fastify validates with and, through the
 * type provider (`RouteApp`), the type of the request's params, query and body and of the reply. An id is a
 * positive integer written in decimal, nothing else: `0x2`, `1e0`, `  2`, `02` are refused (400) before any
 * lookup, so one run has one address.
 */
export const ID_PATTERN = '^[1-9][0-9]{0,15}$';

/** An id in a path or a query: decimal text (a route turns it into a number). */
export const idText = (): TString => Type.String({ pattern: ID_PATTERN });

export const idParams = Type.Object({ id: idText() }, { additionalProperties: false });

/** `/api/books/:id/<things>/:<child>`: the book's id and the child's, both decimal as every id of the API. */
export const bookChildParams = <Child extends string>(child: Child) =>
  Type.Object({ id: idText(), ...({ [child]: idText() } as Record<Child, TString>) }, { additionalProperties: false });

/** Routes that take no query parameters: any given are dropped. */
export const noQuery = Type.Object({}, { additionalProperties: false });

/** Every refusal: `{ error, field? }` (README, "Workspace"). */
export const errorResponse = Type.Object({ error: Type.String(), field: Type.Optional(Type.String()) }, { additionalProperties: false });

export const okResponse = Type.Object({ ok: Type.Boolean() }, { additionalProperties: false });

/** The schema or null, as one JSON Schema `type` list (not an `anyOf`, which the serializer tries branch by branch). */
export const nullable = <T extends TSchema & { type: string }>(schema: T): TUnsafe<Static<T> | null> =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/** Any JSON object, its fields passed as they are (a run's request and summary, a book's last run). */
export const anyObject = () => Type.Object({}, { additionalProperties: true });

/** A route's responses: its own on success, `{ error, field? }` on every 4xx and 5xx. */
export const responses = <T extends Record<number, TSchema>>(success: T) => ({ ...success, '4xx': errorResponse, '5xx': errorResponse });

/**
 * A file or a stream (download, zip, page, event stream): the body is no JSON, only a refusal is. Fastify never
 * serializes a text or a stream, so the schema of a success says nothing; its type says what is sent.
 */
export const notJson = responses({ 200: Type.Unsafe<Readable | string>({}) });
