import { childMap } from '../childMap.js';
import { Decimal } from '../ledger/money.js';
import { DAY, dayOf, HOUR, hourOf, isoDate } from './buckets.js';
import type { FilePrice, FilePrices } from './FilePrices.js';
import type { FxUsed, MissingState, PriceAnswer } from './PriceAnswer.js';
import type { PriceQuery } from './PriceQuery.js';
import type { PriceRecord } from './PriceRecord.js';
import { RecordAnswer } from './RecordAnswer.js';
import type { PriceSeries } from './PriceCache.js';
import { fxSeries } from './fxSeries.js';
import { hours, SeriesRecords } from './SeriesRecords.js';
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
  /**
   * source → chain → asset → bucket → record: a row's lookup builds no key string. Within a book each source has
   * one currency (`currencyOf`; the ECB's series are per EUR), so the currency is not a level.
   */
  private readonly slots = new Map<string, Map<number, Map<string, SeriesSlots>>>();
  /** The states of keys a call got no answer for (`key` names): consulted on a miss only. */
  private readonly transient = new Map<string, MissingState>();
  private converts = new WeakMap<Found, PriceAnswer>();
  private readonly fileAnswers = new Map<FilePrice, Found>();
  /** Lookups of a key with no record: where a prepare would have called a source (a cache-only reader's guess may differ). */
  misses = 0;
  /**
   * Distinct cached buckets the lookups used, per series (a prepare of the same questions counts these as cache
   * hits): exact when each series is asked in ascending time, then at most at times before or after all others.
   */
  bucketsUsed = 0;
  /** The days of ECB rates the conversions used, per source (`source|day`): a prepare counts them per source. */
  readonly fxDaysUsed = new Set<string>();

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
    const slots = this.ownSlots(record.source, record.chainId, record.asset);
    slots.records.put([record]);
    this.changed(slots, record.source);
  }

  /**
   * The series' records are these alone from now on (a reader moving its window along the rows' times). Its slots
   * are found once, not per record: a million-row export reads 174,000 records in windows.
   */
  replaceSeries(series: PriceSeries, records: readonly PriceRecord[]): void {
    // Replaced, not dropped: which of its buckets were used outlives the window.
    const slots = this.ownSlots(series.source, series.chainId, series.asset);
    slots.records.replace(records);
    this.changed(slots, series.source);
  }

  /** A series' records changed: the last record found and its answer, and (for ECB rates) the conversions made, are stale. */
  private changed(slots: SeriesSlots, source: string): void {
    slots.lastHour = NaN;
    slots.lastIndex = -1;
    slots.lastFound = undefined;
    if (source === 'ecb') this.converts = new WeakMap();
  }

  /**
   * An asset's series, one per source in the book's order (`undefined` for the file), made empty where none is yet:
   * the same objects for as long as the book lives, so a reader that keeps them looks up no map a row.
   */
  assetSeries(chainId: number, asset: string): AssetSeries {
    return this.settings.sources.map((source) => (source === 'file' ? undefined : this.ownSlots(source, chainId, asset)));
  }

  has(series: PriceSeries, bucket: number): boolean {
    return (this.seriesSlots(series.source, series.chainId, series.asset)?.records.find(hours(bucket)) ?? -1) >= 0;
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

  /** The answer from the sources up to `last` (all by default); `series`, the query's asset's (`assetSeries`), spares the lookups. */
  priceAt(query: PriceQuery, last = this.settings.sources.length, series?: AssetSeries): PriceAnswer {
    const { sources } = this.settings;
    // The worst state met, by its place in STATE_ORDER ('not found' when none).
    let worst = STATE_ORDER.length - 1;
    for (let i = 0; i < last; i += 1) {
      const raw = this.fromSource(sources[i] as PriceSourceName, query, series?.[i]);
      const answer = typeof raw === 'string' ? MISSING[raw] : raw.currency === this.settings.currency ? raw : this.converted(raw);
      if (answer.found) return answer;
      worst = Math.min(worst, STATE_ORDER.indexOf(answer.state));
    }
    return MISSING[STATE_ORDER[worst] as MissingState];
  }

  private seriesSlots(source: string, chainId: number, asset: string): SeriesSlots | undefined {
    return this.slots.get(source)?.get(chainId)?.get(asset);
  }

  private ownSlots(source: string, chainId: number, asset: string): SeriesSlots {
    const assets = childMap(childMap(this.slots, source), chainId);
    let series = assets.get(asset);
    if (series === undefined)
      assets.set(
        asset,
        (series = {
          records: new SeriesRecords(),
          firstUsed: Infinity,
          lastUsed: -Infinity,
          lastHour: NaN,
          lastIndex: -1,
          lastFound: undefined,
        }),
      );
    return series;
  }

  private fromSource(source: string, query: PriceQuery, known?: SeriesSlots): MissingState | Found {
    if (source === 'file') {
      // A line in the book's currency first; a USD line converts through the ECB rate.
      const at = (currency: string) => this.file?.at(query.chainId, query.asset, currency, query.time, this.settings.maxAge);
      const found = at(this.settings.currency) ?? at('USD');
      if (found === undefined) return 'not found';
      // One answer per line, as per cached record: rows at one price share its written digits.
      let answer = this.fileAnswers.get(found);
      if (answer === undefined)
        this.fileAnswers.set(found, (answer = { found: true, price: found.price, currency: found.currency, time: found.time, source }));
      return answer;
    }
    // NFTs are priced from the file alone.
    if (query.nft === true) return 'not found';
    const bucket = this.bucketOf(source, query.time);
    const series = known ?? this.seriesSlots(source, query.chainId, query.asset);
    const hour = hours(bucket);
    // Rows of an asset come in time order, a bucket's several in a row: the last one found is asked again first.
    const index = series === undefined ? -1 : series.lastHour === hour ? series.lastIndex : series.records.find(hour);
    if (series === undefined || index < 0) {
      this.misses += 1;
      return (
        this.transient.get(key({ source, chainId: query.chainId, asset: query.asset, currency: this.currencyOf(source) }, bucket)) ??
        'not found'
      );
    }
    if (series.lastHour !== hour) {
      series.lastHour = hour;
      series.lastIndex = index;
      series.lastFound = undefined;
      this.use(series, hour);
    }
    const tolerance = source === 'etherscan' ? DAY : HOUR;
    const { records } = series;
    const price = records.price(index);
    const time = records.time(index);
    if (price === null || time === null || Math.abs(time - query.time) > tolerance) return 'not found';
    const confidence = records.confidence(index);
    if (confidence !== null && confidence < MIN_CONFIDENCE) return 'low confidence';
    // One answer while the asset's rows stay in this bucket, so they share its digits worked out once. Kept on the
    // series, not per record: an answer (and its written texts) for each record of a month's window outlived the
    // young generation, ≈ 50 MB promoted by a million-row export to die in the old one.
    series.lastFound ??= new RecordAnswer(price, records.currency(index), time, source);
    return series.lastFound;
  }

  /** Counts a bucket (`hours`) the lookups had not used yet (`bucketsUsed`). */
  private use(series: SeriesSlots, hour: number): void {
    if (hour > series.lastUsed) {
      series.firstUsed = Math.min(series.firstUsed, hour);
      series.lastUsed = hour;
      this.bucketsUsed += 1;
    } else if (hour < series.firstUsed) {
      series.firstUsed = hour;
      this.bucketsUsed += 1;
    }
  }

  /** A USD price in the book's currency by the ECB rate of its day (or the last earlier one); never relabelled. */
  private converted(raw: Found): PriceAnswer {
    const known = this.converts.get(raw);
    if (known !== undefined) return known;
    this.fxDaysUsed.add(`${raw.source}|${dayOf(raw.time)}`);
    const fx = this.fx(raw.time);
    if (typeof fx === 'string') return { found: false, state: fx };
    const answer: PriceAnswer = {
      found: true,
      price: raw.price.times(fx.rate),
      currency: this.settings.currency,
      time: raw.time,
      source: raw.source,
      fx,
    };
    this.converts.set(raw, answer);
    return answer;
  }

  /** Book currency per USD on the day of `time`: 1 / (USD per EUR), times (book currency per EUR) unless EUR. */
  fx(time: number): FxUsed | MissingState {
    const day = dayOf(time);
    // Both rates looked up before either can fail, so a cache-only reader misses every key a prepare would ask.
    const usd = this.rate('USD', day);
    const target = this.settings.currency === 'EUR' ? { rate: '1' } : this.rate(this.settings.currency, day);
    if (typeof usd === 'string') return usd;
    if (typeof target === 'string') return target;
    return { rate: new Decimal(target.rate).div(usd.rate), date: isoDate(usd.time), source: 'ecb' };
  }

  private rate(currency: string, day: number): { rate: string; time: number } | MissingState {
    const series = fxSeries(currency);
    const records = this.seriesSlots(series.source, series.chainId, series.asset)?.records;
    const index = records === undefined ? -1 : records.find(hours(day));
    if (records === undefined || index < 0) {
      this.misses += 1;
      return this.transient.get(key(series, day)) ?? 'not found';
    }
    const price = records.price(index);
    const time = records.time(index);
    return price === null || time === null ? 'not found' : { rate: price, time };
  }
}

/** A found answer, before any conversion (a source's price of one record, or a file line's). */
type Found = Extract<PriceAnswer, { found: true }>;

/**
 * A series' records, the range of buckets (`hours`) lookups used (kept when the records are replaced), the last
 * record found (its `hours` and index) and its answer once a row used it.
 */
export interface SeriesSlots {
  records: SeriesRecords;
  firstUsed: number;
  lastUsed: number;
  lastHour: number;
  lastIndex: number;
  lastFound: RecordAnswer | undefined;
}

/** An asset's series per source of the book, in its order (`PriceBook.assetSeries`). */
export type AssetSeries = readonly (SeriesSlots | undefined)[];

/** One answer object per state: rows without a price share it. */
const MISSING = Object.fromEntries(STATE_ORDER.map((state) => [state, Object.freeze({ found: false, state })])) as Record<
  MissingState,
  PriceAnswer
>;

function key(series: PriceSeries, bucket: number): string {
  return `${series.source}|${series.chainId}|${series.asset}|${series.currency}|${bucket}`;
}
