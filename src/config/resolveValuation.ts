import path from 'node:path';
import { InputError } from '../errors/LedgerscanError.js';
import { PRICE_SOURCES, type PriceEndpointName, type PriceSourceName, type ValuationSettings } from '../prices/ValuationSettings.js';
import type { JobSettings } from './JobSettings.js';
import { listItems } from './listItems.js';
import type { Problems } from './Problems.js';
import { quoteValue } from './quoteValue.js';
import type { Sourced } from './Sourced.js';

/** The currencies a book may be kept in: USD, and those the ECB's reference rates convert a USD price into. */
export const BOOK_CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF'] as const;

/** A book's currency when its valuation names none. */
export const DEFAULT_BOOK_CURRENCY = 'USD';

const PUBLIC_URLS: Readonly<Record<Exclude<PriceEndpointName, 'etherscan'>, string>> = {
  defillama: 'https://coins.llama.fi',
  coingecko: 'https://api.coingecko.com/api/v3',
  ecb: 'https://www.ecb.europa.eu',
};
const DEFAULT_MAX_AGE = 86400;

/**
 * `job.valuation` from the job file's `valuation` block and the flags: `undefined` with `--no-values`; else the
 * currency (USD by default), the sources in priority order (DefiLlama alone by default; a price file alone adds
 * `file` first), the price file, maxAge, and each source's base URL. A job on a loopback `--base-url` (the
 * sandbox) gets the sandbox's own price endpoints beside it; otherwise the public ones, unless `--price-url`.
 */
export function resolveValuation(
  settings: JobSettings,
  baseUrl: string | undefined,
  env: NodeJS.ProcessEnv,
  problems: Problems,
): ValuationSettings | undefined {
  if (settings.values?.value === false) return undefined;
  const coingeckoKey = (env.COINGECKO_API_KEY ?? '').trim();
  problems.hide(coingeckoKey);
  const currency = resolveCurrency(settings.currency, problems);
  const priceFile = settings.priceFile === undefined ? undefined : resolveFile(settings.priceFile, problems);
  const sources = resolveSources(settings.priceSources, priceFile !== undefined, problems);
  if (sources.includes('file') && priceFile === undefined)
    problems.add(`price source file needs a price file (pass --price-file PATH or set valuation.priceFile)`);
  if (!sources.includes('file') && priceFile !== undefined)
    problems.add(
      `${settings.priceFile?.field} is given but the price sources leave out file (add file to the sources, first to trust it over every API)`,
    );
  if (sources.includes('coingecko') && coingeckoKey === '')
    problems.add('price source coingecko needs a key (set COINGECKO_API_KEY in the environment; never in a file)');
  const maxAge = settings.maxAge === undefined ? DEFAULT_MAX_AGE : problems.attempt(() => parseMaxAge(settings.maxAge as Sourced));
  const urls = { ...defaultUrls(baseUrl), ...resolveUrls(settings.priceUrls, problems) };
  return {
    currency,
    sources,
    ...(priceFile === undefined ? {} : { priceFile }),
    maxAge: maxAge ?? DEFAULT_MAX_AGE,
    urls,
    ...(coingeckoKey === '' ? {} : { coingeckoKey }),
  };
}

function resolveCurrency(sourced: Sourced | undefined, problems: Problems): string {
  if (sourced === undefined) return DEFAULT_BOOK_CURRENCY;
  const code = typeof sourced.value === 'string' ? sourced.value.trim().toUpperCase() : '';
  if ((BOOK_CURRENCIES as readonly string[]).includes(code)) return code;
  problems.add(`${sourced.field} ${quoteValue(sourced.value)} is not a book currency (use one of ${BOOK_CURRENCIES.join(', ')})`);
  return DEFAULT_BOOK_CURRENCY;
}

