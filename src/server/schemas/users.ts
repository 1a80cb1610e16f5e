import { Type } from 'typebox';
import { ROLES } from '../../workspace/Accounts.js';

const role = Type.Enum([...ROLES], { type: 'string' });
const password = Type.String({ minLength: 1, maxLength: 1000 });

export const userResponse = Type.Object({ id: Type.Integer(), name: Type.String(), role: Type.String() }, { additionalProperties: false });

export const userListResponse = Type.Array(userResponse);

export const newUserBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }), role, password },
  { additionalProperties: false },
);

export const roleBody = Type.Object({ role }, { additionalProperties: false });

/** An admin's reset: the new password only. */
export const resetBody = Type.Object({ password }, { additionalProperties: false });

/** One's own change: the current password too, so a session left open elsewhere cannot take the account. */
export const ownPasswordBody = Type.Object({ current: password, password }, { additionalProperties: false });

export const passwordSetResponse = Type.Object({ ok: Type.Boolean(), sessionsEnded: Type.Integer() }, { additionalProperties: false });

/** `PUT /api/books/:id/staff`: the book's assigned users by name (staff and clients), the whole list each time. */
export const bookStaffBody = Type.Object(
  { users: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 1000 }) },
  { additionalProperties: false },
);

export const bookStaffResponse = Type.Object({ users: userListResponse }, { additionalProperties: false });
