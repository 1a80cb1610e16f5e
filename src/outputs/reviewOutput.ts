import { Type } from 'typebox';
import type { Output } from './Output.js';
import { reviewConsumer, type ReviewState } from './reviewConsumer.js';

export const REVIEW_FILE = 'review.csv';

const REVIEW_HEADER = ['entry_id', 'status', 'reviewer', 'reviewed_at', 'notes'];

const ReviewResult = Type.Object({
  file: Type.String(),
  rows: Type.Number(),
  /** Rows by status (`unreviewed` counts entries with notes only). */
  statuses: Type.Record(Type.String(), Type.Number()),
});

/**
 * `review.csv`: one row per entry of the period that the book's users reviewed, flagged or noted, in ledger order,
 * so that what was checked is filed with the figures. Only a workspace run has review states (`reviews`): a CLI
 * export writes no such file. Notes are joined oldest first with ` | `, each as `author: text`.
 */
export const reviewOutput: Output<'review', ReviewState, typeof ReviewResult> = {
  ...reviewConsumer,
  needs: { reviews: true },
  result: ReviewResult,
  // Parts hold other chains, each in ledger order: their entries interleave by time, then chain (a stable sort).
  merge: (states) => ({
    entries: states.flatMap((state) => state.entries).sort((a, b) => a.timestamp - b.timestamp || a.chainId - b.chainId),
  }),
  async finish(state, { reviews, files }) {
    const byEntry = new Map(reviews.map((review) => [review.entryId, review]));
    const csv = files.csv(REVIEW_FILE, REVIEW_HEADER);
    const statuses: Record<string, number> = {};
    let rows = 0;
    for (const entryId of new Set(state.entries.map((entry) => entry.entryId))) {
      const review = byEntry.get(entryId);
      if (review === undefined) continue;
      await csv.write([entryId, review.status, review.reviewer, review.reviewedAt, review.notes.join(' | ')]);
      statuses[review.status] = (statuses[review.status] ?? 0) + 1;
      rows += 1;
    }
    return { file: REVIEW_FILE, rows, statuses };
  },
  manifest: (result) => ({
    counts: {
      'rows.review': result.rows,
      ...Object.fromEntries(Object.entries(result.statuses).map(([status, n]) => [`review.${status}`, n])),
    },
  }),
};
