import { chainPriceIds } from '../chains/priceIds.js';
import { Prng } from './Prng.js';
import { FX_FROM, FX_TO, fxRates, type FxCurrency } from './worldFxRates.js';
import { coinPrice, tokenPrice, type WorldPrice } from './worldPrices.js';
import type { World } from './World.js';

/** Faults of the price endpoints, switched on like the Etherscan faults: at start, seeded. */
export interface PriceFaultOptions {
  /** Probability in [0, 1] that a price request gets HTTP 429 (1: a storm). */
  rateLimit?: number;
  /** Endpoints answering HTTP 500 to every request. */
  failing?: readonly PriceEndpoint[];
  seed?: number;
}

export type PriceEndpoint = 'defillama' | 'coingecko' | 'ecb';

export interface PriceApiOptions {
  faults?: PriceFaultOptions | undefined;
  /** CoinGecko keys accepted in `x-cg-demo-api-key` (demo plan) or `x-cg-pro-api-key`. */
  coingeckoKeys: readonly string[];
  /** The clock of the demo plan's 365-day window (default: the real clock). */
  now?: (() => number) | undefined;
}

export interface PriceAnswer {
  status: number;
  contentType: string;
  body: string;
}

export const COINGECKO_SANDBOX_KEY = 'CG-sandbox-key';
const DAY = 86400;

/**
 * DefiLlama-, CoinGecko- and ECB-compatible endpoints over the world's own price series, under `/prices/`
 * (the shapes of docs: `/prices/historical`, `/batchHistorical`, `market_chart/range`, `eurofxref-hist.xml`).
 */
export class PriceApi {
  private readonly prng: Prng;
  readonly calls: Record<PriceEndpoint, number> = { defillama: 0, coingecko: 0, ecb: 0 };

  constructor(
    private readonly world: World,
    private readonly options: PriceApiOptions,
  ) {
    this.prng = new Prng(options.faults?.seed ?? 1);
  }

  /** `undefined` when the path is not a price endpoint. */
  answer(pathname: string, params: URLSearchParams, header: (name: string) => string | undefined): PriceAnswer | undefined {
    const match = /^\/prices\/(defillama|coingecko|ecb)(\/.*)$/.exec(pathname);
    if (match === null) return undefined;
    const endpoint = match[1] as PriceEndpoint;
    const rest = match[2] ?? '';
    this.calls[endpoint]++;
    const faults = this.options.faults;
    if (faults?.failing?.includes(endpoint) === true) return text(500, 'Internal Server Error');
    if ((faults?.rateLimit ?? 0) > 0 && this.prng.next() < (faults?.rateLimit ?? 0)) return json(429, { message: 'Too Many Requests' });
    if (endpoint === 'defillama') return this.defillama(rest, params);
    if (endpoint === 'coingecko') return this.coingecko(rest, params, header);
    return rest === '/stats/eurofxref/eurofxref-hist.xml'
      ? { status: 200, contentType: 'text/xml', body: this.ecbXml() }
      : text(404, 'Not Found');
  }

  private defillama(rest: string, params: URLSearchParams): PriceAnswer {
    const width = searchWidth(params.get('searchWidth'));
    const historical = /^\/prices\/historical\/(\d+)\/([^/]+)$/.exec(rest);
    if (historical !== null) {
      const coins: Record<string, unknown> = {};
      for (const id of decodeURIComponent(historical[2] ?? '').split(',')) {
        const found = this.nearest(id, Number(historical[1]), width);
        if (found !== undefined) coins[id] = { price: found.price, symbol: 'X', timestamp: found.timestamp, confidence: found.confidence };
      }
      return json(200, { coins });
    }
    if (rest !== '/batchHistorical') return text(404, 'Not Found');
    let asked: Record<string, number[]>;
    try {
      asked = JSON.parse(params.get('coins') ?? '') as Record<string, number[]>;
    } catch {
      return json(400, { message: 'invalid coins' });
    }
    if (Object.keys(asked).length === 0) return json(400, { message: 'no coins queried' });
    const coins: Record<string, unknown> = {};
    for (const [id, times] of Object.entries(asked)) {
      const prices = times.flatMap((time) => {
        const found = this.nearest(id, time, width);
        return found === undefined ? [] : [{ timestamp: found.timestamp, price: found.price, confidence: found.confidence }];
      });
      if (prices.length > 0) coins[id] = { symbol: 'X', prices };
    }
    return json(200, { coins });
  }

