import type { Run, RunStatus } from './WorkspaceData.js';

/** One book's part in a night: its scheduled run that decides (`nightSummary`), with a deferral's reason and time. */
export interface NightBook {
  bookId: number;
  runId: number;
  status: RunStatus;
  /** A failure's message or a deferral's reason. */
  error: string | null;
  resumeAt: string | null;
}

/**
 * The scheduled runs of one night (the UTC day their schedules fired), one count per book: each book is counted once,
 * by the worst of its runs that night (failed, deferred, still going, differences, reconciled). `calls`: the API calls
 * of the night's runs per key name (`default` for the embedded workspace's one key).
 */
export interface NightSummary {
  night: string;
  books: number;
  reconciled: number;
  differences: number;
  failed: number;
  deferred: number;
  /** Queued or running still. */
  pending: number;
  calls: Record<string, number>;
  /** The first scheduled run of the night was created at (ISO). */
  firstAt: string;
  outcomes: NightBook[];
  /** The findings the night's runs held for the night's one alert (`alert`: its kind), in run order. */
  findings: { bookId: number; runId: number; alert: string }[];
}

/** Contract: what the nights of a firm need of the workspace data, beside the runs themselves (`SqlNights`). */
export interface Nights {
  /**
   * Counts one call of `keyName` on `day` (UTC `YYYY-MM-DD`) if fewer than `quota` were made: true when the call may
   * go. Atomic across processes, so the key never makes more than `quota` calls a day whatever the number of workers.
   */
  takeKeyCall(keyName: string, day: string, quota: number): Promise<boolean>;
  /** Calls counted per key on `day`. */
  keyCalls(day: string): Promise<Map<string, number>>;
  /** Deferred runs whose `resumeAt` has come by `now` (ISO), oldest first. */
  dueDeferredRuns(now: string): Promise<Run[]>;
  /** Queues a deferred run again; false when another process did first (or it is no longer deferred). */
  requeueDeferred(runId: number): Promise<boolean>;
  /** The night of the latest scheduled run, or null when no schedule has fired yet. */
  latest(): Promise<NightSummary | null>;
  /** True for the one process that claims the night's alert. */
  claimNightAlert(night: string, at: string): Promise<boolean>;
}
