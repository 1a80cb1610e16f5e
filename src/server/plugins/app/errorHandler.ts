import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LedgerscanError } from '../../../errors/LedgerscanError.js';
import { redact } from '../../../secrets/redact.js';
import { isDatabaseUnavailable } from '../../../db/postgres/DatabaseUnavailableError.js';
import { HttpError } from '../../HttpError.js';
import { sendPage } from '../../routes/pages/sendPage.js';
import { errorPage } from '../../views/errorPage.js';

interface Refusal {
  status: number;
  message: string;
  field?: string | undefined;
}

/** A request that failed its route's schema: 400 naming the field, as ajv found it (`id must match pattern …`). */
function schemaRefusal(error: FastifyError): Refusal {
  // A body of several shapes (an anyOf: a price series, then one price) fails each in turn: the last shape's error is
  // the one named, so a single price missing a field names that field, not the series' `csv`.
  const first = (error.validation ?? []).filter((one) => one.keyword !== 'anyOf').at(-1);
  const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
  const field = missing ?? first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = field === undefined || field === '' ? (error.validationContext ?? 'request') : field;
  return {
    status: 400,
    message:
      missing === undefined ? `${where} ${first?.message ?? 'is not valid'}` : `${error.validationContext ?? 'request'} needs ${missing}`,
    field: where,
  };
}

function refusal(error: FastifyError | LedgerscanError): Refusal {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.shortMessage, field: error.field };
  // The database restarting (distributed mode): 503, which a monitor and a script read as "try again shortly".
  if (isDatabaseUnavailable(error)) return { status: 503, message: 'the database is unavailable (try again in a moment)' };
  if (error instanceof LedgerscanError) {
    const fix = error.details.fix;
    const message = `${error.shortMessage}${fix === undefined ? '' : ` (${fix})`}`;
    return { status: error.kind === 'input' ? 400 : 500, message, field: error.details.field as string | undefined };
  }
  if (error.validation !== undefined) return schemaRefusal(error);
  return { status: error.statusCode ?? 500, message: error.message };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file outside the API (a share link's download): its errors stay JSON, as the API's do. */
    download?: true;
  }
}

/** A page's address (neither the API's nor a download's, whose errors stay JSON for scripts): its refusals are pages, for people. */
const isPage = (request: FastifyRequest): boolean => !request.url.startsWith('/api/') && request.routeOptions.config.download !== true;

/**
 * The one place errors become HTTP statuses: refusals keep their status and field, bad input is 400, the
 * database away is 503, anything else 500 with one redacted line in the server's log and none of it in the body.
 * The API answers `{ error, field? }`; a page's address answers a page with the same line (`errorPage`).
 */
export const errorHandler = fp<{ log?: ((line: string) => void) | undefined }>(
  async (app, options) => {
    const apiKey = app.workspace.api.apiKey;
    const answer = (request: FastifyRequest, reply: FastifyReply, status: number, message: string, field?: string): FastifyReply => {
      if (!isPage(request)) return reply.code(status).send({ error: message, ...(field === undefined ? {} : { field }) });
      const user = request.auth?.user;
      const csrfToken = user === undefined ? undefined : reply.generateCsrf();
      return sendPage(reply.code(status), errorPage({ status, message, user, csrfToken }));
    };
    app.setErrorHandler((error: FastifyError | LedgerscanError, request, reply) => {
      const { status, message, field } = refusal(error);
      if (status >= 500) options.log?.(redact(`${request.method} ${request.url}: ${error.message}`, apiKey));
      const shown = status === 503 ? message : status >= 500 ? 'internal error (see the server log)' : redact(message, apiKey);
      return answer(request, reply, status, shown, field);
    });
    app.setNotFoundHandler((request, reply) => answer(request, reply, 404, 'not found (check the address)'));
  },
  { name: 'error-handler', dependencies: ['workspace'] },
);
