import fp from 'fastify-plugin';

/**
 * Scripts only from this origin, no inline script or style, no framing, no referrer (share links carry their token).
 * Nothing is kept by a browser or a proxy cache (API JSON, downloads, share pages) unless a route says otherwise:
 * the static assets set their own.
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

export const securityHeaders = fp(
  async (app) => {
    app.addHook('onRequest', async (_request, reply) => {
      void reply.headers(SECURITY_HEADERS);
    });
  },
  { name: 'security-headers' },
);
