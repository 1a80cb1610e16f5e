import { Decimal } from '../ledger/money.js';
import { DAY, dayOf, HOUR, hourOf, isoDate } from './buckets.js';
import type { FilePrices } from './FilePrices.js';
import type { FxUsed, MissingState, PriceAnswer } from './PriceAnswer.js';
import type { PriceQuery } from './PriceQuery.js';
import type { PriceRecord } from './PriceRecord.js';
import type { PriceSeries } from './PriceCache.js';
import type { PriceSourceName } from './ValuationSettings.js';

/** Below this DefiLlama confidence a price is refused (probably a spam pool's), as rotki does. */
export const MIN_CONFIDENCE = 0.2;

/** Worst first: a row says the reason most worth acting on. */
const STATE_ORDER: readonly MissingState[] = ['rate-limited', 'source failed', 'not fetched', 'low confidence', 'not found'];

export interface PriceBookSettings {
  currency: string;
  sources: readonly PriceSourceName[];
  maxAge: number;
}

/**
 * Every record a run's rows may use (from the cache or just fetched) and the per-key states of calls that got no
 * answer, and the rule that turns them into one row's answer: the sources in order, first price found wins.
 */
export class PriceBook {
  private readonly records = new Map<string, PriceRecord>();
  private readonly transient = new Map<string, MissingState>();
  /** One price object per record (and per converted price), so rows at one price share its digits worked out once. */
  private readonly raws = new Map<string, RawPrice>();
  private converts = new WeakMap<RawPrice, PriceAnswer>();
  /** Lookups of a key with no record: where a prepare would have called a source (a cache-only reader's guess may differ). */
  misses = 0;

  constructor(
    readonly settings: PriceBookSettings,
    private readonly file: FilePrices | undefined,
  ) {}

  /** API sources answer in USD (converted with ECB rates), CoinGecko in the book's currency directly. */
  currencyOf(source: string): string {
    return source === 'coingecko' ? this.settings.currency : 'USD';
  }

  /** Hours for the hourly sources; ETH's daily price and ECB rates by the UTC day. */
  bucketOf(source: string, time: number): number {
    return source === 'etherscan' || source === 'ecb' ? dayOf(time) : hourOf(time);
  }

  /** The series and bucket a query needs of an API source; `undefined` for NFTs (file only). */
  seriesOf(source: string, query: PriceQuery): PriceSeries | undefined {
    if (query.nft === true) return undefined;
    return { source, chainId: query.chainId, asset: query.asset, currency: this.currencyOf(source) };
  }

  add(record: PriceRecord): void {
    const name = key(record, record.bucket);
    this.records.set(name, record);
    this.raws.delete(name);
    if (record.source === 'ecb') this.converts = new WeakMap();
  }

  has(series: PriceSeries, bucket: number): boolean {
    return this.records.has(key(series, bucket));
  }

  /** A call for this key got no answer (rate-limited, failed, or outside the key's plan): not cached. */
  mark(series: PriceSeries, bucket: number, state: MissingState): void {
    this.transient.set(key(series, bucket), state);
  }

  /** The states of this run's unanswered keys, for a cache-only copy of the oracle (worker threads). */
  transientStates(): [string, MissingState][] {
    return [...this.transient];
  }

  restoreStates(states: Iterable<readonly [string, MissingState]>): void {
    for (const [name, state] of states) this.transient.set(name, state);
  }

  /** The USD price record (if any) a source holds for a query, found or not: for knowing which ECB days are needed. */
  usdRecordTime(source: string, query: PriceQuery): number | undefined {
    const answer = this.fromSource(source, query);
    return typeof answer === 'object' && answer.currency === 'USD' ? answer.time : undefined;
  }

