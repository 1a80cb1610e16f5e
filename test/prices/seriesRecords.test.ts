import { describe, expect, it } from '@jest/globals';
import { DAY, HOUR } from '../../src/prices/buckets.js';
import type { PriceRecord } from '../../src/prices/PriceRecord.js';
import { hours, SeriesRecords } from '../../src/prices/SeriesRecords.js';

const START = 1_735_689_600; // 2025-01-01T00:00:00Z

function record(hour: number, price: string | null, extra: Partial<PriceRecord> = {}): PriceRecord {
  const bucket = START + hour * HOUR;
  return {
    source: 'defillama',
    chainId: 1,
    asset: 'native',
    currency: 'USD',
    bucket,
    price,
    time: price === null ? null : bucket + 17,
    confidence: 0.99,
    ...extra,
  };
}

/** What a lookup of `hour` reads, or null when no record holds it. */
function read(records: SeriesRecords, hour: number): [string | null, number | null, number | null, string] | null {
  const index = records.find(hours(START + hour * HOUR));
  return index < 0 ? null : [records.price(index), records.time(index), records.confidence(index), records.currency(index)];
}

describe('SeriesRecords', () => {
  it('finds each record asked in ascending time, then asked again backwards and at random, and misses the buckets it lacks', () => {
    const records = new SeriesRecords();
    // Every third hour of a month, as a window of the cache comes.
    records.replace(Array.from({ length: 240 }, (_, i) => record(i * 3, `${i}.5`)));
    for (let hour = 0; hour < 720; hour += 1) expect(read(records, hour)?.[0] ?? null).toBe(hour % 3 === 0 ? `${hour / 3}.5` : null);
    for (let hour = 719; hour >= 0; hour -= 7) expect(read(records, hour)?.[0] ?? null).toBe(hour % 3 === 0 ? `${hour / 3}.5` : null);
    for (const hour of [600, 3, 597, 0, 717, 9, 1_000, -3])
      expect(read(records, hour)?.[0] ?? null).toBe(hour >= 0 && hour < 720 && hour % 3 === 0 ? `${hour / 3}.5` : null);
  });

  it('keeps a record without a price, time or confidence as such, never as 0', () => {
    const records = new SeriesRecords();
    records.put([record(0, null, { confidence: null }), record(1, '2', { confidence: 0.1 })]);
    expect(read(records, 0)).toEqual([null, null, null, 'USD']);
    expect(read(records, 1)).toEqual(['2', START + HOUR + 17, 0.1, 'USD']);
  });

  it('merges records added out of order, a later one for a bucket replacing the one held, as a map by bucket would', () => {
    const records = new SeriesRecords();
    records.put([record(10, '10'), record(20, '20')]);
    records.put([record(5, '5'), record(15, '15'), record(20, '20 again')]);
    records.put([record(30, '30')]);
    records.put([record(25, 'a'), record(25, 'b')]);
    expect([5, 10, 15, 20, 25, 30].map((hour) => read(records, hour)?.[0])).toEqual(['5', '10', '15', '20 again', 'b', '30']);
    expect([0, 6, 12, 21, 26, 31].map((hour) => read(records, hour))).toEqual([null, null, null, null, null, null]);
    expect(read(records, 20)?.[1]).toBe(START + 20 * HOUR + 17);
  });

  it('answers as a map by bucket would after records put one by one in any order, repeats included', () => {
    const records = new SeriesRecords();
    const expected = new Map<number, string>();
    let seed = 7;
    for (let i = 0; i < 3_000; i += 1) {
      seed = (seed * 48_271) % 2_147_483_647;
      // Mostly ascending, as a source's answers come, with a third landing among the records held.
      const hour = i % 3 === 0 ? seed % 1_500 : 500 + i;
      records.put([record(hour, `${i}`)]);
      expected.set(hour, `${i}`);
    }
    for (let hour = -1; hour < 3_600; hour += 1) expect(read(records, hour)?.[0] ?? null).toBe(expected.get(hour) ?? null);
  });

  it('holds a replacing window alone, and day buckets (ECB rates) by their hours', () => {
    const records = new SeriesRecords();
    records.replace([record(0, '1'), record(1, '2')]);
    records.replace([record(2, '3')]);
    expect([read(records, 0), read(records, 1), read(records, 2)?.[0]]).toEqual([null, null, '3']);
    const rates = new SeriesRecords();
    rates.put(
      [0, 1, 4].map((day) => ({
        source: 'ecb',
        chainId: 0,
        asset: 'USD',
        currency: 'EUR',
        bucket: START + day * DAY,
        price: `1.0${day}`,
        time: START + day * DAY,
        confidence: null,
      })),
    );
    expect(rates.price(rates.find(hours(START + DAY)))).toBe('1.01');
    expect(rates.find(hours(START + 2 * DAY))).toBe(-1);
  });
});
