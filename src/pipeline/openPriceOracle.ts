import { RateLimiter } from '../etherscan/RateLimiter.js';
import { dayOf, isoDate } from '../prices/buckets.js';
import type { FilePrices } from '../prices/FilePrices.js';
import type { EcbRates } from '../prices/EcbRates.js';
import type { MissingState } from '../prices/PriceAnswer.js';
import { PriceBook } from '../prices/PriceBook.js';
import { fxCurrencies, fxSeries } from '../prices/fxSeries.js';
import type { PriceCache, PriceSeries } from '../prices/PriceCache.js';
import type { PriceOracle, PriceStats } from '../prices/PriceOracle.js';
import type { PriceQuery } from '../prices/PriceQuery.js';
import type { AssetTimes } from '../prices/AssetTimes.js';
import { assetTimes, queryAt } from '../prices/AssetTimes.js';
import type { PriceRecord } from '../prices/PriceRecord.js';
import type { ValuationSettings } from '../prices/ValuationSettings.js';
import { ecbRatesFile } from '../priceSources/ecbRatesFile.js';
import { PriceHttp, type Pacer } from '../priceSources/priceHttp.js';
import type { BucketResult } from '../priceSources/SourceResult.js';
import { priceFetchers, type PriceFetcher } from './priceFetchers.js';
import { readPriceFile } from './readPriceFile.js';

export interface PriceOracleOptions {
  /** The job's Etherscan API, for the `etherscan` source (`stats/ethdailyprice`); its pacer is the key's limiter. */
  etherscan?: { baseUrl: string; apiKey: string; pacer?: Pacer };
  /** A pacer per source (calls per second); default one in-process limiter per source. Workers on a database pass its shared limiter. */
  pacerFor?: (source: string, rate: number) => Pacer;
  /** One redacted line per source that gave up. */
  log?: (line: string) => void;
  signal?: AbortSignal;
  /** First 429 backoff in ms (doubling; default 500). */
  backoffMs?: number;
  /** Unix milliseconds now, for CoinGecko's demo window. */
  now?: () => number;
}

/** What a cache-only oracle needs besides the store: the states of keys the main oracle could not answer. */
export interface CachedOracleOptions {
  transient?: Iterable<readonly [string, MissingState]>;
  /** Say `not fetched` of a key the cache lacks (a run would ask it) rather than `not found`. */
  markUnfetched?: boolean;
}

export interface OpenedPriceOracle extends PriceOracle {
  /** This run's unanswered keys, to hand to `openCachedPriceOracle` in a worker thread. */
  transientStates(): [string, MissingState][];
}

/** Calls per second per source when nobody passes a pacer: DefiLlama as rotki paces it keyless, CoinGecko's demo plan. */
const RATES: Readonly<Record<string, number>> = { defillama: 2, coingecko: 0.5, etherscan: 1, ecb: 1 };
const processPacers = new Map<string, RateLimiter>();

/** The valuation of one run: the user's price file read (exit 2 on a bad line), sources in order, the store's cache. */
export function openPriceOracle(
  settings: ValuationSettings,
  store: { prices: PriceCache },
  options: PriceOracleOptions = {},
): OpenedPriceOracle {
  return new StoreOracle(settings, store.prices, readPriceFile(settings), options, 'calls');
}

/** For worker threads: the same answers from the store's cache alone, never a call. */
export function openCachedPriceOracle(
  settings: ValuationSettings,
  store: { prices: PriceCache },
  options: CachedOracleOptions = {},
): OpenedPriceOracle {
  const oracle = new StoreOracle(settings, store.prices, readPriceFile(settings), {}, options.markUnfetched === true ? 'marked' : 'silent');
  oracle.restore(options.transient ?? []);
  return oracle;
}

class StoreOracle implements OpenedPriceOracle {
  private readonly book: PriceBook;
  private readonly fetchers: Readonly<Record<string, PriceFetcher>>;
  private readonly https = new Map<string, PriceHttp>();
  private expectedCalls = 0;
  private cacheHits = 0;
  private ecb: Promise<EcbRates | 'rate-limited' | 'source failed'> | undefined;

  constructor(
    private readonly settings: ValuationSettings,
    private readonly cache: PriceCache,
    file: FilePrices | undefined,
    private readonly options: PriceOracleOptions,
    /** `calls`: fetch what the cache lacks; else the cache alone, `marked` saying `not fetched` of what it lacks. */
    private readonly fetching: 'calls' | 'silent' | 'marked',
  ) {
    this.book = new PriceBook(settings, file);
    this.fetchers = priceFetchers(
      settings,
      options.etherscan,
      (source) => this.http(source),
      () => (options.now ?? Date.now)() / 1000,
    );
  }

