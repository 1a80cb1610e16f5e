import { tzOffset } from '@date-fns/tz';
import { format } from 'date-fns/format';

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

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Renders compiled parts from the UTC fields of an already zone-shifted instant. */
function renderFast(parts: readonly (string | number)[], ms: number): string {
  const d = new Date(ms);
  let text = '';
  for (const part of parts) {
    if (typeof part === 'string') text += part;
    else if (part === 0) text += String(d.getUTCFullYear()).padStart(4, '0');
    else if (part === 1) text += two(d.getUTCMonth() + 1);
    else if (part === 2) text += two(d.getUTCDate());
    else if (part === 3) text += two(d.getUTCHours());
    else if (part === 4) text += two(d.getUTCMinutes());
    else text += two(d.getUTCSeconds());
  }
  return text;
}

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
      const shifted = (timestamp + this.offsetAt(timestamp)) * 1000;
      this.lastText = this.fast === null ? format(new WallClockDate(shifted), this.pattern) : renderFast(this.fast, shifted);
      this.lastTimestamp = timestamp;
    }
    return this.lastText;
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
