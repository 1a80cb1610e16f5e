import { InputError } from '../errors/LedgerscanError.js';
import { parseDailyQuota } from './parseDailyQuota.js';
import { parseRate } from './parseRate.js';

/**
 * One API key the workspace may use: a name to show and log, the key (never shown), its calls per second and, when
 * its plan caps the day, its calls per UTC day (runs past it are deferred to the next day, never failed).
 */
export interface ApiKeyEntry {
  name: string;
  key: string;
  rate: number;
  dailyQuota?: number;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

/**
 * Reads `name:key[:rate[:dailyQuota]]` items separated by commas or line breaks (ETHERSCAN_API_KEYS or a key file); an item
 * without a rate takes `defaultRate`. A text with no colon at all is one key, named `default`, as
 * ETHERSCAN_API_KEY has always been. Messages name the item by position and name, never by its key.
 */
export function parseApiKeys(text: string, field: string, defaultRate: number): ApiKeyEntry[] {
  const items = text
    .split(/[,\r\n]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '' && !item.startsWith('#'));
  if (items.length === 0) throw new InputError(`${field} holds no API key (give name:key:rate items separated by commas)`);
  if (items.length === 1 && !items[0]!.includes(':')) return [{ name: 'default', key: items[0]!, rate: defaultRate }];
  const entries = items.map((item, index): ApiKeyEntry => {
    const parts = item.split(':');
    const where = `${field} item ${index + 1}`;
    if (parts.length < 2 || parts.length > 4)
      throw new InputError(`${where} is not name:key, name:key:rate or name:key:rate:dailyQuota (e.g. firm-1:YOURKEY:5:100000)`);
    const [name = '', key = '', rate, quota] = parts;
    if (!NAME.test(name))
      throw new InputError(`${where} has the name ${JSON.stringify(name)}; use letters, digits, "_", "." or "-" (at most 40)`);
    if (key === '') throw new InputError(`${where} (${name}) has an empty key`);
    return {
      name,
      key,
      rate: rate === undefined || rate === '' ? defaultRate : parseRate(rate, `${where} (${name}) rate`),
      ...(quota === undefined ? {} : { dailyQuota: parseDailyQuota(quota, `${where} (${name}) daily quota`) }),
    };
  });
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.name)) throw new InputError(`${field} names the key ${entry.name} twice (give each key its own name)`);
    seen.add(entry.name);
  }
  if (new Set(entries.map((entry) => entry.key)).size < entries.length)
    throw new InputError(`${field} lists one key under two names (a key has one rate limit; list it once)`);
  return entries;
}