  /** DefiLlama's search: the record nearest to `time` within ± `width` seconds. */
  private nearest(id: string, time: number, width: number): WorldPrice | undefined {
    const hour = Math.round(time / 3600) * 3600;
    for (let step = 0; step * 3600 <= width; step++) {
      for (const at of step === 0 ? [hour] : [hour - step * 3600, hour + step * 3600]) {
        const found = Math.abs(at - time) <= width ? this.usdPrice(id, at) : undefined;
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  private usdPrice(id: string, time: number): WorldPrice | undefined {
    const [prefix, address] = id.split(':');
    if (prefix === 'coingecko') return coinPrice(this.world, address ?? '', time);
    const chainId = this.world.chainIds.find((candidate) => chainPriceIds(candidate)?.defillama === prefix);
    return chainId === undefined ? undefined : tokenPrice(this.world, chainId, (address ?? '').toLowerCase(), time);
  }

  private coingecko(rest: string, params: URLSearchParams, header: (name: string) => string | undefined): PriceAnswer {
    const demo = header('x-cg-demo-api-key');
    const key = demo ?? header('x-cg-pro-api-key');
    if (key === undefined || !this.options.coingeckoKeys.includes(key)) {
      return json(401, { status: { error_code: 10002, error_message: 'API Key Missing or invalid' } });
    }
    const range = /^\/api\/v3\/coins\/(?:([a-z0-9-]+)\/contract\/(0x[0-9a-fA-F]{40})|([a-z0-9-]+))\/market_chart\/range$/.exec(rest);
    if (range === null) return json(404, { error: 'Not found' });
    const from = Number(params.get('from'));
    const to = Number(params.get('to'));
    const currency = (params.get('vs_currency') ?? '').toUpperCase();
    if (!(to >= from) || !['USD', 'EUR', 'GBP', 'CHF'].includes(currency)) return json(400, { error: 'invalid parameters' });
    const now = (this.options.now ?? Date.now)() / 1000;
    if (demo !== undefined && from < now - 365 * DAY) {
      return json(401, {
        error: {
          status: {
            error_code: 10012,
            error_message:
              'Your request exceeds the allowed time range. Public API users are limited to querying historical data within the past 365 days.',
          },
        },
      });
    }
    const id = range[3] === undefined ? `${this.platformChain(range[1] ?? '')}:${(range[2] ?? '').toLowerCase()}` : `coingecko:${range[3]}`;
    const step = to - from > 90 * DAY ? DAY : 3600;
    const prices: [number, number][] = [];
    for (let at = Math.ceil(from / step) * step; at <= to; at += step) {
      const usd = this.usdPrice(id, at);
      const converted = usd === undefined ? undefined : inCurrency(this.world.seed, usd.price, currency, at);
      if (converted !== undefined) prices.push([at * 1000, converted]);
    }
    return json(200, { prices, market_caps: [], total_volumes: [] });
  }

  private platformChain(platform: string): string {
    const chainId = this.world.chainIds.find((candidate) => chainPriceIds(candidate)?.coingeckoPlatform === platform);
    return chainId === undefined ? 'unknown' : (chainPriceIds(chainId)?.defillama ?? 'unknown');
  }

  /** `eurofxref-hist.xml`: newest day first, one `Cube time` per TARGET day. */
  private ecbXml(): string {
    const days: string[] = [];
    for (let day = FX_TO; day >= FX_FROM; day -= DAY) {
      const rates = fxRates(this.world.seed, day);
      if (rates === undefined) continue;
      const cubes = Object.entries(rates).map(([currency, rate]) => `<Cube currency="${currency}" rate="${rate}"/>`);
      days.push(`<Cube time="${new Date(day * 1000).toISOString().slice(0, 10)}">${cubes.join('')}</Cube>`);
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">\n<gesmes:subject>Reference rates</gesmes:subject>\n<Cube>\n${days.join('\n')}\n</Cube>\n</gesmes:Envelope>\n`;
  }
}

/** A USD price in another currency by the ECB rate of the day or the last earlier one (8 decimals). */
function inCurrency(seed: number, usd: number, currency: string, time: number): number | undefined {
  if (currency === 'USD') return usd;
  for (let day = Math.floor(time / DAY) * DAY; day >= FX_FROM; day -= DAY) {
    const rates = fxRates(seed, day);
    if (rates === undefined) continue;
    const perEur = usd / Number(rates.USD);
    return Number((currency === 'EUR' ? perEur : perEur * Number(rates[currency as FxCurrency])).toFixed(8));
  }
  return undefined;
}

function searchWidth(text: string | null): number {
  const match = /^(\d+)([hmd]?)$/.exec(text ?? '');
  if (match === null) return 6 * 3600;
  const unit = match[2] === 'd' ? DAY : match[2] === 'm' ? 60 : 3600;
  return Number(match[1]) * unit;
}

function json(status: number, body: unknown): PriceAnswer {
  return { status, contentType: 'application/json', body: JSON.stringify(body) };
}

function text(status: number, body: string): PriceAnswer {
  return { status, contentType: 'text/plain', body };
}
