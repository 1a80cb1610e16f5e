import { AUDIT_ACTIONS } from '../../workspace/AuditAction.js';
import type { AuditAction } from '../../workspace/AuditAction.js';
import { ID_PATTERN } from './common.js';

/** A day (UTC) or an ISO instant; empty means no bound (a filter form left blank). */
const DAY_OR_INSTANT = '^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,3})?)?Z)?$';
const orEmpty = (pattern: string): string => `^$|${pattern}`;

/** The audit log's filters (every one optional, empty = any) and its keyset page: `cursor` from the previous page's `next`. */
export const auditQuery = {
  type: 'object',
  properties: {
    book: { type: 'string', pattern: orEmpty(ID_PATTERN) },
    user: { type: 'string', maxLength: 200 },
    action: { type: 'string', enum: ['', ...AUDIT_ACTIONS] },
    from: { type: 'string', pattern: DAY_OR_INSTANT },
    to: { type: 'string', pattern: DAY_OR_INSTANT },
    cursor: { type: 'string', pattern: ID_PATTERN },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  },
  additionalProperties: false,
} as const;

export interface AuditQuery {
  book?: string;
  user?: string;
  action?: '' | AuditAction;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
}

export const auditResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'at', 'user', 'via', 'action', 'book', 'target', 'before', 'after'],
    properties: {
      id: { type: 'integer' },
      at: { type: 'string' },
      user: { type: ['string', 'null'] },
      via: { type: 'string' },
      action: { type: 'string' },
      book: { type: ['integer', 'null'] },
      target: { type: 'string' },
      before: {},
      after: {},
    },
    additionalProperties: false,
  },
} as const;
