import { Type, type Static } from 'typebox';
import { BALANCE_SERIES_FILE, BalanceSeriesJson } from '../outputs/balanceSeriesOutput.js';
import { GAINS_REVIEW_FILE, GainsReviewJson } from '../outputs/gainsReviewFile.js';
import { MISSING_PRICES_FILE } from '../outputs/missingPricesOutput.js';
import { csvFileResult, jsonFileResult, type RunResult } from './RunResult.js';

/** The manifest's `valuation` (a valued export's): currency, sources, FX, price calls against the expected, cache hits, rows without a value. */
const ManifestValuationSchema = Type.Object({
  currency: Type.String(),
  sources: Type.Array(Type.String()),
  fx: Type.Union([Type.String(), Type.Null()]),
  priceCalls: Type.Integer(),
  expectedPriceCalls: Type.Integer(),
  cacheHits: Type.Integer(),
  missingRows: Type.Integer(),
  /** Rows never asked a price, by reason: `spam`, `unknown decimals`. */
  unqueriedRows: Type.Optional(Type.Record(Type.String(), Type.Integer())),
});

/** What the year summary reads of `manifest.json`: the period, counts, block ranges, values and the files with their hashes. */
const ExportManifestSchema = Type.Object({
  period: Type.Object({ from: Type.String(), to: Type.String(), timezone: Type.String() }),
  counts: Type.Record(Type.String(), Type.Integer()),
  /** Per chain id (a JSON key, so a string). */
  blockRanges: Type.Record(Type.String(), Type.Object({ fromBlock: Type.Integer(), toBlock: Type.Integer() })),
  valuation: Type.Optional(ManifestValuationSchema),
  files: Type.Array(Type.Object({ path: Type.String(), bytes: Type.Integer(), sha256: Type.String() })),
});

export type ManifestValuation = Static<typeof ManifestValuationSchema>;
export type ExportManifest = Static<typeof ExportManifestSchema>;

/** An export's manifest. */
export const EXPORT_MANIFEST = jsonFileResult('manifest', 'manifest.json', ExportManifestSchema);

/** Every wallet's fungible balances over the period, kept in the run folder for the balance chart (not a delivered file). */
export const BALANCE_SERIES: RunResult<typeof BalanceSeriesJson> = {
  name: 'balance series',
  place: { in: 'runDir', file: BALANCE_SERIES_FILE },
  schema: BalanceSeriesJson,
};

/** A cost-basis run's gains, the legs behind their lots and the issues, kept in the run folder for the gains page. */
export const GAINS_REVIEW: RunResult<typeof GainsReviewJson> = {
  name: 'gains for review',
  place: { in: 'runDir', file: GAINS_REVIEW_FILE },
  schema: GainsReviewJson,
};

// The tie-out's name as the pipeline writes it (`TIEOUT_FILE`): the CLI reads this registry for every --help, which
// must load no template or pipeline module.

/** Each template's amounts tied to the ledger's. */
export const TIEOUT_TABLE = csvFileResult('tie-out', 'tieout.csv');

/** The chains and assets some rows have no value for, and why (a valued run's). */
export const MISSING_PRICES_TABLE = csvFileResult('missing prices', MISSING_PRICES_FILE);
