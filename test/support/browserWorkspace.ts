import { afterAll, beforeAll } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { hashPassword } from '../../src/workspace/secrets.js';
import type { Role } from '../../src/workspace/Accounts.js';
import type { Workspace, WorkspaceOptions } from '../../src/workspace/Workspace.js';
import { launchChromium } from './chromium.js';
import type { Served } from './serverHarness.js';
import { serve } from './serverHarness.js';
import { openWorkspace, tempDir } from './workspaceHarness.js';

/** What a page test works with; set before its first test, closed after its last. */
export interface BrowserWorkspace {
  /** The sandbox over the suite's world (an error for a suite that gave none). */
  readonly sandbox: Sandbox;
  workspace: Workspace;
  server: Served;
  browser: Browser;
  /** The workspace's data folder. */
  dataDir: string;
}

export interface BrowserWorkspaceOptions {
  /** The sandbox's world; without one the workspace points at a closed port. */
  world?: World;
  /** The sandbox's and the workspace's calls per second. */
  rate?: number;
  users: { name: string; role: Role; password: string }[];
  /** Start the workspace's run queue (no scheduler), for suites that run. */
  runs?: boolean;
  workspace?: Partial<WorkspaceOptions>;
}

/**
 * The page tests' shared setup as jest hooks: a sandbox, a workspace in a temp folder with `users`, its server and
 * headless Chromium; `prepare` runs before the server starts (books, finished runs).
 */
export function browserWorkspace(
  name: string,
  options: BrowserWorkspaceOptions,
  prepare?: (workspace: Workspace) => Promise<void>,
): BrowserWorkspace {
  let sandbox: Sandbox | undefined;
  const fixture = {
    get sandbox(): Sandbox {
      if (sandbox === undefined) throw new Error('this suite started no sandbox (no world given)');
      return sandbox;
    },
  } as BrowserWorkspace;
  beforeAll(async () => {
    sandbox =
      options.world === undefined
        ? undefined
        : await startSandbox({ world: options.world, ...(options.rate === undefined ? {} : { rate: options.rate }) });
    fixture.dataDir = tempDir(name);
    const api = sandbox ?? { url: 'http://127.0.0.1:9', apiKey: 'unused' };
    fixture.workspace = openWorkspace(fixture.dataDir, api, options.workspace ?? {}, ...(options.rate === undefined ? [] : [options.rate]));
    if (options.runs === true) await fixture.workspace.start({ scheduler: false });
    for (const user of options.users) await fixture.workspace.data.addUser(user.name, user.role, await hashPassword(user.password));
    await prepare?.(fixture.workspace);
    fixture.server = await serve(fixture.workspace);
    fixture.browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.server?.close();
    await fixture.workspace?.close();
    await sandbox?.close();
  });
  return fixture;
}
