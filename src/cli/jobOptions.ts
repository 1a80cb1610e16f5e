import type { Argv } from 'yargs';
import { DEFAULTS } from '../config/DEFAULTS.js';
import type { RunKind } from '../runs/RunKind.js';

/**
 * The job flags a command does not read, hidden from its `--help` (still accepted, so a job's usual command line
 * works for every command): the templates (and cost basis) of a command that renders none, the period of one that has none or takes
 * the filed one's, and `close`'s `--out` (it files into `--filed`).
 */
function unusedFlags(kind: RunKind): Set<string> {
  const unused = new Set<string>();
  const filed = kind.filedPeriod !== undefined;
  if (!kind.needs.templates || filed) unused.add('template');
  if (!kind.needs.templates)
    ['template-file', 'xlsx', 'cost-basis', 'basis-scope', 'tax-profile', 'opening-lots', 'zero-basis-for-missing'].forEach((flag) =>
      unused.add(flag),
    );
  if (!kind.needs.period || filed) ['year', 'from', 'to'].forEach((flag) => unused.add(flag));
  if ('filed' in kind.options && !filed) unused.add('out');
  return unused;
}

/**
 * The options every job command shares. Chains, year and rate stay strings so that `loadJob`
 * names a bad value (`--chain eth`) instead of yargs turning it into NaN.
 */
export function withJobOptions<T>(yargs: Argv<T>, kind: RunKind) {
  const built = yargs
    .option('config', { type: 'string', describe: 'job file (JSON); flags override it' })
    .option('address', { type: 'string', array: true, describe: 'wallet address (repeatable)' })
    .option('chain', {
      type: 'string',
      array: true,
      describe: 'chain id, slug or name (repeatable), e.g. 1 or arbitrum; see `ledgerscan chains`',
    })
    .option('year', { type: 'string', describe: 'calendar year, e.g. 2025' })
    .option('from', { type: 'string', describe: 'first day, YYYY-MM-DD' })
    .option('to', { type: 'string', describe: 'last day (inclusive), YYYY-MM-DD' })
    .option('timezone', { type: 'string', describe: `IANA time zone deciding the day of a row (default ${DEFAULTS.timezone})` })
    .option('template', { type: 'string', array: true, describe: 'output template (repeatable), see `ledgerscan templates`' })
    .option('template-file', { type: 'string', array: true, describe: 'your own template file (repeatable)' })
    .option('out', { type: 'string', describe: `output folder (default ${DEFAULTS.out})` })
    .option('state', { type: 'string', describe: `state database (default ${DEFAULTS.state})` })
    .option('base-url', { type: 'string', describe: `Etherscan-v2-compatible API URL (default ${DEFAULTS.baseUrl})` })
    .option('api-key', { type: 'string', describe: 'API key (or env ETHERSCAN_API_KEY); never written anywhere' })
    .option('rate', { type: 'string', describe: `calls per second of your plan (default ${DEFAULTS.rate})` })
    .option('historical-rate', {
      type: 'string',
      describe: `calls per second of the historical-balance and name-tag endpoints (default ${DEFAULTS.historicalRate}, Etherscan's on every plan; another explorer may allow more)`,
    })
    .option('api-labels', {
      type: 'boolean',
      describe: 'fetch counterparty name tags from the API (Pro Plus; one call per 100 new addresses per chain)',
    })
    .option('xlsx', {
      type: 'boolean',
      describe: 'also write the ledger, the journal CSV and the tie-out as .xlsx spreadsheets (exact digits kept)',
    })
    .option('daily-quota', {
      type: 'string',
      describe: `calls your key may make per UTC day, for the sync's time estimate (default ${DEFAULTS.dailyQuota})`,
    })
    .option('fees', {
      type: 'string',
      describe: 'auto: a receipt only where the list row lacks the exact fee; receipts: a receipt for every fee (default auto)',
    })
    .option('currency', {
      type: 'string',
      describe: 'the book currency of row values: USD (default), EUR, GBP or CHF (ECB rates convert USD prices)',
    })
    .option('price-source', {
      type: 'string',
      array: true,
      describe: 'price source (repeatable, first found wins): file, defillama (default), coingecko (COINGECKO_API_KEY), etherscan',
    })
    .option('price-file', { type: 'string', describe: 'your prices, CSV time,chain,asset,currency,price; trusted over every API' })
    .option('price-url', {
      type: 'string',
      array: true,
      describe: 'NAME=URL: base URL of defillama, coingecko or ecb (a proxy, the sandbox)',
    })
    .option('values', { type: 'boolean', describe: 'value every row (default); --no-values writes the files without values' })
    .option('cost-basis', {
      type: 'string',
      describe: 'compute lots, realised gains and income (needs values): fifo, lifo, hifo, average or uk',
    })
    .option('basis-scope', { type: 'string', describe: 'one pool per asset (universal) or per wallet and asset (wallet)' })
    .option('tax-profile', {
      type: 'string',
      describe:
        "defaults for what you do not set: generic (fifo, universal), us (per wallet from 2025), uk (HMRC's matching), de (fifo per wallet)",
    })
    .option('opening-lots', {
      type: 'string',
      describe: 'lots held before the first entry, CSV wallet,chain_id,asset,asset_contract,lot_id,acquired_at,quantity,cost,decimals',
    })
    .option('zero-basis-for-missing', {
      type: 'boolean',
      describe: 'tax forms write an unknown cost basis as 0, marked on the row (unknown proceeds are never written)',
    })
    .option('quiet', { type: 'boolean', describe: 'no progress output' });
  for (const flag of unusedFlags(kind)) built.hide(flag);
  return built;
}
