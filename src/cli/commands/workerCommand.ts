import { alertSettingsFromEnv } from '../../alerts/AlertSettings.js';
import { DEFAULTS } from '../../config/DEFAULTS.js';
import { parseBaseUrl } from '../../config/parseBaseUrl.js';
import { parseRate } from '../../config/parseRate.js';
import { InputError } from '../../errors/LedgerscanError.js';
import { redactDatabaseUrl } from '../../secrets/redact.js';
import { RunWorker } from '../../workspace/RunWorker.js';
import type { CliIo } from '../CliIo.js';
import { stderrLog } from '../CliIo.js';
import { distributedFlags } from '../distributedFlags.js';
import { lowerPriority } from '../lowerPriority.js';
import { readApiKeys } from '../readApiKeys.js';
import { usePrivateFiles } from '../../workspace/usePrivateFiles.js';

export interface WorkerFlags {
  database?: string | undefined;
  files?: string | undefined;
  baseUrl?: string | undefined;
  rate?: string | number | undefined;
  historicalRate?: string | number | undefined;
  apiKeyFile?: string | undefined;
  lease: number;
  nice: number;
  scheduler: boolean;
  schedulerEvery: number;
  scheduleJitter: number;
}

/**
 * `ledgerscan worker`: executes the distributed workspace's runs until the signal fires (SIGTERM, Ctrl-C), then
 * gives the run going back to the queue for another worker. The API settings are `serve`'s: keys from the
 * environment or a key file, never from the database.
 */
export async function workerCommand(flags: WorkerFlags, io: CliIo, signal: AbortSignal): Promise<number> {
  const distributed = distributedFlags(flags, io);
  if (distributed === undefined)
    throw new InputError(
      'worker needs --database postgres://… (or LEDGERSCAN_DATABASE_URL) and --files DIR: workers serve the distributed workspace',
    );
  if (!Number.isFinite(flags.lease) || flags.lease < 5)
    throw new InputError(`--lease ${flags.lease} is too short (give at least 5 seconds; default 30)`);
  if (!Number.isFinite(flags.schedulerEvery) || flags.schedulerEvery < 0.1)
    throw new InputError(`--scheduler-every ${flags.schedulerEvery} must be at least 0.1 seconds (default 15)`);
  if (!Number.isFinite(flags.scheduleJitter) || flags.scheduleJitter < 0)
    throw new InputError(`--schedule-jitter ${flags.scheduleJitter} must be 0 or more seconds (default 600)`);
  usePrivateFiles();
  lowerPriority(flags.nice);
  const alerts = alertSettingsFromEnv(io.env);
  const rate = flags.rate === undefined ? DEFAULTS.rate : parseRate(flags.rate, '--rate');
  const keys = readApiKeys(flags.apiKeyFile, io, rate);
  const baseUrl = parseBaseUrl(flags.baseUrl ?? DEFAULTS.baseUrl, '--base-url');
  const log = stderrLog(io);
  const worker = await RunWorker.start({
    ...distributed,
    keys,
    baseUrl,
    historicalRate: flags.historicalRate === undefined ? undefined : parseRate(flags.historicalRate, '--historical-rate'),
    coingeckoKey: io.env.COINGECKO_API_KEY,
    alerts,
    log,
    leaseSeconds: flags.lease,
    beatSeconds: Math.max(1, Math.floor(flags.lease / 6)),
    scheduler: flags.scheduler,
    schedulerEveryMs: flags.schedulerEvery * 1000,
    scheduleJitterMs: flags.scheduleJitter * 1000,
  });
  io.stdout.write(`worker ${worker.workerId} on ${redactDatabaseUrl(distributed.database)}, files in ${distributed.filesDir}\n`);
  await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
  await worker.stop();
  return 0;
}
