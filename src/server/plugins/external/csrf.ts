import fastifyCsrf from '@fastify/csrf-protection';
import type { CookieSerializeOptions } from '@fastify/cookie';
import fp from 'fastify-plugin';

export const CSRF_COOKIE = '_csrf';

/** The CSRF secret's cookie: set with these attributes, so logout clears it with the same ones. */
export const csrfCookieOptions = (secure: boolean): CookieSerializeOptions => ({ httpOnly: true, sameSite: 'strict', path: '/', secure });

/** CSRF tokens for cookie sessions: the pages hold the token in a meta tag and send it as `x-csrf-token`. */
export const csrf = fp<{ secureCookies: boolean }>(
  async (app, options) => {
    await app.register(fastifyCsrf, {
      sessionPlugin: '@fastify/cookie',
      cookieKey: CSRF_COOKIE,
      cookieOpts: csrfCookieOptions(options.secureCookies),
      getToken: (request) => request.headers['x-csrf-token'] as string | undefined,
    });
  },
  { name: 'csrf', dependencies: ['cookie'] },
);
