import { Type } from 'typebox';
import type { BasisLeg } from '../costbasis/BasisLeg.js';
import type { BasisIssue, GainRow } from '../costbasis/BasisReport.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { basisLegs, gatheredLegs, valuedLeg, type GatheredLegs } from './basisLegs.js';
import { gainsOutput } from './gainsOutput.js';
import { GAINS_REVIEW_FILE, type GainsReviewJson, gainRowJson, issueJson, legJson } from './gainsReviewFile.js';
import type { Output } from './Output.js';

const GainsReviewResult = Type.Object({
  file: Type.Literal(GAINS_REVIEW_FILE),
  rows: Type.Integer(),
  acquisitions: Type.Integer(),
  issues: Type.Integer(),
});

/**
 * The period's gains as the workspace reviews them (`gains-review.json`, in a workspace run's folder): the replay the
 * gains output shared, with the legs that acquired the lots its disposals took (for the lot trail) and the legs its
 * issues name (for their fixes). Those legs are looked up after the replay, by id, in this output's own gathering
 * (the gains output's consumer): the history's too when the pass read it, else by reading it once more.
 */
export const gainsReviewOutput: Output<
  'gainsReview',
  GatheredLegs,
  typeof GainsReviewResult,
  {
    gains: (row: GainRow) => void;
    issues: (issue: BasisIssue) => void;
    lots: Set<string>;
    rows: GainsReviewJson['rows'];
    found: BasisIssue[];
  }
> = {
  name: 'gainsReview',
  module: import.meta.url,
  needs: { values: true, lots: true, runFolder: true },
  result: GainsReviewResult,
  consumer: gainsOutput.consumer,
  merge: gainsOutput.merge,
  // Each gain row heard as it is made (its JSON and the lot it took), and the issues.
  listen() {
    const found: BasisIssue[] = [];
    const lots = new Set<string>();
    const rows: GainsReviewJson['rows'] = [];
    const gains = (row: GainRow): void => {
      if (row.lotId !== null) lots.add(row.lotId);
      rows.push(gainRowJson(row));
    };
    return { gains, issues: (issue: BasisIssue) => void found.push(issue), lots, rows, found };
  },
  async finish(gathered, { job, prices, history, products, files }, { lots, rows, found: issues }) {
    const report = products.gains;
    const settings = job.costBasis;
    if (report === undefined || prices === null || settings === undefined)
      throw new LedgerscanError('gains for review without the replay the gains output shares', { kind: 'internal' });
    const wanted = new Set([...lots, ...issues.map((issue) => issue.entryId)]);
    const legs = new Map<string, BasisLeg>();
    if (gathered.history === null) for (const leg of basisLegs(only(history.entries(), wanted), prices)) legs.set(leg.entryId, leg);
    for (const packs of [gathered.history ?? [], gathered.period])
      for (const leg of gatheredLegs(packs)) if (wanted.has(leg.entryId)) legs.set(leg.entryId, valuedLeg(leg, prices));
    const json: GainsReviewJson = {
      currency: prices.currency,
      method: settings.method,
      scope: settings.scope,
      profile: settings.profile,
      period: { from: job.period.from, to: job.period.to },
      rows,
      acquisitions: [...legs.values()].filter((leg) => lots.has(leg.entryId)).map(legJson),
      issues: issues.map((issue) => issueJson(issue, legs.get(issue.entryId))),
    };
    await files.kept(GAINS_REVIEW_FILE, `${JSON.stringify(json)}\n`);
    return { file: GAINS_REVIEW_FILE, rows: json.rows.length, acquisitions: json.acquisitions.length, issues: json.issues.length };
  },
};

/** The entries whose id is wanted. */
function* only(entries: Iterable<LedgerEntry>, wanted: ReadonlySet<string>): Generator<LedgerEntry> {
  for (const entry of entries) if (wanted.has(entry.entryId)) yield entry;
}
