import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { User } from '../workspace/WorkspaceData.js';
import { HttpError } from './HttpError.js';

export const SESSION_COOKIE = 'ls_session';
export const SESSION_HOURS = 12;

/** The session cookie's attributes: logout clears it with the very same ones, or a browser keeps it. */
export const sessionCookieOptions = (secure: boolean): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure,
  path: '/',
});

export interface Authenticated {
  user: User;
  /** A cookie session must send `x-csrf-token` with every change; a bearer token needs none. */
  via: 'session' | 'bearer';
  /** Digest of the session id, to end it at logout. */
  sessionDigest?: string;
}

/** The caller of a route whose `access` is `user` or `admin` (the authorization hook has let it through). */
export function authOf(request: FastifyRequest): Authenticated {
  if (request.auth === null) throw new HttpError(401, 'log in first');
  return request.auth;
}