  /** The answer from the sources up to `last` (all by default). */
  priceAt(query: PriceQuery, last = this.settings.sources.length): PriceAnswer {
    const { sources } = this.settings;
    const states: MissingState[] = [];
    for (let i = 0; i < last; i += 1) {
      const raw = this.fromSource(sources[i] as PriceSourceName, query);
      if (typeof raw === 'string') {
        states.push(raw);
        continue;
      }
      const answer = raw.currency === this.settings.currency ? { ...raw, found: true as const } : this.converted(raw);
      if (answer.found) return answer;
      states.push(answer.state);
    }
    return { found: false, state: STATE_ORDER.find((state) => states.includes(state)) ?? 'not found' };
  }

  private fromSource(source: string, query: PriceQuery): MissingState | RawPrice {
    if (source === 'file') {
      // A line in the book's currency first; a USD line converts through the ECB rate.
      const at = (currency: string) => this.file?.at(query.chainId, query.asset, currency, query.time, this.settings.maxAge);
      const found = at(this.settings.currency) ?? at('USD');
      return found === undefined ? 'not found' : { price: found.price, currency: found.currency, time: found.time, source };
    }
    // NFTs are priced from the file alone.
    if (query.nft === true) return 'not found';
    // The key of `seriesOf(source, query)` at the query's bucket, built once per row.
    const name = `${source}|${query.chainId}|${query.asset}|${this.currencyOf(source)}|${this.bucketOf(source, query.time)}`;
    const record = this.records.get(name);
    if (record === undefined) {
      this.misses += 1;
      return this.transient.get(name) ?? 'not found';
    }
    const tolerance = source === 'etherscan' ? DAY : HOUR;
    if (record.price === null || record.time === null || Math.abs(record.time - query.time) > tolerance) return 'not found';
    if (record.confidence !== null && record.confidence < MIN_CONFIDENCE) return 'low confidence';
    let raw = this.raws.get(name);
    if (raw === undefined) this.raws.set(name, (raw = { price: new Decimal(record.price), currency: record.currency, time: record.time, source }));
    return raw;
  }

  /** A USD price in the book's currency by the ECB rate of its day (or the last earlier one); never relabelled. */
  private converted(raw: RawPrice): PriceAnswer {
    const known = this.converts.get(raw);
    if (known !== undefined) return known;
    const fx = this.fx(raw.time);
    if (typeof fx === 'string') return { found: false, state: fx };
    const answer: PriceAnswer = { found: true, price: raw.price.times(fx.rate), currency: this.settings.currency, time: raw.time, source: raw.source, fx };
    this.converts.set(raw, answer);
    return answer;
  }

  /** Book currency per USD on the day of `time`: 1 / (USD per EUR), times (book currency per EUR) unless EUR. */
  fx(time: number): FxUsed | MissingState {
    const day = dayOf(time);
    const usd = this.rate('USD', day);
    if (typeof usd === 'string') return usd;
    const target = this.settings.currency === 'EUR' ? { rate: '1', time: usd.time } : this.rate(this.settings.currency, day);
    if (typeof target === 'string') return target;
    return { rate: new Decimal(target.rate).div(usd.rate), date: isoDate(usd.time), source: 'ecb' };
  }

  private rate(currency: string, day: number): { rate: string; time: number } | MissingState {
    const series = fxSeries(currency);
    const name = key(series, day);
    const record = this.records.get(name);
    if (record === undefined) {
      this.misses += 1;
      return this.transient.get(name) ?? 'not found';
    }
    return record.price === null || record.time === null ? 'not found' : { rate: record.price, time: record.time };
  }
}

/** A source's price of one record, before any conversion. */
interface RawPrice {
  price: Decimal;
  currency: string;
  time: number;
  source: string;
}

/** ECB rates are cached as a series per currency: units per EUR, bucket the asked day, time the rate's own day. */
export function fxSeries(currency: string): PriceSeries {
  return { source: 'ecb', chainId: 0, asset: currency, currency: 'EUR' };
}

function key(series: PriceSeries, bucket: number): string {
  return `${series.source}|${series.chainId}|${series.asset}|${series.currency}|${bucket}`;
}
