import { type Envelope, notOk, ok } from './envelope.js';
import { coinPrice } from './worldPrices.js';
import type { World } from './World.js';

/** `stats/ethdailyprice`: ETH's USD price of each UTC day (its 00:00 record) in strings, as the API sends them. */
export function ethDailyPrice(world: World, params: URLSearchParams): Envelope {
  const start = Date.parse(`${params.get('startdate') ?? ''}T00:00:00Z`) / 1000;
  const end = Date.parse(`${params.get('enddate') ?? ''}T00:00:00Z`) / 1000;
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return notOk('Error! Invalid date format');
  const result = [];
  for (let day = start; day <= end; day += 86400) {
    const found = coinPrice(world, 'ethereum', day);
    if (found !== undefined)
      result.push({ UTCDate: new Date(day * 1000).toISOString().slice(0, 10), unixTimeStamp: String(day), value: String(found.price) });
  }
  if (params.get('sort') === 'desc') result.reverse();
  return ok(result);
}
