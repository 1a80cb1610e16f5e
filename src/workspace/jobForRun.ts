import fs from 'node:fs';
import path from 'node:path';
import type { Job } from '../config/Job.js';
import { loadJob } from '../config/loadJob.js';
import { API_SURFACE, optionValues } from '../runs/optionValues.js';
import { runKind } from '../runs/runKinds.js';
import { builtinTemplateNames } from '../templates/templateCatalog.js';
import type { BookData } from './BookData.js';
import { bookRuleJob } from './bookRuleJob.js';
import { BOOK_LOTS_FILE, bookLotsFileText, withBookLots } from './bookLotsFile.js';
import { BOOK_PRICE_FILE, bookPriceFileText, withBookPrices } from './bookPriceFile.js';
import type { BookOpeningLot, BookPrice, BookRule } from './WorkspaceData.js';
import type { RunRequest } from '../runs/RunRequest.js';
import { makeDirectory } from '../makeDirectory.js';

/** How the server reaches the API; the key never leaves this object into a file or a row. */
export interface ApiAccess {
  apiKey: string;
  baseUrl: string;
  rate: number;
  /** Calls per second of the historical-balance and name-tag endpoints; default Etherscan's (`DEFAULTS.historicalRate`). */
  historicalRate?: number | undefined;
  /** CoinGecko's key from the server's or worker's environment (COINGECKO_API_KEY), never from a book or a file. */
  coingeckoKey?: string | undefined;
}

/** The environment a book's job is loaded with: only the price source's key the process was given. */
export const priceKeyEnv = (api: Pick<ApiAccess, 'coingeckoKey'>): Record<string, string> =>
  api.coingeckoKey === undefined || api.coingeckoKey === '' ? {} : { COINGECKO_API_KEY: api.coingeckoKey };

/**
 * The job file a run amounts to: the book plus the run's period and templates. Written into the
 * run's folder, it is what `ledgerscan export --config job.json --out … --state …` reads, so a
 * run and the CLI with that file write the same files.
 */
export function runJobFile(
  book: BookData,
  request: RunRequest,
  now: Date,
  rules: readonly BookRule[] = [],
  prices: readonly BookPrice[] = [],
  lots: readonly BookOpeningLot[] = [],
): Record<string, unknown> {
  const job = Object.fromEntries(Object.entries(book).filter(([key]) => key !== 'name'));
  const valuation = withBookPrices(book.valuation, prices);
  const costBasis = withBookLots(book.costBasis, lots);
  return {
    ...job,
    ...(valuation === undefined ? {} : { valuation }),
    ...(costBasis === undefined ? {} : { costBasis }),
    // The book's rules, oldest first; absent when it has none, so such a run's job file stays as it was.
    ...(rules.length === 0 ? {} : { rules: rules.map(bookRuleJob) }),
    period: request.period ?? { year: now.getUTCFullYear() },
    ...(request.templates === undefined ? {} : { templates: request.templates }),
  };
}

/** A diff recalculates a closed period as it was filed: its days and templates come from its record. */
function requestOfKind(request: RunRequest, filedDir: string): RunRequest {
  const kind = runKind(request.kind);
  const filed = kind.filedPeriod?.(optionValues(kind, request, API_SURFACE), filedDir);
  return filed === undefined ? request : { ...request, ...filed };
}

/**
 * The validated `Job` of a run (CLI validation: every problem at once, each naming its field).
 * `filedDir` holds the book's closed periods. With the book's manual `prices` and opening `lots` (only a run that writes
 * its job file gets them), the run's price file and opening lots file are written beside the job file.
 */
export function jobForRun(input: {
  book: BookData;
  rules: readonly BookRule[];
  prices?: readonly BookPrice[];
  lots?: readonly BookOpeningLot[];
  request: RunRequest;
  api: ApiAccess;
  state: string;
  out: string;
  jobFile: string;
  now: Date;
  write: boolean;
  filedDir: string;
}): Job {
  const request = requestOfKind(input.request, input.filedDir);
  const prices = input.prices ?? [];
  const lots = input.lots ?? [];
  const data = runJobFile(input.book, request, input.now, input.rules, prices, lots);
  if (input.write) {
    const dir = path.dirname(input.jobFile);
    makeDirectory(dir);
    fs.writeFileSync(input.jobFile, `${JSON.stringify(data, null, 2)}\n`);
    const ownFile = input.book.valuation?.priceFile;
    if (prices.length > 0)
      fs.writeFileSync(
        path.join(dir, BOOK_PRICE_FILE),
        bookPriceFileText(prices, ownFile === undefined ? undefined : path.resolve(dir, ownFile)),
      );
    const ownLots = input.book.costBasis?.openingLots;
    if (lots.length > 0 && input.book.costBasis !== undefined)
      fs.writeFileSync(
        path.join(dir, BOOK_LOTS_FILE),
        bookLotsFileText(lots, ownLots === undefined ? undefined : path.resolve(dir, ownLots)),
      );
  }
  return loadJob({
    flags: {
      apiKey: input.api.apiKey,
      baseUrl: input.api.baseUrl,
      rate: input.api.rate,
      historicalRate: input.api.historicalRate,
      out: input.out,
      state: input.state,
      quiet: true,
    },
    env: priceKeyEnv(input.api),
    knownTemplates: builtinTemplateNames(),
    cwd: path.dirname(input.jobFile),
    templatesRequired: runKind(request.kind).needs.templates,
    file: { path: input.jobFile, dir: path.dirname(input.jobFile), data },
    // A run's problems are read on the workspace's pages, in its words.
    surface: 'web',
  });
}