  restore(states: Iterable<readonly [string, MissingState]>): void {
    this.book.restoreStates(states);
  }

  transientStates(): [string, MissingState][] {
    return this.book.transientStates();
  }

  prepare(queries: Iterable<PriceQuery>): Promise<void> {
    return this.prepareAssets(assetTimes(queries));
  }

  async prepareAssets(assets: readonly AssetTimes[]): Promise<void> {
    let pending = assets;
    for (const [index, source] of this.settings.sources.entries()) {
      if (source !== 'file') await this.stage(source, pending);
      if (this.book.currencyOf(source) !== this.settings.currency) {
        await this.ensureFx(
          pending.flatMap((asset) => asset.times.flatMap((time) => this.book.usdRecordTime(source, queryAt(asset, time)) ?? [])),
        );
      }
      // What is left goes to the next source; after the last, nowhere (a million rows' answers not worked out twice).
      if (index + 1 < this.settings.sources.length) pending = this.unpriced(pending, index + 1);
    }
  }

  /** The questions the first `sources` sources leave unpriced, assets in the order one pass first meets what is left. */
  private unpriced(assets: readonly AssetTimes[], sources: number): AssetTimes[] {
    return assets
      .map((asset) => ({ ...asset, times: asset.times.filter((time) => !this.book.priceAt(queryAt(asset, time), sources).found) }))
      .filter((asset) => asset.times.length > 0)
      .sort((a, b) => (a.times[0] as number) - (b.times[0] as number) || a.chainId - b.chainId);
  }

  priceAt(query: PriceQuery) {
    return this.book.priceAt(query);
  }

  stats(): PriceStats {
    const calls = [...this.https.values()].reduce((sum, http) => sum + http.calls, 0);
    const fx = this.settings.currency === 'USD' ? {} : { fx: 'ecb' };
    return {
      currency: this.settings.currency,
      sources: [...this.settings.sources],
      calls,
      expectedCalls: this.expectedCalls,
      cacheHits: this.cacheHits,
      ...fx,
    };
  }

  /**
   * One source for the queries no earlier source priced: the cache first, then calls for what it lacks; then the
   * same for the earlier buckets of rows whose own bucket's record lies after them (`lateBuckets`).
   */
  private async stage(source: string, assets: readonly AssetTimes[]): Promise<void> {
    const own = (asset: AssetTimes): number[] => {
      // Times ascend, so equal buckets are neighbours.
      const buckets: number[] = [];
      for (const time of asset.times) {
        const bucket = this.book.bucketOf(source, time);
        if (buckets.at(-1) !== bucket) buckets.push(bucket);
      }
      return buckets;
    };
    await this.ask(source, assets, own);
    await this.ask(source, assets, (asset) => this.book.lateBuckets(source, queryAt(asset, 0), asset.times));
  }

  /** The buckets `bucketsOf` names of each asset: those the cache holds read, a call for the rest. */
  private async ask(source: string, assets: readonly AssetTimes[], bucketsOf: (asset: AssetTimes) => number[]): Promise<void> {
    const wanted = assets.flatMap((asset) => {
      // NFTs have no series (the file prices them).
      const series = this.book.seriesOf(source, queryAt(asset, 0));
      const buckets = series === undefined ? [] : bucketsOf(asset);
      return series === undefined || buckets.length === 0 ? [] : [{ series, buckets }];
    });
    const asks = this.fromCache(wanted).flatMap((missing, index) => {
      const { series } = wanted[index] as (typeof wanted)[number];
      if (this.fetching === 'marked') for (const bucket of missing) this.book.mark(series, bucket, 'not fetched');
      return missing.length === 0 ? [] : [{ chainId: series.chainId, asset: series.asset, buckets: missing }];
    });
    const fetcher = this.fetchers[source];
    if (asks.length === 0 || fetcher === undefined) return;
    const calls = fetcher.calls(asks);
    this.expectedCalls += calls;
    if (this.fetching !== 'calls') return;
    const buckets = asks.reduce((sum, ask) => sum + ask.buckets.length, 0);
    // The plan of the price calls, as the sync's plan line says its own.
    this.options.log?.(`prices: ${calls} ${source} ${calls === 1 ? 'call' : 'calls'} for ${buckets} prices the cache lacks`);
    await fetcher.fetch(asks, (results) => this.keep(source, results));
    const givenUp = this.https.get(source)?.givenUp;
    if (givenUp !== undefined)
      this.options.log?.(
        `prices: ${source} gave up in this run: ${givenUp}; its rows are valued by the next source or left without a value`,
      );
  }

