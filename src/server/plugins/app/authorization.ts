import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { changesBooks } from '../../../workspace/Accounts.js';
import { HttpError } from '../../HttpError.js';

/**
 * Who may call a route: anyone, any logged-in user (viewers and clients read and download), admins and the book's
 * staff (work on one book: runs, review, rules, prices, shares), or admins only (books, users, the audit log).
 * Which books a staff member or client reaches at all is `bookAccess`'s.
 */
export type Access = 'public' | 'user' | 'staff' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

const READS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Each route declares its `access` in its config; this one hook enforces it, before the body is read. A page
 * sends a visitor without a session to the login page instead of a 401. A browser sends the session cookie by
 * itself, so a change it asks for must also carry the CSRF token only our pages hold.
 */
export const authorization = fp(
  async (app) => {
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      const { access } = request.routeOptions.config;
      if (access === undefined || access === 'public') return done();
      if (request.auth === null) {
        if (!request.url.startsWith('/api/')) return void reply.redirect('/login');
        return done(
          new HttpError(401, 'log in first (POST /api/session, or send Authorization: Bearer TOKEN from `ledgerscan users token NAME`)'),
        );
      }
      if (access === 'admin' && request.auth.user.role !== 'admin')
        return done(
          new HttpError(
            403,
            'only an admin may do this: create, edit or remove books, assign staff, manage users or read the audit log (ask an admin, or use an admin account)',
          ),
        );
      if (access === 'staff' && !changesBooks(request.auth.user))
        return done(
          new HttpError(
            403,
            `only an admin or the book's staff may do this: runs, review, rules, prices, shares (a ${request.auth.user.role} login only reads)`,
          ),
        );
      if (request.auth.via === 'session' && !READS.includes(request.method)) return app.csrfProtection(request, reply, done);
      done();
    });
  },
  { name: 'authorization', dependencies: ['authentication', 'csrf'] },
);
