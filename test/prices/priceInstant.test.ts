import { describe, expect, it } from '@jest/globals';
import { PriceBook } from '../../src/prices/PriceBook.js';
import type { PriceQuery } from '../../src/prices/PriceQuery.js';
import type { PriceRecord } from '../../src/prices/PriceRecord.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const native = (time: number): PriceQuery => ({ chainId: 1, asset: 'native', time });
const record = (bucket: string, time: string, price: string): PriceRecord => ({
  source: 'defillama',
  chainId: 1,
  asset: 'native',
  currency: 'USD',
  bucket: at(bucket),
  price,
  time: at(time),
  confidence: 0.99,
});

function book(maxAge = 86400): PriceBook {
  return new PriceBook({ currency: 'USD', sources: ['defillama'], maxAge }, undefined);
}

/** Issue 48.2: `price_time ≤ time` for every answer, within maxAge. */
describe('one rule of a price’s time', () => {
  it('never answers with a record after the row: the previous hour’s when its own hour’s record lies later', () => {
    const prices = book();
    // DefiLlama's record nearest to 10:00 may lie after a row at 10:20.
    prices.add(record('2025-03-04T10:00:00Z', '2025-03-04T10:40:00Z', '2'));
    expect(prices.priceAt(native(at('2025-03-04T10:20:00Z')))).toEqual({ found: false, state: 'not found' });
    expect(prices.lateBuckets('defillama', native(0), [at('2025-03-04T10:20:00Z'), at('2025-03-04T10:50:00Z')])).toEqual([
      at('2025-03-04T09:00:00Z'),
    ]);
    prices.add(record('2025-03-04T09:00:00Z', '2025-03-04T09:05:00Z', '1'));
    expect(prices.priceAt(native(at('2025-03-04T10:20:00Z')))).toMatchObject({ found: true, time: at('2025-03-04T09:05:00Z') });
    expect(prices.priceAt(native(at('2025-03-04T10:50:00Z')))).toMatchObject({ found: true, time: at('2025-03-04T10:40:00Z') });
    expect(prices.lateBuckets('defillama', native(0), [at('2025-03-04T10:20:00Z')])).toEqual([]);
  });

  it('answers at most maxAge old, and no answer of a run of rows is ever later than its row', () => {
    const prices = book(600);
    prices.add(record('2025-03-04T10:00:00Z', '2025-03-04T10:00:00Z', '2'));
    expect(prices.priceAt(native(at('2025-03-04T10:09:00Z')))).toMatchObject({ found: true });
    expect(prices.priceAt(native(at('2025-03-04T10:11:00Z')))).toEqual({ found: false, state: 'not found' });
    const hourly = book();
    for (let hour = 0; hour < 24; hour += 1) {
      const bucket = at('2025-03-04T00:00:00Z') + hour * 3600;
      // Records up to 40 minutes either side of their hour, as a source's nearest record may be.
      const offset = ((hour * 17) % 81) * 60 - 40 * 60;
      hourly.add({ ...record('2025-03-04T00:00:00Z', '2025-03-04T00:00:00Z', String(hour + 1)), bucket, time: bucket + offset });
    }
    for (let time = at('2025-03-04T00:00:00Z'); time < at('2025-03-05T00:00:00Z'); time += 7 * 60) {
      const answer = hourly.priceAt(native(time));
      if (answer.found) expect(answer.time).toBeLessThanOrEqual(time);
    }
  });
});