function resolveSources(sourced: Sourced | undefined, withFile: boolean, problems: Problems): PriceSourceName[] {
  if (sourced === undefined) return withFile ? ['file', 'defillama'] : ['defillama'];
  const names: PriceSourceName[] = [];
  for (const item of listItems(sourced, problems) ?? []) {
    if (typeof item.value === 'string' && (PRICE_SOURCES as readonly string[]).includes(item.value)) {
      if (names.includes(item.value as PriceSourceName))
        problems.add(`${item.field} ${quoteValue(item.value)} is listed twice (name each source once, in priority order)`);
      else names.push(item.value as PriceSourceName);
    } else
      problems.add(
        `${item.field} ${quoteValue(item.value)} is not a price source (use ${PRICE_SOURCES.join(', ')}; the order is the priority)`,
      );
  }
  if (names.length === 0 && problems.count === 0)
    problems.add(`${sourced.field} is empty (name at least one price source, e.g. defillama; or pass --no-values)`);
  return names;
}

function resolveFile(sourced: Sourced, problems: Problems): string | undefined {
  if (typeof sourced.value === 'string' && sourced.value.trim() !== '') return path.resolve(sourced.dir, sourced.value);
  problems.add(
    `${sourced.field} ${quoteValue(sourced.value)} is not a path (use the path of a CSV with the header time,chain,asset,currency,price)`,
  );
  return undefined;
}

/** A book's `valuation.maxAge` in seconds (the default when absent): how far from its time a price values a leg. */
export function maxAgeSeconds(value: unknown): number {
  return value === undefined ? DEFAULT_MAX_AGE : parseMaxAge({ value, field: 'valuation.maxAge', dir: '.' });
}

/** `24h`, `90m`, `2d`, `3600s` or a number of seconds. */
function parseMaxAge(sourced: Sourced): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(String(sourced.value).trim());
  const seconds = match === null ? NaN : Number(match[1]) * ({ s: 1, m: 60, h: 3600, d: 86400 }[match[2] || 's'] ?? NaN);
  if ((typeof sourced.value !== 'string' && typeof sourced.value !== 'number') || !Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new InputError(`${sourced.field} ${quoteValue(sourced.value)} is not a duration (use e.g. 24h, 90m, 2d or seconds)`);
  }
  return seconds;
}

function defaultUrls(baseUrl: string | undefined): Record<Exclude<PriceEndpointName, 'etherscan'>, string> & { etherscan: string } {
  const etherscan = baseUrl ?? '';
  let origin: string | undefined;
  try {
    const url = new URL(etherscan);
    origin = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) ? url.origin : undefined;
  } catch {
    origin = undefined;
  }
  if (origin === undefined) return { ...PUBLIC_URLS, etherscan };
  return {
    defillama: `${origin}/prices/defillama`,
    coingecko: `${origin}/prices/coingecko/api/v3`,
    ecb: `${origin}/prices/ecb`,
    etherscan,
  };
}

/** `--price-url NAME=URL` (repeatable): the base URL of defillama, coingecko or ecb (Etherscan's is --base-url). */
function resolveUrls(sourced: Sourced | undefined, problems: Problems): Partial<Record<PriceEndpointName, string>> {
  const urls: Partial<Record<PriceEndpointName, string>> = {};
  for (const item of sourced === undefined ? [] : (listItems(sourced, problems) ?? [])) {
    const match = typeof item.value === 'string' ? /^(defillama|coingecko|ecb)=(https?:\/\/\S+)$/.exec(item.value) : null;
    if (match === null || !isUrl(match[2] ?? '')) {
      problems.add(
        `${item.field} ${quoteValue(item.value)} is not NAME=URL (use defillama=, coingecko= or ecb= and an http(s) URL; Etherscan's is --base-url)`,
      );
      continue;
    }
    urls[match[1] as PriceEndpointName] = match[2] as string;
  }
  return urls;
}

function isUrl(text: string): boolean {
  try {
    return new URL(text).search === '';
  } catch {
    return false;
  }
}
