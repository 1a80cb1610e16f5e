import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allChains } from '../chains/chains.js';
import { InputError } from '../errors/LedgerscanError.js';
import { API_TEXT, CLOUDFLARE_502 } from './apiTexts.js';
import { FAULT_KINDS, FaultInjector, type FaultKind, type FaultOptions } from './FaultInjector.js';
import { generateWorld } from './generateWorld.js';
import { GrowingWorld } from './GrowingWorld.js';
import { isListAction, type OmittedRecord } from './AccountLists.js';
import { notOk, ok } from './envelope.js';
import { COINGECKO_SANDBOX_KEY, PriceApi, type PriceEndpoint, type PriceFaultOptions } from './PriceApi.js';
import { SandboxApi } from './SandboxApi.js';
import { TokenBucket } from './TokenBucket.js';
import type { World } from './World.js';

export interface SandboxOptions {
  seed?: number;
  scale?: number;
  /** Chains of the generated world (default [1, 10, 42161]). */
  chains?: readonly number[];
  /** Serve this world instead of generating one (tests share one world between servers). */
  world?: World;
  /**
   * Serve the world only up to this unix time, a head that `advanceTo`/`growByDay` move (default: the whole
   * world, and a head that never moves).
   */
  headTime?: number;
  /** 0 (default) picks a free port. */
  port?: number;
  apiKeys?: readonly string[];
  /** Keys on a Pro Plus plan, the only ones `nametag` actions answer (default: every key). */
  proPlusKeys?: readonly string[];
  /** Keys on the Enterprise plan, the only ones `exportaddresstags` answers (default: every key). */
  enterpriseKeys?: readonly string[];
  /** Calls per second per key (default 5). */
  rate?: number;
  freeTierOnly?: boolean;
  pageCap?: number;
  queryTimeoutRows?: number;
  /** Calls per key and UTC day (of `now`) before the daily-limit answer. */
  dailyLimit?: number;
  faults?: FaultOptions;
  omit?: readonly OmittedRecord[];
  /** Actions (e.g. `balancehistory`, `getaddresstag`) answered "Error! Missing Or invalid Action name". */
  disabledActions?: readonly string[];
  /** 429s and failing endpoints of the DefiLlama/CoinGecko/ECB endpoints under `/prices/`. */
  priceFaults?: PriceFaultOptions;
  /** CoinGecko keys the `/prices/coingecko` endpoint accepts (default COINGECKO_SANDBOX_KEY). */
  coingeckoKeys?: readonly string[];
  /** Unix milliseconds now, for CoinGecko's demo window and the daily limit's day (default the real clock). */
  now?: () => number;
}

export interface SandboxStats {
  requests: number;
  /** Per `module.action`, e.g. `account.txlist`. */
  byAction: Record<string, number>;
  rateLimited: number;
  dailyLimited: number;
  faults: Record<FaultKind, number>;
  /** Requests to each price endpoint (faulted ones included). */
  priceCalls: Record<PriceEndpoint, number>;
  /** `byAction` as it stood when the first price request arrived: how far the sync had gone when prices began. */
  byActionAtFirstPrice: Record<string, number> | undefined;
}

export interface Sandbox {
  /** `http://127.0.0.1:PORT/v2/api`. */
  url: string;
  port: number;
  world: World;
  apiKey: string;
  stats: SandboxStats;
  /** Starts serving records held back with `omit`: a transaction the explorer indexed late. */
  reveal(records: readonly OmittedRecord[]): void;
  /** Moves the head to a unix time (a sandbox started with `headTime` only): what lies before it appears. */
  advanceTo(time: number): void;
  /** Moves the head a day on: a day's transactions appear. */
  growByDay(): void;
  close(): Promise<void>;
}

export const SANDBOX_KEY = 'sandbox-key';

