import path from 'node:path';
import { InputError, LedgerscanError } from '../errors/LedgerscanError.js';
import type { Job } from './Job.js';
import type { JobFlags } from './JobFlags.js';
import { DEFAULTS } from './DEFAULTS.js';
import type { JobSettings } from './JobSettings.js';
import { Problems } from './Problems.js';
import type { Sourced } from './Sourced.js';
import type { Surface } from './Surface.js';
import { listItems } from './listItems.js';
import { parseBaseUrl } from './parseBaseUrl.js';
import { parseChainId } from './parseChainId.js';
import { parseDailyQuota } from './parseDailyQuota.js';
import { parseFees } from './parseFees.js';
import { parseRate } from './parseRate.js';
import { parseTimezone } from './parseTimezone.js';
import { quoteValue } from './quoteValue.js';
import { readJobFile } from './readJobFile.js';
import type { JobFile } from './readJobFile.js';
import { resolveJournalAccounts } from './resolveJournalAccounts.js';
import { resolveCostBasis } from './resolveCostBasis.js';
import { resolveLabels } from './resolveLabels.js';
import { resolvePeriod } from './resolvePeriod.js';
import { resolveRules } from './resolveRules.js';
import { resolveRipeness } from './resolveRipeness.js';
import { resolveSpam } from './resolveSpam.js';
import { resolveValuation } from './resolveValuation.js';
import { resolveWallets } from './resolveWallets.js';
import { settingsFromFile } from './settingsFromFile.js';
import { settingsFromFlags } from './settingsFromFlags.js';

export interface LoadJobInput {
  flags: JobFlags;
  /** Read for ETHERSCAN_API_KEY and COINGECKO_API_KEY only. */
  env: NodeJS.ProcessEnv;
  /** Commands that write no templates (sync, reconcile) accept a job without one. */
  templatesRequired?: boolean;
  /** `balances` states holdings at an instant and accepts a job without a period. */
  periodRequired?: boolean;
  /** Names of the built-in templates, for checking --template. */
  knownTemplates: readonly string[];
  cwd: string;
  /** A job already parsed (the workspace's books), in place of reading `flags.config`. */
  file?: JobFile;
  /** Whose words the problems are in: the CLI's (flags, job file; the default) or the workspace pages' (form fields). */
  surface?: Surface;
}

/**
 * Flags over the job file (`--config`), validated into a `Job`. Every problem is collected and
 * thrown as one `InputError`; no message ever contains the API key.
 */
export function loadJob({
  flags,
  env,
  knownTemplates,
  cwd,
  templatesRequired = true,
  periodRequired = true,
  file: given,
  surface = 'cli',
}: LoadJobInput): Job {
  const problems = new Problems(surface);
  const apiKey = (flags.apiKey ?? env.ETHERSCAN_API_KEY ?? '').trim();
  problems.hide(apiKey);
  const { config } = flags;
  const file = given ?? (config === undefined ? undefined : problems.attempt(() => readJobFile(config, cwd)));
  // Without the file, every setting it holds would be reported missing: noise hiding the one real problem.
  problems.throwIfAny('job');
  const settings = merge(file === undefined ? { period: {} } : settingsFromFile(file, problems), settingsFromFlags(flags, cwd));

  const chains = resolveChains(settings.chains, problems);
  const wallets = resolveWallets(settings.wallets, chains, problems);
  const timezone = optional(settings.timezone, DEFAULTS.timezone, parseTimezone, problems);
  const period = resolvePeriod(settings.period, timezone, problems, periodRequired);
  const templates = resolveTemplates(settings.templates, knownTemplates, problems);
  const templateFiles =
    settings.templateFiles === undefined
      ? []
      : (listItems(settings.templateFiles, problems) ?? []).map((item) => resolvePath(item, problems));
  if (templatesRequired && ![settings.templates, settings.templateFiles].some(isGiven)) {
    problems.add(
      problems.worded({
        cli: `no template given (pass --template NAME, repeatable, with NAME one of ${knownTemplates.join(', ')}; or --template-file PATH)`,
        web: `templates: none chosen (tick at least one of ${knownTemplates.join(', ')})`,
      }),
    );
  }
  const out = resolvePath(settings.out ?? { value: DEFAULTS.out, field: '--out', dir: cwd }, problems);
  const state = resolvePath(settings.state ?? { value: DEFAULTS.state, field: '--state', dir: cwd }, problems);
  const baseUrl = optional(settings.baseUrl, DEFAULTS.baseUrl, parseBaseUrl, problems);
  const rate = optional(settings.rate, DEFAULTS.rate, parseRate, problems);
  const historicalRate = optional(settings.historicalRate, DEFAULTS.historicalRate, parseRate, problems);
  const dailyQuota = optional(settings.dailyQuota, DEFAULTS.dailyQuota, parseDailyQuota, problems);
  const fees = optional(settings.fees, DEFAULTS.fees, parseFees, problems);
  const labels = resolveLabels(settings.labels, problems);
  const apiLabels = optional(settings.apiLabels, false, parseBoolean, problems);
  const xlsx = optional(settings.xlsx, false, parseBoolean, problems);
  const rules = resolveRules(settings.rules, chains, problems);
  const spam = resolveSpam(settings.spam, problems);
  const ripeness = resolveRipeness(settings.ripeness, problems);
  const valuation = resolveValuation(settings, baseUrl, env, problems);
  const costBasis = resolveCostBasis(settings, problems);
  const accounts = resolveJournalAccounts(settings.accounts, problems);
  if (apiKey === '') problems.add('API key is missing (pass --api-key or set ETHERSCAN_API_KEY)');

  problems.throwIfAny('job', surface === 'cli' ? { file: file?.path } : {});
  if (
    chains === undefined ||
    timezone === undefined ||
    period === undefined ||
    baseUrl === undefined ||
    rate === undefined ||
    historicalRate === undefined ||
    apiLabels === undefined ||
    xlsx === undefined ||
    dailyQuota === undefined ||
    fees === undefined
  ) {
    throw new LedgerscanError('loadJob: a setting is missing although no problem was recorded');
  }
  return {
    wallets,
    chains,
    period,
    timezone,
    templates,
    templateFiles,
    out,
    state,
    api: { baseUrl, rate, historicalRate, dailyQuota, apiKey },
    fees,
    labels,
    apiLabels,
    xlsx,
    rules,
    spam,
    ripeness,
    valuation,
    ...(costBasis === undefined ? {} : { costBasis }),
    ...(Object.keys(accounts).length === 0 ? {} : { accounts }),
    quiet: flags.quiet ?? false,
  };
}

