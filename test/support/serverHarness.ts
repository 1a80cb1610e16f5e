import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../../src/server/createServer.js';
import type { ServerOptions } from '../../src/server/createServer.js';
import { hashPassword, randomToken, tokenDigest } from '../../src/workspace/secrets.js';
import type { Role } from '../../src/workspace/Accounts.js';
import type { Workspace } from '../../src/workspace/Workspace.js';

export interface Served {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** The real server on a free port of 127.0.0.1. */
export async function serve(workspace: Workspace, log?: (line: string) => void, options: ServerOptions = {}): Promise<Served> {
  const app = await createServer(workspace, { ...options, ...(log === undefined ? {} : { log }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** A user with a password and a bearer token, as `ledgerscan users add` and `users token` make them. */
export async function addUser(workspace: Workspace, name: string, role: Role, password: string): Promise<string> {
  const user = await workspace.data.addUser(name, role, await hashPassword(password));
  const token = randomToken();
  await workspace.data.addToken(user.id, tokenDigest(token));
  return token;
}

/** Logs in over HTTP; returns the cookie header to send and the CSRF token. */
export async function login(url: string, user: string, password: string): Promise<{ cookie: string; csrfToken: string }> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie, csrfToken };
}
