import type { ApiAccess } from '../../workspace/jobForRun.js';
import { alertSettingsFromEnv } from '../../alerts/AlertSettings.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseBaseUrl } from '../../config/parseBaseUrl.js';
import { parseRate } from '../../config/parseRate.js';
import { DEFAULTS } from '../../config/DEFAULTS.js';
import { InputError } from '../../errors/LedgerscanError.js';
import { packageRoot } from '../../packageRoot.js';
import { demoWorld } from '../../sandbox/demoWorld.js';
import type { Sandbox } from '../../sandbox/startSandbox.js';
import { SANDBOX_KEY, startSandbox } from '../../sandbox/startSandbox.js';
import { createServer } from '../../server/createServer.js';
import { redactDatabaseUrl } from '../../secrets/redact.js';
import { openDistributedWorkspace } from '../../workspace/openDistributedWorkspace.js';
import { distributedFlags } from '../distributedFlags.js';
import { listenRefusal } from '../listenRefusal.js';
import { readApiKeys } from '../readApiKeys.js';
import { hashPassword, randomToken } from '../../workspace/secrets.js';
import { tightenPrivateFiles, usePrivateFiles } from '../../workspace/usePrivateFiles.js';
import { Workspace } from '../../workspace/Workspace.js';
import type { CliIo } from '../CliIo.js';
import { stderrLog } from '../CliIo.js';

export interface ServeFlags {
  port: number;
  host: string;
  data?: string | undefined;
  baseUrl?: string | undefined;
  rate?: string | number | undefined;
  historicalRate?: string | number | undefined;
  apiKeyFile?: string | undefined;
  trustProxy: boolean;
  publicUrl?: string | undefined;
  demo: boolean;
  database?: string | undefined;
  files?: string | undefined;
}

export const DEFAULT_DATA_DIR = '.ledgerscan/workspace';

/**
 * `ledgerscan serve`: the workspace web app and JSON API until the signal fires. `--demo` serves
 * it over the in-process sandbox with a demo book and a demo admin whose password is printed once.
 */
export async function serveCommand(flags: ServeFlags, io: CliIo, signal: AbortSignal): Promise<number> {
  usePrivateFiles();
  // Read first, as `reconcile` does: a server whose alerts are half configured must not start silently.
  const alerts = alertSettingsFromEnv(io.env);
  let sandbox: Sandbox | undefined;
  let dataDir = path.resolve(io.cwd, flags.data ?? DEFAULT_DATA_DIR);
  let api: ApiAccess;
  const rate = flags.rate === undefined ? undefined : parseRate(flags.rate, '--rate');
  const historicalRate = flags.historicalRate === undefined ? undefined : parseRate(flags.historicalRate, '--historical-rate');
  const distributed = distributedFlags(flags, io);
  if (flags.demo) {
    if (distributed !== undefined) throw new InputError('--demo runs the embedded workspace; leave out --database');
    sandbox = await startSandbox({ seed: demoWorld.seed, scale: demoWorld.scale, chains: demoWorld.chains, rate: rate ?? 100 });
    api = { apiKey: SANDBOX_KEY, baseUrl: sandbox.url, rate: rate ?? 100, historicalRate };
    if (flags.data === undefined) dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-demo-workspace-'));
  } else {
    const [key] = readApiKeys(flags.apiKeyFile, io, rate ?? DEFAULTS.rate);
    api = {
      apiKey: key!.key,
      baseUrl: parseBaseUrl(flags.baseUrl ?? DEFAULTS.baseUrl, '--base-url'),
      rate: key!.rate,
      historicalRate,
      coingeckoKey: io.env.COINGECKO_API_KEY,
    };
  }
  // What an older ledgerscan or a hand left readable by others is made private before it is opened.
  tightenPrivateFiles(distributed === undefined ? dataDir : distributed.filesDir);
  const log = stderrLog(io);
  const workspace =
    distributed === undefined
      ? new Workspace({ dataDir, api, alerts })
      : await openDistributedWorkspace({ ...distributed, api, alerts, log });
  try {
    if (flags.demo) await seedDemo(workspace, io);
    await workspace.start();
    const app = await createServer(workspace, {
      trustProxy: flags.trustProxy,
      ...(flags.publicUrl === undefined ? {} : { publicUrl: flags.publicUrl }),
      log,
    });
    try {
      const address = await app.listen({ port: flags.port, host: flags.host }).catch((error: unknown) => {
        throw listenRefusal(error, flags.port);
      });
      io.stdout.write(
        `${distributed === undefined ? `workspace data in ${dataDir}` : `workspace data in ${redactDatabaseUrl(distributed.database)}, files in ${distributed.filesDir}`}\nlistening on ${address}\n`,
      );
      await new Promise<void>((resolve) =>
        signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
      );
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
  if ((await workspace.data.findUser('demo')) !== undefined) return;
  const password = randomToken().slice(0, 16);
  await workspace.data.addUser('demo', 'admin', await hashPassword(password));
  const job = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'samples', 'demo.job.json'), 'utf8')) as {
    wallets: unknown;
    chains: unknown;
    timezone: unknown;
  };
  await workspace.addBook({ name: 'Demo client', wallets: job.wallets, chains: job.chains, timezone: job.timezone });
  io.stdout.write(`demo admin: user demo, password ${password} (shown once)\n`);
}
