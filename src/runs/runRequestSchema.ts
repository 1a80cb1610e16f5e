import type { RunOption } from './RunOption.js';
import { RUN_KINDS } from './runKinds.js';

function optionSchema(option: RunOption): Record<string, unknown> {
  return { type: option.type, description: option.describe, ...(option.pattern === undefined ? {} : { pattern: option.pattern.source }) };
}

/**
 * The JSON Schema of a `POST /api/books/:id/runs` body (a Fastify route schema), derived from the kinds' declared
 * options as `validateRunRequest` checks them, so the route's body is a `RunRequest` without checking it again.
 * No `default`s: a stored request keeps only what was asked. Each kind's branch lists its options and lets the
 * common fields pass (`patternProperties`); anything else, another kind's option or a stray field, is dropped by
 * Fastify's validator (`removeAdditional`), as `validateRunRequest` keeps only the kind's declared options.
 */
export const runRequestSchema = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: RUN_KINDS.map((kind) => kind.name) },
    period: {
      type: 'object',
      description: 'a calendar year {"year": 2025} or whole days {"from": "2025-01-01", "to": "2025-06-30"} in the book\'s zone',
    },
    templates: { type: 'array', items: { type: 'string' } },
  },
  allOf: RUN_KINDS.map((kind) => {
    const options = Object.entries(kind.options as Readonly<Record<string, RunOption>>).filter(([, option]) => option.cliOnly !== true);
    return {
      if: { properties: { kind: { const: kind.name } } },
      then: {
        properties: Object.fromEntries(options.map(([name, option]) => [name, optionSchema(option)])),
        required: options.filter(([, option]) => option.required === true).map(([name]) => name),
        patternProperties: { '^(kind|period|templates)$': {} },
        additionalProperties: false,
      },
    };
  }),
} as const;
