import { tzOffset } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { TWO_DIGITS } from '../prices/twoDigits.js';

/**
 * A Date whose local-time getters read its UTC fields: shifted by the zone's offset beforehand, date-fns
 * formats it as wall-clock time in that zone without asking Intl for every row (Intl dominated the profile).
 */
class WallClockDate extends Date {
  override getFullYear(): number {
    return this.getUTCFullYear();
  }
  override getMonth(): number {
    return this.getUTCMonth();
  }
  override getDate(): number {
    return this.getUTCDate();
  }
  override getDay(): number {
    return this.getUTCDay();
  }
  override getHours(): number {
    return this.getUTCHours();
  }
  override getMinutes(): number {
    return this.getUTCMinutes();
  }
  override getSeconds(): number {
    return this.getUTCSeconds();
  }
  override getMilliseconds(): number {
    return this.getUTCMilliseconds();
  }
  override getTimezoneOffset(): number {
    return 0;
  }
}

/** Tokens the fast path renders itself (by field code); any other pattern goes through date-fns `format`. */
const fastTokens: Readonly<Record<string, number>> = { yyyy: 0, MM: 1, dd: 2, HH: 3, mm: 4, ss: 5 };

/** Splits a pattern as date-fns reads it into literals (strings) and field codes; `null` if a token is not fast. */
function compileFast(pattern: string): (string | number)[] | null {
  const parts: (string | number)[] = [];
  for (const [token] of pattern.matchAll(/'(?:[^']|'')*'|([A-Za-z])\1*|[^A-Za-z']+/g)) {
    if (token.startsWith("'")) parts.push(token.slice(1, -1).replace(/''/g, "'"));
    else if (/^[A-Za-z]/.test(token)) {
      const code = fastTokens[token];
      if (code === undefined) return null;
      parts.push(code);
    } else parts.push(token);
  }
  return parts;
}

/** Renders compiled parts from the UTC fields of an already zone-shifted instant. */
function renderFast(parts: readonly (string | number)[], ms: number): string {
  const d = new Date(ms);
  return renderParts(parts, dayTexts(d), d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds());
}

/** Year, month and day of month as a pattern writes them. */
function dayTexts(d: Date): string[] {
  return [String(d.getUTCFullYear()).padStart(4, '0'), TWO_DIGITS[d.getUTCMonth() + 1] as string, TWO_DIGITS[d.getUTCDate()] as string];
}

/** The parts with the day's texts (`dayTexts`) and the time of day in whole seconds. */
function renderParts(parts: readonly (string | number)[], day: readonly string[], time: number): string {
  let text = '';
  for (const part of parts) {
    if (typeof part === 'string') text += part;
    else if (part < 3) text += day[part] as string;
    else text += TWO_DIGITS[part === 3 ? Math.floor(time / 3600) : part === 4 ? Math.floor(time / 60) % 60 : time % 60] as string;
  }
  return text;
}

const DAY_SECONDS = 86_400;
/** The last instant a `Date` holds (±8.64e15 ms): past it, an invalid date, as `renderFast` writes it. */
const LAST_DATE_SECONDS = 8.64e12;

/** Zone offsets only change on whole quarter hours, so one Intl lookup serves a whole quarter. */
const quarterHour = 900;
/** Patterns printing the zone itself need the real zone-aware date. */
const zoneTokens = /(^|[^'])[xXOz]/;

/**
 * Formats Unix seconds with a date-fns pattern as wall-clock time in one IANA zone. Rows of one transaction
 * share a timestamp, so the last result is cached too.
 */
export class DateFormatter {
  private readonly pattern: string;
  private readonly zone: string;
  private readonly fast: (string | number)[] | null;
  private lastTimestamp = Number.NaN;
  private lastText = '';
  private offsetBucket = Number.NaN;
  private offsetSeconds = 0;
  /**
   * The fast path's last day and its texts: the ledger comes in time order, so a day's rows follow each other and the
   * time of day is arithmetic (a `Date` and six getters per timestamp were ≈ 5 % of the template step).
   */
  private day = Number.NaN;
  private dayText: string[] = [];

  constructor(pattern: string, zone: string) {
    if (zoneTokens.test(pattern.replace(/'[^']*'/g, ''))) {
      throw new RangeError(`date pattern ${JSON.stringify(pattern)} prints a zone; write the offset as a literal, e.g. 'Z'`);
    }
    this.pattern = pattern;
    this.zone = zone;
    this.fast = compileFast(pattern);
  }

  format(timestamp: number): string {
    if (timestamp !== this.lastTimestamp) {
      const shifted = timestamp + this.offsetAt(timestamp);
      this.lastText = this.fast === null ? format(new WallClockDate(shifted * 1000), this.pattern) : this.renderFast(this.fast, shifted);
      this.lastTimestamp = timestamp;
    }
    return this.lastText;
  }

  /** Whole seconds from the day's texts, kept while rows stay on one day; anything else as `Date` reads it. */
  private renderFast(parts: readonly (string | number)[], seconds: number): string {
    if (!Number.isInteger(seconds) || Math.abs(seconds) > LAST_DATE_SECONDS) return renderFast(parts, seconds * 1000);
    const day = Math.floor(seconds / DAY_SECONDS);
    if (day !== this.day) {
      this.dayText = dayTexts(new Date(day * DAY_SECONDS * 1000));
      this.day = day;
    }
    return renderParts(parts, this.dayText, seconds - day * DAY_SECONDS);
  }

  private offsetAt(timestamp: number): number {
    if (this.zone === 'UTC') return 0;
    const bucket = Math.floor(timestamp / quarterHour);
    if (bucket !== this.offsetBucket) {
      this.offsetBucket = bucket;
      this.offsetSeconds = tzOffset(this.zone, new Date(timestamp * 1000)) * 60;
    }
    return this.offsetSeconds;
  }
}
