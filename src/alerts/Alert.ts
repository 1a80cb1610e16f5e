/** Why someone should look: the three events the nightly work reports to people. */
export type AlertKind = 'reconcile-differences' | 'changed-since-filed' | 'run-failed';

/** One alert, as sent in a webhook's JSON body and summarised in an e-mail. */
export interface Alert {
  /** Unique per alert; a receiver de-duplicates retried deliveries by it. */
  readonly id: string;
  readonly kind: AlertKind;
  /** ISO 8601 UTC time the alert was raised. */
  readonly at: string;
  /** The book or job the alert is about (a book name, or the job file's path on the CLI). */
  readonly subject: string;
  /** One line a person reads first. */
  readonly summary: string;
  /** Figures behind the summary (differences per asset, changed entries, the error), plain JSON. */
  readonly details: Readonly<Record<string, unknown>>;
}
