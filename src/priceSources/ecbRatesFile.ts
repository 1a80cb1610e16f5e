import { EcbRates } from '../prices/EcbRates.js';
import type { PriceHttp } from './priceHttp.js';

/** The ECB's whole reference-rate history (`eurofxref-hist.xml`, keyless, one call), or why not. */
export async function ecbRatesFile(http: PriceHttp, baseUrl: string): Promise<EcbRates | 'rate-limited' | 'source failed'> {
  const fetched = await http.get(`${baseUrl.replace(/\/$/, '')}/stats/eurofxref/eurofxref-hist.xml`);
  if (fetched.kind !== 'ok') return fetched.kind;
  const rates = new EcbRates(fetched.body);
  return rates.lastDate === undefined ? 'source failed' : rates;
}
