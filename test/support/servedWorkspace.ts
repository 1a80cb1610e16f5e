import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from '@jest/globals';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import type { Role } from '../../src/workspace/Accounts.js';
import type { Workspace, WorkspaceOptions } from '../../src/workspace/Workspace.js';
import { type ApiAnswer, apiCall } from './apiCall.js';
import { addUser, serve, type Served } from './serverHarness.js';
import { openWorkspace, tempDir, worldBook } from './workspaceHarness.js';

/** What an API suite works with; set before its first test, closed after its last. */
export interface ServedWorkspace {
  sandbox: Sandbox;
  workspace: Workspace;
  server: Served;
  dataDir: string;
  /** Each user's bearer token, by name. */
  tokens: Record<string, string>;
  /** The book of the world added before the first test (`book` given), else 0. */
  bookId: number;
  /** One request to the server with a user's bearer token. */
  call(method: string, route: string, token: string, body?: unknown): Promise<ApiAnswer>;
  /** A run of the book started over the API as `token` and waited for (it must be accepted); its id. */
  runToEnd(request: unknown, token: string, bookId?: number): Promise<number>;
}

export interface ServedWorkspaceOptions {
  world: World;
  /** The sandbox's options besides the world (rate 1000 unless given); read when it starts, after the suite's earlier hooks. */
  sandbox?: () => Omit<SandboxOptions, 'world'>;
  /** The workspace's options (the clock at 2026-06-01T02:00Z unless given); read likewise. */
  workspace?: () => Partial<WorkspaceOptions>;
  users: { name: string; role: Role; password: string }[];
  /** The name of a book of the world to add. */
  book?: string;
}

/**
 * The API suites' shared setup as jest hooks: a sandbox over the world, a workspace in a temp folder with its
 * queue running (no scheduler), its server, the users and their tokens, and the book; all closed and removed
 * after, the folders a close made read-only first made writable again.
 */
export function servedWorkspace(name: string, options: ServedWorkspaceOptions): ServedWorkspace {
  const fixture = {
    tokens: {} as Record<string, string>,
    bookId: 0,
    call: (method: string, route: string, token: string, body?: unknown) => apiCall(fixture.server.url, method, route, { token }, body),
    async runToEnd(request: unknown, token: string, bookId = fixture.bookId) {
      const started = await fixture.call('POST', `/api/books/${bookId}/runs`, token, request);
      expect(started.status).toBe(202);
      await fixture.workspace.queue.idle();
      return started.json<{ id: number }>().id;
    },
  } as ServedWorkspace;
  beforeAll(async () => {
    fixture.sandbox = await startSandbox({ world: options.world, rate: 1000, ...options.sandbox?.() });
    fixture.dataDir = tempDir(name);
    fixture.workspace = openWorkspace(
      fixture.dataDir,
      fixture.sandbox,
      { now: () => new Date('2026-06-01T02:00:00Z'), ...options.workspace?.() },
      1000,
    );
    await fixture.workspace.start({ scheduler: false });
    fixture.server = await serve(fixture.workspace);
    for (const user of options.users) fixture.tokens[user.name] = await addUser(fixture.workspace, user.name, user.role, user.password);
    if (options.book !== undefined) fixture.bookId = (await fixture.workspace.addBook(worldBook(options.world, options.book))).id;
  });
  afterAll(async () => {
    await fixture.server?.close();
    await fixture.workspace?.close();
    await fixture.sandbox?.close();
    if (fixture.dataDir !== undefined) {
      for (const dir of folders(fixture.dataDir)) fs.chmodSync(dir, 0o700);
      fs.rmSync(fixture.dataDir, { recursive: true, force: true });
    }
  });
  return fixture;
}

function folders(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [path.join(dir, entry.name), ...folders(path.join(dir, entry.name))]);
}
