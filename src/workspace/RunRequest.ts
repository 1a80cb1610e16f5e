/** What a run is asked to do: `POST /api/books/:id/runs` and schedules alike. */
export interface RunRequest {
  kind: 'export' | 'sync' | 'reconcile';
  /** A calendar year or whole days in the book's zone; reconcile and sync default to the current year. */
  period?: { year?: number; from?: string; to?: string };
  templates?: string[];
}
