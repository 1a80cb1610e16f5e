import type { Decimal } from '../ledger/money.js';
import type { GainTrailSteps } from '../outputs/gainTrail.js';
import type { GainsReviewJson } from '../outputs/gainsReviewFile.js';
import { moneyText } from '../outputs/moneyText.js';
import { GAINS_REVIEW } from '../runs/exportResults.js';
import type { Workspace } from '../workspace/Workspace.js';
import type { Run } from '../workspace/WorkspaceData.js';
import { latestResult } from './runReports.js';

/** The run a gains page shows, as the API names it: its id, period and the settings it computed with. */
export interface GainsRunJson {
  id: number;
  period: { from: string; to: string };
  method: string;
  scope: string;
}

/**
 * The book's newest run with gains kept for review (read through the registry, `GAINS_REVIEW`), or the run `runId`
 * names when it is one of the book's and has them; undefined when there is none.
 */
export async function bookGains(
  workspace: Workspace,
  bookId: number,
  runId: string | undefined,
): Promise<{ run: Run; review: GainsReviewJson; runJson: GainsRunJson; runs: Run[] } | undefined> {
  const runs = await workspace.data.runsOfBook(bookId);
  const asked = runId === undefined || runId === '' ? runs : runs.filter((run) => run.id === Number(runId));
  const found = await latestResult(workspace, asked, GAINS_REVIEW);
  if (found === undefined) return undefined;
  const { run, value: review } = found;
  return { run, review, runs, runJson: { id: run.id, period: review.period, method: review.method, scope: review.scope } };
}

/** A trail as the API answers it: money rounded to the currency, null where unknown. */
export function trailJson(entryId: string, { steps }: { steps: GainTrailSteps }, currency: string) {
  const money = (value: Decimal | null): string | null => (value === null ? null : moneyText(value, currency));
  return {
    currency,
    entryId,
    quantity: steps.quantity,
    proceeds: money(steps.proceeds),
    sellingCosts: money(steps.sellingCosts),
    costBasis: money(steps.costBasis),
    gain: money(steps.gain),
    pieces: steps.pieces.map(({ row, taken, source, lot }) => ({
      lotId: row.lotId,
      source,
      taken,
      acquiredAt: row.acquiredAt,
      proceeds: money(row.proceeds),
      sellingCosts: money(row.sellingCosts),
      costBasis: money(row.costBasis),
      gain: money(row.gain),
      term: row.term,
      flags: [...row.flags],
      lot:
        lot === undefined
          ? null
          : {
              entryId: lot.acquired.entryId,
              txHash: lot.acquired.txHash,
              timestamp: lot.acquired.timestamp,
              category: lot.acquired.category,
              quantity: lot.quantity,
              value: money(lot.acquired.value),
              cost: money(lot.cost),
              carriedFees: lot.carriedFees,
            },
    })),
  };
}