  /**
   * Adds the cached records of each series' buckets to the book, in one read of the cache; returns the buckets it
   * lacks, series by series.
   */
  private fromCache(wanted: readonly { series: PriceSeries; buckets: number[] }[]): number[][] {
    // What an earlier prepare of this run found or fetched is no hit again (a warming's calls, read by the settling).
    const held = wanted.map(
      ({ series, buckets }) => buckets.sort((a, b) => a - b).filter((bucket) => this.book.has(series, bucket)).length,
    );
    const spans = wanted
      .filter(({ buckets }, index) => held[index] !== buckets.length)
      .map(({ series, buckets }) => ({ series, from: buckets[0] as number, to: buckets.at(-1) as number }));
    for (const record of this.cache.getMany(spans)) this.book.add(record);
    return wanted.map(({ series, buckets }, index) => {
      if (held[index] === buckets.length) return [];
      const missing = buckets.filter((bucket) => !this.book.has(series, bucket));
      this.cacheHits += buckets.length - missing.length - (held[index] as number);
      return missing;
    });
  }

  /** A call's answers: records and true misses stored at once (a killed run resumes there), the rest marked. */
  private keep(source: string, results: readonly BucketResult[]): void {
    const stored: PriceRecord[] = [];
    const currency = this.book.currencyOf(source);
    for (const { chainId, asset, bucket, outcome } of results) {
      const series = { source, chainId, asset, currency };
      if (typeof outcome === 'object') stored.push({ ...series, bucket, ...outcome });
      else if (outcome === 'not found') stored.push({ ...series, bucket, price: null, time: null, confidence: null });
      else this.book.mark(series, bucket, outcome === 'not found here' ? 'not found' : outcome);
    }
    this.cache.put(stored);
    for (const record of stored) this.book.add(record);
  }

  /** ECB rates for the days of these USD records: the cache, else the ECB's history (one call per run). */
  private async ensureFx(times: readonly number[]): Promise<void> {
    if (times.length === 0) return;
    const days = [...new Set(times.map(dayOf))];
    const currencies = fxCurrencies(this.settings.currency);
    const missing = this.fromCache(currencies.map((currency) => ({ series: fxSeries(currency), buckets: [...days] })))
      .map((wanted, index) => ({ currency: currencies[index] as string, days: wanted }))
      .filter((need) => need.days.length > 0);
    if (missing.length === 0) return;
    this.expectedCalls += this.ecb === undefined ? 1 : 0;
    if (this.fetching === 'marked')
      for (const { currency, days: wanted } of missing) for (const day of wanted) this.book.mark(fxSeries(currency), day, 'not fetched');
    if (this.fetching !== 'calls') return;
    if (this.ecb === undefined)
      this.options.log?.(
        `prices: 1 ecb call for the rates of ${Math.max(...missing.map((need) => need.days.length))} days the cache lacks`,
      );
    this.ecb ??= ecbRatesFile(this.http('ecb'), this.settings.urls.ecb);
    const rates = await this.ecb;
    for (const { currency, days: wanted } of missing) {
      const series = fxSeries(currency);
      if (typeof rates === 'string') {
        for (const day of wanted) this.book.mark(series, day, rates);
        continue;
      }
      const last = Date.parse(`${rates.lastDate ?? ''}T00:00:00Z`) / 1000;
      const records = wanted.map((day): PriceRecord => {
        const rate = rates.on(currency, isoDate(day));
        return {
          ...series,
          bucket: day,
          price: rate?.rate ?? null,
          time: rate === undefined ? null : Date.parse(`${rate.date}T00:00:00Z`) / 1000,
          confidence: null,
        };
      });
      // A day after the newest published one may still get its own rate: used, not cached.
      this.cache.put(records.filter((record) => record.bucket <= last));
      for (const record of records) this.book.add(record);
    }
  }

  private http(source: string): PriceHttp {
    let http = this.https.get(source);
    if (http === undefined) {
      const pacer =
        (source === 'etherscan' ? this.options.etherscan?.pacer : undefined) ??
        (this.options.pacerFor ?? processPacer)(source, RATES[source] ?? 1);
      http = new PriceHttp({
        pacer,
        signal: this.options.signal,
        ...(this.options.backoffMs === undefined ? {} : { backoffMs: this.options.backoffMs }),
      });
      this.https.set(source, http);
    }
    return http;
  }
}

function processPacer(source: string, rate: number): Pacer {
  let pacer = processPacers.get(source);
  if (pacer === undefined) processPacers.set(source, (pacer = new RateLimiter(rate)));
  return pacer;
}