/** A flag replaces the file's value, lists included; the period is replaced as a whole. */
function merge(file: JobSettings, flags: JobSettings): JobSettings {
  const merged: JobSettings = { ...file };
  for (const [key, value] of Object.entries(flags) as [keyof JobSettings, JobSettings[keyof JobSettings]][]) {
    if (key !== 'period' && value !== undefined) Object.assign(merged, { [key]: value });
  }
  const { year, from, to } = flags.period;
  merged.period = year !== undefined || from !== undefined || to !== undefined ? flags.period : file.period;
  return merged;
}

function optional<T>(
  sourced: Sourced | undefined,
  fallback: T,
  parse: (value: unknown, field: string) => T,
  problems: Problems,
): T | undefined {
  return sourced === undefined ? fallback : problems.attempt(() => parse(sourced.value, sourced.field));
}

/** Present, and not an empty list. */
function isGiven(sourced: Sourced | undefined): boolean {
  return sourced !== undefined && !(Array.isArray(sourced.value) && sourced.value.length === 0);
}

function parseBoolean(value: unknown, field: string): boolean {
  if (typeof value === 'boolean') return value;
  throw new InputError(`${field} ${quoteValue(value)} is not true or false (write true or false without quotes)`);
}

function resolveChains(chains: Sourced | undefined, problems: Problems): number[] | undefined {
  if (chains === undefined) {
    problems.add(
      problems.worded({
        cli: `no chain given (pass --chain 1, repeatable, or list "chains" in the job file; see 'ledgerscan chains')`,
        web: 'chains: none chosen (tick at least one chain)',
      }),
    );
    return undefined;
  }
  const items = listItems(chains, problems);
  if (items === undefined) return undefined;
  if (items.length === 0) problems.add(`${chains.field} is empty (add at least one chain id such as 1)`);
  const ids = items.map((item) => problems.attempt(() => parseChainId(item.value, item.field, problems.surface)));
  return ids.includes(undefined) || ids.length === 0 ? undefined : [...new Set(ids as number[])];
}

function resolveTemplates(templates: Sourced | undefined, known: readonly string[], problems: Problems): string[] {
  if (templates === undefined) return [];
  const names = new Set<string>();
  for (const item of listItems(templates, problems) ?? []) {
    if (typeof item.value === 'string' && known.includes(item.value)) names.add(item.value);
    else
      problems.add(
        `${item.field} ${quoteValue(item.value)} is not a known template (use one of ${known.join(', ')}${problems.worded({ cli: ', or --template-file PATH', web: '' })})`,
      );
  }
  return [...names];
}

function resolvePath(sourced: Sourced, problems: Problems): string {
  if (typeof sourced.value !== 'string' || sourced.value.trim() === '') {
    problems.add(`${sourced.field} ${quoteValue(sourced.value)} is not a path (use a non-empty string)`);
    return '';
  }
  return path.resolve(sourced.dir, sourced.value);
}
