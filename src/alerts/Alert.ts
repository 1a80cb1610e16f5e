/**
 * Why someone should look: the three events the nightly work reports to people, and the night's one message that
 * gathers a workspace's scheduled runs (`night-summary`: their findings, failures and deferrals, not one per book).
 */
export type AlertKind = 'reconcile-differences' | 'changed-since-filed' | 'run-failed' | 'night-summary';

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
