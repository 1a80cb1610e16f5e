import { alertSettingsFromEnv } from '../../alerts/AlertSettings.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseBaseUrl } from '../../config/parseBaseUrl.js';
import { parseRate } from '../../config/parseRate.js';
import { DEFAULTS } from '../../config/loadJob.js';
import { InputError } from '../../errors/LedgerscanError.js';
import { packageRoot } from '../../packageRoot.js';
import { demoWorld } from '../../sandbox/demoWorld.js';
import type { Sandbox } from '../../sandbox/startSandbox.js';
import { SANDBOX_KEY, startSandbox } from '../../sandbox/startSandbox.js';
import { createServer } from '../../server/createServer.js';
import { hashPassword, randomToken } from '../../workspace/secrets.js';
import { Workspace } from '../../workspace/Workspace.js';
import type { CliIo } from '../CliIo.js';

export interface ServeFlags {
  port: number;
  host: string;
  data?: string | undefined;
  baseUrl?: string | undefined;
  rate?: string | number | undefined;
  apiKeyFile?: string | undefined;
  trustProxy: boolean;
  publicUrl?: string | undefined;
  demo: boolean;
}

export const DEFAULT_DATA_DIR = '.ledgerscan/workspace';

/** The key from `--api-key-file` or ETHERSCAN_API_KEY; it stays in this process's memory only. */
function readApiKey(flags: ServeFlags, io: CliIo): string {
  if (flags.apiKeyFile !== undefined) {
    try {
      const key = fs.readFileSync(path.resolve(io.cwd, flags.apiKeyFile), 'utf8').trim();
      if (key !== '') return key;
    } catch (cause) {
      throw new InputError(`--api-key-file ${flags.apiKeyFile} cannot be read (check the path)`, { cause });
    }
  }
  const key = (io.env.ETHERSCAN_API_KEY ?? '').trim();
  if (key === '') throw new InputError('API key is missing (set ETHERSCAN_API_KEY or pass --api-key-file PATH; or try --demo)');
  return key;
}

/**
 * `ledgerscan serve`: the workspace web app and JSON API until the signal fires. `--demo` serves
 * it over the in-process sandbox with a demo book and a demo admin whose password is printed once.
 */
export async function serveCommand(flags: ServeFlags, io: CliIo, signal: AbortSignal): Promise<number> {
  // Read first, as `reconcile` does: a server whose alerts are half configured must not start silently.
  const alerts = alertSettingsFromEnv(io.env);
  let sandbox: Sandbox | undefined;
  let dataDir = path.resolve(io.cwd, flags.data ?? DEFAULT_DATA_DIR);
  let api: { apiKey: string; baseUrl: string; rate: number };
  const rate = flags.rate === undefined ? undefined : parseRate(flags.rate, '--rate');
  if (flags.demo) {
    sandbox = await startSandbox({ seed: demoWorld.seed, scale: demoWorld.scale, chains: demoWorld.chains, rate: rate ?? 100 });
    api = { apiKey: SANDBOX_KEY, baseUrl: sandbox.url, rate: rate ?? 100 };
    if (flags.data === undefined) dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-demo-workspace-'));
  } else {
    api = { apiKey: readApiKey(flags, io), baseUrl: parseBaseUrl(flags.baseUrl ?? DEFAULTS.baseUrl, '--base-url'), rate: rate ?? DEFAULTS.rate };
  }
  const workspace = new Workspace({ dataDir, api, alerts });
  try {
    if (flags.demo) await seedDemo(workspace, io);
    workspace.start();
    const app = await createServer(workspace, {
      trustProxy: flags.trustProxy,
      ...(flags.publicUrl === undefined ? {} : { publicUrl: flags.publicUrl }),
      log: (line) => io.stderr.write(`${new Date().toISOString()} ${line}\n`),
    });
    try {
      const address = await app.listen({ port: flags.port, host: flags.host });
      io.stdout.write(`workspace data in ${dataDir}\nlistening on ${address}\n`);
      await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
    } finally {
      await app.close();
    }
  } finally {
    await workspace.close();
    await sandbox?.close();
  }
  return 0;
}

async function seedDemo(workspace: Workspace, io: CliIo): Promise<void> {
  if (workspace.data.findUser('demo') !== undefined) return;
  const password = randomToken().slice(0, 16);
  workspace.data.addUser('demo', 'admin', await hashPassword(password));
  const job = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'samples', 'demo.job.json'), 'utf8')) as { wallets: unknown; chains: unknown; timezone: unknown };
  workspace.addBook({ name: 'Demo client', wallets: job.wallets, chains: job.chains, timezone: job.timezone });
  io.stdout.write(`demo admin: user demo, password ${password} (shown once)\n`);
}
