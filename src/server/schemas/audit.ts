import { type Static, Type } from 'typebox';
import { AUDIT_ACTIONS } from '../../workspace/AuditAction.js';
import { ID_PATTERN, idText, nullable } from './common.js';

/** A day (UTC) or an ISO instant; empty means no bound (a filter form left blank). */
const DAY_OR_INSTANT = '^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,3})?)?Z)?$';

/** The audit log's filters (every one optional, empty = any) and its keyset page: `cursor` from the previous page's `next`. */
export const auditQuery = Type.Object(
  {
    book: Type.Optional(Type.String({ pattern: `^$|${ID_PATTERN}` })),
    user: Type.Optional(Type.String({ maxLength: 200 })),
    action: Type.Optional(Type.Enum(['', ...AUDIT_ACTIONS], { type: 'string' })),
    from: Type.Optional(Type.String({ pattern: DAY_OR_INSTANT })),
    to: Type.Optional(Type.String({ pattern: DAY_OR_INSTANT })),
    cursor: Type.Optional(idText()),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  },
  { additionalProperties: false },
);

export type AuditQuery = Static<typeof auditQuery>;

export const auditResponse = Type.Array(
  Type.Object(
    {
      id: Type.Integer(),
      at: Type.String(),
      user: nullable(Type.String()),
      via: Type.String(),
      action: Type.String(),
      book: nullable(Type.Integer()),
      target: Type.String(),
      before: Type.Unknown(),
      after: Type.Unknown(),
    },
    { additionalProperties: false },
  ),
);
