import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../workspace/WorkspaceData.js';
import { HttpError } from './HttpError.js';

export const SESSION_COOKIE = 'ls_session';
export const SESSION_HOURS = 12;

export interface Authenticated {
  user: User;
  /** A cookie session must send `x-csrf-token` with every change; a bearer token needs none. */
  via: 'session' | 'bearer';
  /** Digest of the session id, to end it at logout. */
  sessionDigest?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

export function requireUser(request: FastifyRequest): Authenticated {
  if (request.auth === null) throw new HttpError(401, 'log in first (POST /api/session, or send Authorization: Bearer TOKEN from `ledgerscan users token NAME`)');
  return request.auth;
}

/** Viewers read and download; only admins change books or start runs. */
export function requireAdmin(request: FastifyRequest): Authenticated {
  const auth = requireUser(request);
  if (auth.user.role !== 'admin') throw new HttpError(403, 'only an admin may change books or start runs (ask an admin, or use an admin account)');
  return auth;
}

/** Pages send a visitor without a session to the login page instead of a 401. */
export function pageUser(request: FastifyRequest, reply: FastifyReply): User | undefined {
  if (request.auth !== null) return request.auth.user;
  void reply.redirect('/login');
  return undefined;
}
