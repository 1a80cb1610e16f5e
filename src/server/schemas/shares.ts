import { nullable } from './common.js';

/** A share's id (22 characters of base64url), never its token. */
export const shareParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
  additionalProperties: false,
} as const;

/** The token of a `/s/TOKEN` link: any other text is an unknown link (404), like any address. */
export const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 200 } },
  additionalProperties: false,
} as const;

export const shareFileParams = {
  type: 'object',
  required: ['token', '*'],
  properties: { token: { type: 'string', maxLength: 200 }, '*': { type: 'string', maxLength: 1000 } },
  additionalProperties: false,
} as const;

export const shareBody = {
  type: 'object',
  properties: { days: { type: 'integer', minimum: 1, maximum: 365, default: 14 } },
  additionalProperties: false,
} as const;

export const shareCreatedResponse = {
  type: 'object',
  required: ['id', 'url', 'expiresAt'],
  properties: { id: { type: 'string' }, url: { type: 'string' }, expiresAt: { type: 'string' } },
  additionalProperties: false,
} as const;

export const sharesResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'runId', 'expiresAt', 'revokedAt', 'downloads'],
    properties: {
      id: { type: 'string' },
      runId: { type: 'integer' },
      expiresAt: { type: 'string' },
      revokedAt: nullable({ type: 'string' }),
      downloads: { type: 'integer' },
    },
    additionalProperties: false,
  },
} as const;

export const downloadsResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['file', 'at'],
    properties: { file: { type: 'string' }, at: { type: 'string' } },
    additionalProperties: false,
  },
} as const;
