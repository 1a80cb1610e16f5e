import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toolVersion } from '../pipeline/toolVersion.js';
import { randomToken, tokenDigest, verifyPassword } from '../workspace/secrets.js';
import type { Workspace } from '../workspace/Workspace.js';
import type { Run } from '../workspace/WorkspaceData.js';
import { FINISHED_STATUSES } from '../workspace/WorkspaceData.js';
import { requireAdmin, requireUser, SESSION_COOKIE, SESSION_HOURS } from './auth.js';
import { HttpError, notFound } from './HttpError.js';
import { bookJson, runJson } from './runJson.js';
import { sendRunFile, sendRunZip } from './runDownloads.js';
import { streamRunEvents } from './runEvents.js';

export interface ApiOptions {
  workspace: Workspace;
  /** Whether the session cookie gets `Secure` (behind a TLS proxy, `--trust-proxy`). */
  secureCookies: boolean;
  /** The origin share links start with; the request's own origin when not given. */
  publicUrl?: string;
  loginLimit: { max: number; timeWindow: number };
}

type IdParams = { id: string };

/** The JSON API of workspace.md, every route. */
export function apiRoutes(app: FastifyInstance, options: ApiOptions): void {
  const { workspace } = options;
  const { data } = workspace;

  const bookOf = async (request: FastifyRequest<{ Params: IdParams }>) => {
    const book = await data.getBook(Number(request.params.id));
    if (book === undefined) throw notFound('book');
    return book;
  };
  const runOf = async (request: FastifyRequest<{ Params: IdParams }>): Promise<Run> => {
    const run = await data.getRun(Number(request.params.id));
    if (run === undefined) throw notFound('run');
    return run;
  };

  app.post<{ Body: { user?: unknown; password?: unknown } }>('/api/session', { config: { rateLimit: options.loginLimit } }, async (request, reply) => {
    const { user: name, password } = request.body ?? {};
    const found = typeof name === 'string' ? await data.findUser(name) : undefined;
    const valid = found !== undefined && typeof password === 'string' && (await verifyPassword(password, found.passwordHash));
    if (!valid || found === undefined) throw new HttpError(401, 'wrong user or password (ask an admin for an account: ledgerscan users add NAME)', 'password');
    const session = randomToken();
    await data.addSession(found.id, tokenDigest(session), new Date(workspace.now().getTime() + SESSION_HOURS * 3600_000).toISOString());
    void reply.setCookie(SESSION_COOKIE, session, { httpOnly: true, sameSite: 'strict', secure: options.secureCookies, path: '/', maxAge: SESSION_HOURS * 3600 });
    return { csrfToken: reply.generateCsrf(), user: { name: found.name, role: found.role } };
  });

  app.delete('/api/session', async (request, reply) => {
    const auth = requireUser(request);
    if (auth.sessionDigest !== undefined) await data.removeSession(auth.sessionDigest);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });

  app.get('/api/health', async () => {
    const books = await data.listBooks();
    const lasts = await Promise.all(books.map(async (book) => ({ book: book.id, last: (await data.runsOfBook(book.id)).find((run) => run.request.kind === 'reconcile' && run.finishedAt !== null) })));
    const differences = lasts.filter((entry) => entry.last?.status === 'differences').map((entry) => ({ bookId: entry.book, runId: entry.last?.id }));
    return { ok: true, queue: await workspace.queue.counts(), reconcileDifferences: differences, version: toolVersion() };
  });

  app.get('/api/books', async (request) => {
    requireUser(request);
    return Promise.all((await data.listBooks()).map(async (book) => bookJson(book, await data.runsOfBook(book.id))));
  });

  app.post('/api/books', async (request, reply) => {
    requireAdmin(request);
    const book = await workspace.addBook(request.body);
    return reply.code(201).send(bookJson(book, []));
  });

  app.get<{ Params: IdParams }>('/api/books/:id', async (request) => {
    requireUser(request);
    const book = await bookOf(request);
    return bookJson(book, await data.runsOfBook(book.id));
  });

  app.patch<{ Params: IdParams }>('/api/books/:id', async (request) => {
    requireAdmin(request);
    const book = await workspace.updateBook((await bookOf(request)).id, request.body);
    if (book === undefined) throw notFound('book');
    return bookJson(book, await data.runsOfBook(book.id));
  });

  app.delete<{ Params: IdParams }>('/api/books/:id', async (request) => {
    requireAdmin(request);
    await workspace.removeBook((await bookOf(request)).id);
    return { ok: true };
  });

  app.get<{ Params: IdParams }>('/api/books/:id/runs', async (request) => {
    requireUser(request);
    return (await data.runsOfBook((await bookOf(request)).id)).map(runJson);
  });

  app.post<{ Params: IdParams }>('/api/books/:id/runs', async (request, reply) => {
    requireAdmin(request);
    const run = await workspace.startRun((await bookOf(request)).id, request.body);
    if (run === undefined) throw notFound('book');
    return reply.code(202).send({ id: run.id });
  });

  app.get<{ Params: IdParams }>('/api/books/:id/schedules', async (request) => {
    requireUser(request);
    return data.schedules((await bookOf(request)).id);
  });

  app.put<{ Params: IdParams }>('/api/books/:id/schedules', async (request) => {
    requireAdmin(request);
    return workspace.setSchedules((await bookOf(request)).id, request.body);
  });

  app.get<{ Params: IdParams }>('/api/runs/:id', async (request) => {
    requireUser(request);
    return runJson(await runOf(request));
  });

  app.get<{ Params: IdParams }>('/api/runs/:id/log', async (request) => {
    requireUser(request);
    return data.runLog((await runOf(request)).id);
  });

  app.get<{ Params: IdParams }>('/api/runs/:id/events', async (request, reply) => {
    requireUser(request);
    streamRunEvents(workspace, (await runOf(request)).id, request, reply);
  });

  app.post<{ Params: IdParams }>('/api/runs/:id/stop', async (request) => {
    requireAdmin(request);
    const run = await runOf(request);
    if (FINISHED_STATUSES.includes(run.status)) throw new HttpError(409, `run ${run.id} has already finished (${run.status})`);
    await workspace.queue.stop(run.id);
    return { ok: true };
  });

  app.get<{ Params: IdParams }>('/api/runs/:id/files', async (request) => {
    requireUser(request);
    return (await runOf(request)).files;
  });

  app.get<{ Params: IdParams & { '*': string } }>('/api/runs/:id/files/*', async (request, reply) => {
    requireUser(request);
    return sendRunFile(reply, workspace, await runOf(request), request.params['*']);
  });

  app.get<{ Params: IdParams }>('/api/runs/:id/archive.zip', async (request, reply) => {
    requireUser(request);
    return sendRunZip(reply, workspace, await runOf(request));
  });

  app.post<{ Params: IdParams; Body: { days?: unknown } }>('/api/runs/:id/shares', async (request, reply) => {
    requireAdmin(request);
    const run = await runOf(request);
    const days = request.body?.days ?? 14;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 365) throw new HttpError(400, 'days must be a whole number from 1 to 365', 'days');
    if (run.files.length === 0) throw new HttpError(409, `run ${run.id} has no files to share (share a finished export or reconcile)`);
    const token = randomToken();
    const id = randomToken().slice(0, 22);
    const expiresAt = new Date(workspace.now().getTime() + days * 86_400_000).toISOString();
    await data.addShare({ id, runId: run.id, expiresAt, revokedAt: null }, tokenDigest(token));
    return reply.code(201).send({ id, url: `${options.publicUrl ?? `${request.protocol}://${request.host}`}/s/${token}`, expiresAt });
  });

  app.get<{ Params: IdParams }>('/api/runs/:id/shares', async (request) => {
    requireUser(request);
    return data.sharesOfRun((await runOf(request)).id);
  });

  app.delete<{ Params: IdParams }>('/api/shares/:id', async (request) => {
    requireAdmin(request);
    if (!(await data.revokeShare(request.params.id, workspace.now().toISOString()))) throw notFound('share');
    return { ok: true };
  });

  app.get<{ Params: IdParams }>('/api/shares/:id/downloads', async (request) => {
    requireUser(request);
    if ((await data.getShare(request.params.id)) === undefined) throw notFound('share');
    return data.shareDownloads(request.params.id);
  });
}
