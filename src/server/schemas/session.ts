import { Type } from 'typebox';

export const loginBody = Type.Object(
  { user: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false },
);

export const loginResponse = Type.Object(
  { csrfToken: Type.String(), user: Type.Object({ name: Type.String(), role: Type.String() }, { additionalProperties: false }) },
  { additionalProperties: false },
);

/** Without login only `ok`; a logged-in user also sees the queue, the books with differences and the version. */
export const healthResponse = Type.Object(
  {
    ok: Type.Boolean(),
    queue: Type.Optional(Type.Object({}, { additionalProperties: Type.Integer() })),
    reconcileDifferences: Type.Optional(
      Type.Array(Type.Object({ bookId: Type.Integer(), runId: Type.Integer() }, { additionalProperties: false })),
    ),
    version: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
