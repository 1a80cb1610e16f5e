import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Parses the session and CSRF cookies; sets and clears them. */
export const cookie = fp(
  async (app) => {
    await app.register(fastifyCookie);
  },
  { name: 'cookie' },
);