/** Starts an Etherscan-v2-compatible HTTP server over a deterministic world on 127.0.0.1. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const whole =
    options.world ??
    generateWorld({ seed: options.seed ?? 1, scale: options.scale ?? 1, ...(options.chains ? { chains: options.chains } : {}) });
  const growing = options.headTime === undefined ? undefined : new GrowingWorld(whole, options.headTime);
  const world = growing ?? whole;
  const grown = (): GrowingWorld => {
    if (growing === undefined) throw new InputError('this sandbox serves its whole world: start it with headTime to move a head');
    return growing;
  };
  const keys = new Set(options.apiKeys ?? [SANDBOX_KEY]);
  const proPlus = new Set(options.proPlusKeys ?? keys);
  const enterprise = new Set(options.enterpriseKeys ?? keys);
  const rate = options.rate ?? 5;
  const api = new SandboxApi(world, {
    pageCap: options.pageCap ?? 1000,
    queryTimeoutRows: options.queryTimeoutRows,
    freeTierOnly: options.freeTierOnly ?? false,
    omit: options.omit ?? [],
    disabledActions: options.disabledActions,
  });
  const prices = new PriceApi(world, {
    faults: options.priceFaults,
    coingeckoKeys: options.coingeckoKeys ?? [COINGECKO_SANDBOX_KEY],
    now: options.now,
  });
  const faults = options.faults === undefined ? undefined : new FaultInjector(options.faults);
  const buckets = new Map<string, TokenBucket>();
  const daily = new Map<string, number>();
  const stats: SandboxStats = {
    requests: 0,
    byAction: {},
    rateLimited: 0,
    dailyLimited: 0,
    faults: Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>,
    priceCalls: prices.calls,
    byActionAtFirstPrice: undefined,
  };

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    if (request.method !== 'GET' && request.method !== 'POST') return send(response, 405, 'text/plain', 'Method Not Allowed');
    if (url.pathname === '/v2/chainlist') return sendJson(response, chainList(world));
    const exported = /^\/export\/(\d+)\/([a-z-]+)\.csv$/.exec(url.pathname);
    if (exported !== null) {
      const csv = api.labelExport(Number(exported[1]), exported[2] ?? '');
      return csv === undefined ? send(response, 404, 'text/plain', 'Not found') : send(response, 200, 'text/csv', csv);
    }
    const priced = prices.answer(url.pathname, url.searchParams, (name) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    });
    if (priced !== undefined) {
      stats.byActionAtFirstPrice ??= { ...stats.byAction };
      return send(response, priced.status, priced.contentType, priced.body);
    }
    if (url.pathname !== '/v2/api') return send(response, 404, 'text/plain', 'Page not found');
    const params = url.searchParams;
    const module = params.get('module');
    const action = params.get('action');
    stats.requests++;
    const actionKey = `${module ?? ''}.${action ?? ''}`;
    stats.byAction[actionKey] = (stats.byAction[actionKey] ?? 0) + 1;

    const fault = faults?.roll(isListAction(module, action));
    if (fault !== undefined) {
      stats.faults[fault]++;
      switch (fault) {
        case 'http502':
          return send(response, 502, 'text/html; charset=UTF-8', CLOUDFLARE_502);
        case 'drop':
          request.socket.destroy();
          return;
        case 'rateLimit':
          return sendJson(response, notOk(API_TEXT.maxRateLimit));
        case 'queryTimeout':
          return sendJson(response, notOk(API_TEXT.queryTimeout));
        case 'truncated': {
          const body = JSON.stringify(api.answer(params));
          return send(response, 200, 'application/json', body.slice(0, Math.floor(body.length / 2)));
        }
      }
    }

    const key = params.get('apikey');
    if (key === null || key === '') return sendJson(response, notOk(API_TEXT.missingKey));
    if (!keys.has(key)) return sendJson(response, notOk(API_TEXT.invalidKey));
    let bucket = buckets.get(key);
    if (bucket === undefined) buckets.set(key, (bucket = new TokenBucket(rate)));
    if (!bucket.tryTake()) {
      stats.rateLimited++;
      return sendJson(response, notOk(API_TEXT.maxCallsPerSec(rate)));
    }
    // The quota resets at 00:00 UTC, as Etherscan's does: a test that moves the clock a day on finds it new.
    const keyDay = `${key} ${new Date(options.now?.() ?? Date.now()).toISOString().slice(0, 10)}`;
    const used = (daily.get(keyDay) ?? 0) + 1;
    daily.set(keyDay, used);
    if (options.dailyLimit !== undefined && used > options.dailyLimit) {
      stats.dailyLimited++;
      return sendJson(response, notOk(API_TEXT.maxDaily(options.dailyLimit)));
    }
    if (module === 'nametag' && !proPlus.has(key)) return sendJson(response, notOk(API_TEXT.proEndpoint));
    if (module === 'nametag' && action === 'exportaddresstags') {
      if (!enterprise.has(key)) return sendJson(response, notOk(API_TEXT.proEndpoint));
      if (world.chain(Number(params.get('chainid'))) === undefined) return sendJson(response, notOk(API_TEXT.chainId));
      // A link to the file, as the V2 docs describe the answer; the file itself needs no key.
      return sendJson(response, ok(`http://127.0.0.1:${port}/export/${params.get('chainid') ?? ''}/${params.get('label') ?? ''}.csv`));
    }
    sendJson(response, api.answer(params));
  };

  const server = createServer(handle);
  // Longer than any client pause between paced calls, so a reused socket is never closed under it; close() ends them all.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v2/api`,
    port,
    world,
    apiKey: [...keys][0] ?? SANDBOX_KEY,
    stats,
    reveal: (records) => api.reveal(records),
    advanceTo: (time) => grown().advanceTo(time),
    growByDay: () => grown().growByDay(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Not enveloped, and needs neither key nor chainid (docs/etherscan-api.md §1). */
function chainList(world: World): unknown {
  const served = allChains().filter((chain) => world.chainIds.includes(chain.id));
  return {
    comments: 'List of API endpoints maintained by Etherscan EAAS. Available Status codes are (0)=Offline, (1)=Ok, (2)=Degraded',
    totalcount: served.length,
    result: served.map((chain) => ({
      chainname: chain.name,
      chainid: String(chain.id),
      blockexplorer: 'http://127.0.0.1/',
      apiurl: `http://127.0.0.1/v2/api?chainid=${chain.id}`,
      status: 1,
      comment: 'sandbox',
    })),
  };
}

function sendJson(response: ServerResponse, body: unknown): void {
  send(response, 200, 'application/json', JSON.stringify(body));
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}
