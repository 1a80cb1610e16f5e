import { describe, expect, it } from '@jest/globals';
import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import { DateFormatter } from '../../src/templates/DateFormatter.js';

describe('DateFormatter', () => {
  it.each(['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'])(
    'matches date-fns with TZDate in %s, across both DST changes of 2025',
    (zone) => {
      const patterns = ['yyyy-MM-dd HH:mm:ss', 'MM/dd/yyyy', "yyyy-MM-dd'T'HH:mm:ss'Z'", 'd.M.yy h:mm a'];
      for (const pattern of patterns) {
        const formatter = new DateFormatter(pattern, zone);
        for (const t of instants(zone)) {
          const expected = format(new TZDate(t * 1000, zone), pattern);
          const actual = formatter.format(t);
          if (actual !== expected) throw new Error(`${zone} ${pattern} ${t}: ${actual} !== ${expected}`);
        }
      }
      expect(true).toBe(true);
    },
  );

  it('refuses a pattern that prints a zone, which would be wrong for shifted wall-clock time', () => {
    expect(() => new DateFormatter('yyyy-MM-dd HH:mm xxx', 'Europe/Berlin')).toThrow(/prints a zone/);
    expect(() => new DateFormatter("yyyy-MM-dd'T'HH:mm:ss'Z'", 'UTC')).not.toThrow();
  });
});

/** 2025 every ~12 hours, and every 67 seconds through each 12-hour window where the zone's offset changes. */
function instants(zone: string): number[] {
  const step = 12 * 3600 + 7;
  const out: number[] = [];
  for (let t = 1735689600; t < 1767225600; t += step) {
    out.push(t);
    if (tzOffset(zone, new Date(t * 1000)) !== tzOffset(zone, new Date((t + step) * 1000))) {
      for (let u = t; u < t + step; u += 67) out.push(u);
    }
  }
  return out;
}
