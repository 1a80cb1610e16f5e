import { ID_PATTERN } from './common.js';

const role = { type: 'string', enum: ['admin', 'viewer'] } as const;
const password = { type: 'string', minLength: 1, maxLength: 1000 } as const;

export const userResponse = {
  type: 'object',
  required: ['id', 'name', 'role'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, role: { type: 'string' } },
  additionalProperties: false,
} as const;

export const userListResponse = { type: 'array', items: userResponse } as const;

export const newUserBody = {
  type: 'object',
  required: ['name', 'role', 'password'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, role, password },
  additionalProperties: false,
} as const;

export const roleBody = { type: 'object', required: ['role'], properties: { role }, additionalProperties: false } as const;

/** An admin's reset: the new password only. */
export const resetBody = { type: 'object', required: ['password'], properties: { password }, additionalProperties: false } as const;

/** One's own change: the current password too, so a session left open elsewhere cannot take the account. */
export const ownPasswordBody = {
  type: 'object',
  required: ['current', 'password'],
  properties: { current: password, password },
  additionalProperties: false,
} as const;

export const passwordSetResponse = {
  type: 'object',
  required: ['ok', 'sessionsEnded'],
  properties: { ok: { type: 'boolean' }, sessionsEnded: { type: 'integer' } },
  additionalProperties: false,
} as const;

export const userIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ID_PATTERN } },
  additionalProperties: false,
} as const;

export interface NewUserBody {
  name: string;
  role: 'admin' | 'viewer';
  password: string;
}
