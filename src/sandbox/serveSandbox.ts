import { InputError } from '../errors/LedgerscanError.js';
import { COINGECKO_SANDBOX_KEY } from './PriceApi.js';
import { startSandbox } from './startSandbox.js';
import type { WorldWallet } from './World.js';

export interface ServeSandboxOptions {
  port: number;
  seed: number;
  scale: number;
  /** Calls per second per key. */
  rate: number;
  /** Share of requests that fail on purpose (0 = none), for resilience demos. */
  faults: number;
  /** Actions answered as an explorer answers one it does not know. */
  disabledActions: readonly string[];
  stdout: NodeJS.WritableStream;
  /** Resolves when the server should stop; default: the first SIGINT or SIGTERM. */
  stopSignal?: Promise<void>;
}

/** `ledgerscan sandbox`: serves the sandbox until SIGINT/SIGTERM and prints how to reach it. */
export async function serveSandbox(options: ServeSandboxOptions): Promise<void> {
  if (!(options.faults >= 0 && options.faults <= 1)) {
    throw new InputError(`--faults must be a share between 0 and 1, got ${options.faults}`, { details: { example: '--faults 0.05' } });
  }
  if (!(options.rate > 0)) throw new InputError(`--rate must be > 0, got ${options.rate}`);
  const badAction = options.disabledActions.find((action) => !/^[A-Za-z0-9_]+$/.test(action));
  if (badAction !== undefined) {
    throw new InputError(`--disable-action takes action names separated by commas, got ${JSON.stringify(badAction)}`, {
      details: { example: '--disable-action balancehistory,tokenbalancehistory' },
    });
  }
  const sandbox = await startSandbox({
    port: options.port,
    seed: options.seed,
    scale: options.scale,
    rate: options.rate,
    // The same share of faults on the price endpoints, as HTTP 429s (what a price API answers a busy client).
    ...(options.faults > 0
      ? { faults: { rate: options.faults, seed: options.seed }, priceFaults: { rateLimit: options.faults, seed: options.seed } }
      : {}),
    disabledActions: options.disabledActions,
  });
  const wallets = sandbox.world.wallets.map((w) => `  ${w.label.padEnd(8)} ${w.address}  chains ${w.chains.join(',')}`).join('\n');
  options.stdout.write(
    `sandbox listening on ${sandbox.url}\n` +
      `API key: ${sandbox.apiKey}\n` +
      `prices: DefiLlama ${new URL(sandbox.url).origin}/prices/defillama, CoinGecko …/prices/coingecko/api/v3 (COINGECKO_API_KEY=${COINGECKO_SANDBOX_KEY}), ECB …/prices/ecb (the defaults of a job on this sandbox)\n` +
      `seed ${options.seed}, scale ${options.scale}, ${options.rate} calls/s per key${options.faults > 0 ? `, faults ${options.faults}` : ''}\n` +
      (options.disabledActions.length > 0 ? `answered as unknown actions: ${options.disabledActions.join(', ')}\n` : '') +
      `wallets:\n${wallets}\n` +
      `try: ${tryCommand(sandbox.url, sandbox.apiKey, sandbox.world.wallets[0], options.rate)}\n`,
  );
  await (options.stopSignal ?? untilSignal());
  await sandbox.close();
  options.stdout.write(`sandbox stopped after ${sandbox.stats.requests} requests\n`);
}

/** A whole export of the first wallet's 2025 on its first chain, at the sandbox's rate: runs as printed. */
function tryCommand(url: string, apiKey: string, wallet: WorldWallet | undefined, rate: number): string {
  const chain = wallet?.chains[0] ?? 1;
  return `ledgerscan export --base-url ${url} --api-key ${apiKey} --address ${wallet?.address ?? ''} --chain ${chain} --year 2025 --template ledger --rate ${rate} --out out/sandbox --state out/sandbox/state.db`;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
