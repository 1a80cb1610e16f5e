import type { RunOptionValue } from './RunOption.js';
import type { RunKindName } from './runKinds.js';

export interface RunPeriod {
  year?: number;
  from?: string;
  to?: string;
}

/**
 * What a run is asked to do: `POST /api/books/:id/runs` and schedules alike. Its kind's own options (a diff's
 * `label`, a balances `at`, a reconcile's `historical`…) sit beside kind, period and templates, as the kind declares them.
 */
export interface RunRequest {
  kind: RunKindName;
  /** A calendar year or whole days in the book's zone; reconcile and sync default to the current year. */
  period?: RunPeriod;
  templates?: string[];
  [option: string]: RunOptionValue | RunPeriod | string[] | undefined;
}

/** A text option of a stored request (`''` when absent), for pages and logs. */
export function requestText(request: RunRequest, option: string): string {
  const value = request[option];
  return typeof value === 'string' ? value : '';
}
