import type { FlagList, JobFlags } from './JobFlags.js';
import type { JobSettings } from './JobSettings.js';
import type { Sourced } from './Sourced.js';

/** The settings the flags give; a flag left out is `undefined`, so the job file's value stands. */
export function settingsFromFlags(flags: JobFlags, cwd: string): JobSettings {
  const one = (value: unknown, name: string): Sourced | undefined =>
    value === undefined ? undefined : { value, field: `--${name}`, dir: cwd };
  const many = (value: FlagList, name: string): Sourced | undefined => {
    const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
    return list.length === 0 ? undefined : { value: list, field: `--${name}`, dir: cwd };
  };
  return {
    wallets: many(flags.address, 'address'),
    chains: many(flags.chain, 'chain'),
    period: { year: one(flags.year, 'year'), from: one(flags.from, 'from'), to: one(flags.to, 'to') },
    timezone: one(flags.timezone, 'timezone'),
    templates: many(flags.template, 'template'),
    templateFiles: many(flags.templateFile, 'template-file'),
    out: one(flags.out, 'out'),
    state: one(flags.state, 'state'),
    baseUrl: one(flags.baseUrl, 'base-url'),
    rate: one(flags.rate, 'rate'),
    historicalRate: one(flags.historicalRate, 'historical-rate'),
    apiLabels: one(flags.apiLabels, 'api-labels'),
    xlsx: one(flags.xlsx, 'xlsx'),
    dailyQuota: one(flags.dailyQuota, 'daily-quota'),
    fees: one(flags.fees, 'fees'),
    currency: one(flags.currency, 'currency'),
    priceSources: many(flags.priceSource, 'price-source'),
    priceFile: one(flags.priceFile, 'price-file'),
    priceUrls: many(flags.priceUrl, 'price-url'),
    // yargs gives `values: false` for --no-values; true (or absent) leaves the file's setting.
    values: flags.values === false ? one(false, 'no-values') : undefined,
    costBasis: one(flags.costBasis, 'cost-basis'),
    basisMethod: one(flags.costBasis, 'cost-basis'),
    basisScope: one(flags.basisScope, 'basis-scope'),
    taxProfile: one(flags.taxProfile, 'tax-profile'),
    openingLots: one(flags.openingLots, 'opening-lots'),
    zeroBasisForMissing: one(flags.zeroBasisForMissing, 'zero-basis-for-missing'),
  };
}
