import type { JobSettings } from './JobSettings.js';
import type { Problems } from './Problems.js';
import type { Sourced } from './Sourced.js';
import { checkKeys } from './checkKeys.js';
import { describeJsonType } from './describeJsonType.js';
import { isPlainObject } from './isPlainObject.js';
import type { JobFile } from './readJobFile.js';

const topKeys = [
  'wallets',
  'chains',
  'period',
  'timezone',
  'templates',
  'templateFiles',
  'out',
  'state',
  'api',
  'labels',
  'apiLabels',
  'xlsx',
  'rules',
  'spam',
  'ripeness',
  'fees',
  'valuation',
  'costBasis',
  'accounts',
];

/** The settings a job file gives, after checking its shape (an object, known keys, no API key). */
export function settingsFromFile(file: JobFile, problems: Problems): JobSettings {
  const { data } = file;
  if (!isPlainObject(data)) {
    problems.add(
      `job file must hold a JSON object such as {"wallets": [{"address": "0x…"}], "chains": [1]} (it holds ${describeJsonType(data)})`,
    );
    return { period: {} };
  }
  checkKeys(data, topKeys, '', problems);
  const at = (value: unknown, field: string): Sourced | undefined => (value === undefined ? undefined : { value, field, dir: file.dir });
  const period = section(data.period, 'period', ['year', 'from', 'to'], problems);
  const api = section(data.api, 'api', ['baseUrl', 'rate', 'historicalRate', 'dailyQuota'], problems);
  const valuation = section(data.valuation, 'valuation', ['currency', 'sources', 'priceFile', 'maxAge'], problems);
  const basis = section(
    data.costBasis,
    'costBasis',
    ['method', 'scope', 'profile', 'changes', 'unclassifiedOut', 'openingLots', 'zeroBasisForMissing'],
    problems,
  );
  return {
    wallets: at(data.wallets, 'wallets'),
    chains: at(data.chains, 'chains'),
    period: { year: at(period.year, 'period.year'), from: at(period.from, 'period.from'), to: at(period.to, 'period.to') },
    timezone: at(data.timezone, 'timezone'),
    templates: at(data.templates, 'templates'),
    templateFiles: at(data.templateFiles, 'templateFiles'),
    out: at(data.out, 'out'),
    state: at(data.state, 'state'),
    baseUrl: at(api.baseUrl, 'api.baseUrl'),
    rate: at(api.rate, 'api.rate'),
    historicalRate: at(api.historicalRate, 'api.historicalRate'),
    dailyQuota: at(api.dailyQuota, 'api.dailyQuota'),
    fees: at(data.fees, 'fees'),
    labels: at(data.labels, 'labels'),
    apiLabels: at(data.apiLabels, 'apiLabels'),
    xlsx: at(data.xlsx, 'xlsx'),
    rules: at(data.rules, 'rules'),
    spam: at(data.spam, 'spam'),
    ripeness: at(data.ripeness, 'ripeness'),
    currency: at(valuation.currency, 'valuation.currency'),
    priceSources: at(valuation.sources, 'valuation.sources'),
    priceFile: at(valuation.priceFile, 'valuation.priceFile'),
    maxAge: at(valuation.maxAge, 'valuation.maxAge'),
    costBasis: at(data.costBasis, 'costBasis'),
    basisMethod: at(basis.method, 'costBasis.method'),
    basisScope: at(basis.scope, 'costBasis.scope'),
    taxProfile: at(basis.profile, 'costBasis.profile'),
    basisChanges: at(basis.changes, 'costBasis.changes'),
    unclassifiedOut: at(basis.unclassifiedOut, 'costBasis.unclassifiedOut'),
    openingLots: at(basis.openingLots, 'costBasis.openingLots'),
    zeroBasisForMissing: at(basis.zeroBasisForMissing, 'costBasis.zeroBasisForMissing'),
    accounts: at(data.accounts, 'accounts'),
  };
}

function section(value: unknown, field: string, known: readonly string[], problems: Problems): Readonly<Record<string, unknown>> {
  if (value === undefined) return {};
  if (!isPlainObject(value)) {
    problems.add(`${field} must be an object with ${known.join(', ')} (it is ${describeJsonType(value)})`);
    return {};
  }
  checkKeys(value, known, field, problems);
  return value;
}
