import { Type } from 'typebox';
import { nullable } from './common.js';

/** A share's id (22 characters of base64url), never its token. */
export const shareParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) }, { additionalProperties: false });

/** The token of a `/s/TOKEN` link: any other text is an unknown link (404), like any address. */
const token = Type.String({ maxLength: 200 });

export const tokenParams = Type.Object({ token }, { additionalProperties: false });

export const shareFileParams = Type.Object({ token, '*': Type.String({ maxLength: 1000 }) }, { additionalProperties: false });

export const shareBody = Type.Object({ days: Type.Integer({ minimum: 1, maximum: 365, default: 14 }) }, { additionalProperties: false });

export const shareCreatedResponse = Type.Object(
  { id: Type.String(), url: Type.String(), expiresAt: Type.String() },
  { additionalProperties: false },
);

export const sharesResponse = Type.Array(
  Type.Object(
    { id: Type.String(), runId: Type.Integer(), expiresAt: Type.String(), revokedAt: nullable(Type.String()), downloads: Type.Integer() },
    { additionalProperties: false },
  ),
);

export const downloadsResponse = Type.Array(Type.Object({ file: Type.String(), at: Type.String() }, { additionalProperties: false }));
