import { childMap } from '../childMap.js';
import { DAY, dayOf, HOUR, hourOf, isoDate } from './buckets.js';
import type { FilePrice, FilePrices } from './FilePrices.js';
import type { FxUsed, MissingState, PriceAnswer } from './PriceAnswer.js';
import type { PriceQuery } from './PriceQuery.js';
import type { PriceRecord } from './PriceRecord.js';
import { priceFits } from './priceFits.js';
import { RecordAnswer } from './RecordAnswer.js';
import type { PriceSeries } from './PriceCache.js';
import { fxSeries } from './fxSeries.js';
import { hours } from './SeriesRecords.js';
import { SeriesSlots } from './SeriesSlots.js';
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

  /** A series' records changed: its last answer, and (for ECB rates) the conversions made, are stale. */
  private changed(slots: SeriesSlots, source: string): void {
    slots.changed();
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
    if (series === undefined) assets.set(asset, (series = new SeriesSlots()));
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
    if (series === undefined || index < 0) return this.missed(source, query, bucket);
    if (series.lastHour !== hour) {
      series.lastHour = hour;
      series.lastIndex = index;
      if (series.use(hour)) this.bucketsUsed += 1;
    }
    const { records } = series;
    let at = index;
    const own = records.time(index);
    if (own !== null && own > query.time) {
      // The bucket's record lies after the row (a source's record is the one nearest the bucket, either side):
      // the previous bucket's, which a prepare asks for exactly these rows (`lateBuckets`).
      const previous = this.previousBucket(source, bucket);
      at = records.find(hours(previous));
      if (at < 0) return this.missed(source, query, previous);
    }
    const price = records.price(at);
    const time = records.time(at);
    if (price === null || time === null || !priceFits(time, query.time, this.settings.maxAge)) return 'not found';
    const confidence = records.confidence(at);
    if (confidence !== null && confidence < MIN_CONFIDENCE) return 'low confidence';
    // One answer while the asset's rows stay on this record, so they share its digits worked out once. Kept on the
    // series, not per record: an answer (and its written texts) for each record of a month's window outlived the
    // young generation, ≈ 50 MB promoted by a million-row export to die in the old one.
    if (series.foundIndex !== at || series.lastFound === undefined) {
      series.foundIndex = at;
      series.lastFound = new RecordAnswer(price, records.currency(at), time, source);
    }
    return series.lastFound;
  }

  private previousBucket(source: string, bucket: number): number {
    return bucket - (source === 'etherscan' ? DAY : HOUR);
  }

  /** No record held for the key: where a prepare would have called, with the state a call left (or `not found`). */
  private missed(source: string, query: PriceQuery, bucket: number): MissingState {
    this.misses += 1;
    return (
      this.transient.get(key({ source, chainId: query.chainId, asset: query.asset, currency: this.currencyOf(source) }, bucket)) ??
      'not found'
    );
  }

  /**
   * The earlier buckets a prepare must ask too: those of times whose own bucket's record lies after them (and the
   * earlier bucket not held yet), so no row takes a price from after its time.
   */
  lateBuckets(source: string, query: PriceQuery, times: readonly number[]): number[] {
    const series = this.seriesSlots(source, query.chainId, query.asset);
    if (series === undefined) return [];
    const late: number[] = [];
    for (const time of times) {
      const bucket = this.bucketOf(source, time);
      const index = series.records.find(hours(bucket));
      const own = index < 0 ? null : series.records.time(index);
      const previous = this.previousBucket(source, bucket);
      if (own !== null && own > time && late.at(-1) !== previous && series.records.find(hours(previous)) < 0) late.push(previous);
    }
    return late;
  }

  /** A USD price in the book's currency by the ECB rates of its day (or the last earlier one); never relabelled. */
  private converted(raw: Found): PriceAnswer {
    const known = this.converts.get(raw);
    if (known !== undefined) return known;
    this.fxDaysUsed.add(`${raw.source}|${dayOf(raw.time)}`);
    const rates = this.fx(raw.time);
    if (typeof rates === 'string') return { found: false, state: rates };
    const fx: FxUsed = { ...rates, usd: raw.price };
    const perEur = rates.bookPerEur === undefined ? raw.price : raw.price.times(rates.bookPerEur);
    const answer: PriceAnswer = {
      found: true,
      price: perEur.div(rates.usdPerEur),
      currency: this.settings.currency,
      time: raw.time,
      source: raw.source,
      fx,
    };
    this.converts.set(raw, answer);
    return answer;
  }

  /** The ECB's published rates of the day of `time` a conversion into the book's currency reads: USD per EUR, and the book's currency per EUR unless EUR. */
  private fx(time: number): Omit<FxUsed, 'usd'> | MissingState {
    const day = dayOf(time);
    // Both rates looked up before either can fail, so a cache-only reader misses every key a prepare would ask.
    const usd = this.rate('USD', day);
    const book = this.settings.currency === 'EUR' ? undefined : this.rate(this.settings.currency, day);
    if (typeof usd === 'string') return usd;
    if (typeof book === 'string') return book;
    return { usdPerEur: usd.rate, ...(book === undefined ? {} : { bookPerEur: book.rate }), date: isoDate(usd.time) };
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
