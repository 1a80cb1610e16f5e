/** A minute in the queue is worth one doubling of a run's expected length. */
const AGE_MS = 60_000;
/** Minutes wrap every 30,000 (about 21 days), to stay inside graphile-worker's smallint priority. */
const WRAP_MINUTES = 30_000;

/**
 * graphile-worker's priority of a run's job (lower is taken first): shortest expected first, with ageing. The expected
 * length is the book's last run of the kind, in seconds (null: never ran, taken as short); each doubling of it costs
 * the place of a run queued a minute later. So the night's small books pass a long one queued in the same minute, and
 * a long one passes every run queued log2(its seconds) minutes after it: nothing waits for ever behind newer short runs.
 * Where the minutes wrap (once in three weeks) runs queued just after pass those queued just before, for that night.
 */
export function claimPriority(expectedSeconds: number | null, queuedAt: Date): number {
  const size = expectedSeconds === null ? 0 : Math.ceil(Math.log2(1 + Math.max(0, expectedSeconds)));
  const minute = Math.floor(queuedAt.getTime() / AGE_MS) % WRAP_MINUTES;
  return minute + size - WRAP_MINUTES / 2;
}
