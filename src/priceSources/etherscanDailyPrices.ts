import type { PriceHttp } from './priceHttp.js';
import { plainDecimal } from './plainDecimal.js';
import { allBuckets, type Emit, type SeriesAsk } from './SourceResult.js';

const DAY = 86400;

export interface EtherscanAccess {
  baseUrl: string;
  apiKey: string;
}

/**
 * ETH's daily USD price from `stats/ethdailyprice` (API Pro), chain 1's gas coin only; buckets are UTC days,
 * asked a year per call. A refusal (no Pro plan) fails the source for these rows.
 */
export async function etherscanDailyPrices(
  http: PriceHttp,
  access: EtherscanAccess,
  asks: readonly SeriesAsk[],
  emit: Emit,
): Promise<void> {
  for (const ask of asks) {
    if (ask.chainId !== 1 || ask.asset !== 'native') {
      emit(allBuckets([ask], 'not found'));
      continue;
    }
    const sorted = [...ask.buckets].sort((a, b) => a - b);
    for (let start = 0; start < sorted.length;) {
      const first = sorted[start] as number;
      const window = sorted.slice(start).filter((day) => day < first + 365 * DAY);
      start += window.length;
      const params = new URLSearchParams({
        chainid: '1',
        module: 'stats',
        action: 'ethdailyprice',
        startdate: isoDate(first),
        enddate: isoDate(window.at(-1) as number),
        sort: 'asc',
        apikey: access.apiKey,
      });
      const fetched = await http.get(`${access.baseUrl}?${params.toString()}`);
      const part = { ...ask, buckets: window };
      const byDay = fetched.kind === 'ok' ? parse(fetched.body) : undefined;
      if (byDay === undefined) {
        emit(allBuckets([part], fetched.kind === 'rate-limited' ? 'rate-limited' : 'source failed'));
        continue;
      }
      emit(window.map((day) => ({ chainId: 1, asset: 'native', bucket: day, outcome: byDay.get(day) ?? 'not found' })));
    }
  }
}

function isoDate(time: number): string {
  return new Date(time * 1000).toISOString().slice(0, 10);
}

function parse(body: string): Map<number, { price: string; time: number; confidence: null }> | undefined {
  try {
    const data = JSON.parse(body) as { status?: unknown; result?: unknown };
    if (data.status !== '1' || !Array.isArray(data.result)) return undefined;
    const out = new Map<number, { price: string; time: number; confidence: null }>();
    for (const row of data.result as { UTCDate?: unknown; value?: unknown }[]) {
      const day = Date.parse(`${String(row.UTCDate)}T00:00:00Z`) / 1000;
      const price = plainDecimal(row.value);
      if (Number.isFinite(day) && price !== undefined) out.set(day, { price, time: day, confidence: null });
    }
    return out;
  } catch {
    return undefined;
  }
}
