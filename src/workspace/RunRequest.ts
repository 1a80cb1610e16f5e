/** What a run is asked to do: `POST /api/books/:id/runs` and schedules alike. */
export interface RunRequest {
  kind: 'export' | 'sync' | 'reconcile' | 'close' | 'diff' | 'balances';
  /** A calendar year or whole days in the book's zone; reconcile and sync default to the current year. */
  period?: { year?: number; from?: string; to?: string };
  templates?: string[];
  /** `diff`: the closed period's label, as `close` named it (`2025`, `2025-01-01_2025-06-30`). */
  label?: string;
  /** `balances`: the instant, a day or a wall time in the book's zone (as `ledgerscan balances --at`). */
  at?: string;
}
