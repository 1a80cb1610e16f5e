import type { NightBook, NightSummary, Run, RunStatus } from './WorkspaceData.js';

/** What a night's summary reads of a run (a `Run` is one): the night's runs are read no further. */
export type NightRun = Pick<Run, 'id' | 'bookId' | 'status' | 'error' | 'resumeAt' | 'createdAt' | 'apiKeyName'> & {
  progress: Pick<Run['progress'], 'apiCalls'>;
  summary: Pick<NonNullable<Run['summary']>, 'alert'> | null;
};

/** Worst first: the status a book is counted by, from its runs of the night. */
const RANK: readonly RunStatus[] = ['failed', 'stopped', 'deferred', 'running', 'queued', 'differences', 'succeeded'];

/** The UTC day of an ISO instant. */
export function utcDay(instant: string): string {
  return instant.slice(0, 10);
}

/**
 * Calls per key of `runs`: each run's last attempt (its progress, on its key) plus `earlier`, the calls of the runs'
 * earlier attempts per key (`Nights.keepAttempt`), so a run that moved keys or waited a day counts on every key it used.
 */
export function callsPerKey(runs: readonly NightRun[], earlier: ReadonlyMap<string, number> = new Map()): Record<string, number> {
  const calls: Record<string, number> = Object.fromEntries(earlier);
  for (const run of runs) {
    // A run deferred before any key was free to take it made no call on any.
    if (run.apiKeyName === null && run.progress.apiCalls === 0) continue;
    const key = run.apiKeyName ?? 'default';
    calls[key] = (calls[key] ?? 0) + run.progress.apiCalls;
  }
  return calls;
}

/** The summary of `night` from its scheduled runs (any order) and their earlier attempts' calls per key; see `NightSummary`. */
export function nightSummary(night: string, runs: readonly NightRun[], earlier: ReadonlyMap<string, number> = new Map()): NightSummary {
  const byBook = new Map<number, NightRun>();
  for (const run of runs) {
    const kept = byBook.get(run.bookId);
    if (kept === undefined || RANK.indexOf(run.status) < RANK.indexOf(kept.status)) byBook.set(run.bookId, run);
  }
  const calls = callsPerKey(runs, earlier);
  const outcomes: NightBook[] = [...byBook.values()]
    .sort((a, b) => a.bookId - b.bookId)
    .map((run) => ({ bookId: run.bookId, runId: run.id, status: run.status, error: run.error, resumeAt: run.resumeAt }));
  const count = (...statuses: RunStatus[]): number => outcomes.filter((book) => statuses.includes(book.status)).length;
  return {
    night,
    books: outcomes.length,
    reconciled: count('succeeded'),
    differences: count('differences'),
    failed: count('failed', 'stopped'),
    deferred: count('deferred'),
    pending: count('queued', 'running'),
    calls,
    firstAt: runs.map((run) => run.createdAt).reduce((first, at) => (at < first ? at : first), runs[0]?.createdAt ?? ''),
    outcomes,
    findings: [...runs]
      .sort((a, b) => a.id - b.id)
      .flatMap((run) => (run.summary?.alert === undefined ? [] : [{ bookId: run.bookId, runId: run.id, alert: run.summary.alert }])),
  };
}

/** When a deferred run resumes: the next 00:00 UTC after `now`, when every key's daily quota is new. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
