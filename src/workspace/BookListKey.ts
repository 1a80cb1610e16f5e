/** Which books the list may show: in use or archived, a staff or client login's assigned ones, a part of the name. */
export interface BookListFilter {
  archived: boolean;
  /** Only the books assigned to this user (staff and clients). */
  userId?: number | undefined;
  /** A part of the client's name, any case. */
  name?: string | undefined;
}

/**
 * What the books list orders and filters a book by, read in SQL for every book it could show without reading its
 * runs whole (`bookListKeys`): its name and zone, its newest run's time, its last reconcile's status, that
 * reconcile's holdings value, the newest export's cost-basis issues and the period it is worked on (`BookPeriod`).
 */
export interface BookListKey {
  id: number;
  name: string;
  zone: string | undefined;
  lastRunAt: string | undefined;
  /** A run status, of the newest finished reconcile. */
  reconcile: string | undefined;
  holdings: number | undefined;
  basisIssues: number | undefined;
  period: { from: string; to: string } | undefined;
}
