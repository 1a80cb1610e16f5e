import type { Alert } from '../alerts/Alert.js';
import { runFailedAlert } from '../alerts/alertFor.js';
import type { RunKind, RunOutcome } from './RunKind.js';

/** Who asked for a run: the command line, a person in the workspace, or a schedule. */
export type RunTrigger = 'cli' | 'manual' | 'schedule';

/**
 * The one alert policy, for the CLI and the workspace alike (README, Alerts):
 * - a finding alerts whoever started the run (reconcile differences; a diff's changes), unless it is what the
 *   last run of the same check already reported (the same changes since filed as last night's diff);
 * - a failure alerts when nobody is watching the run: a scheduled run, or on the command line a kind made to run
 *   unattended (reconcile, diff: what cron runs). A person who started a run sees its failure.
 */
export function alertAfter(outcome: RunOutcome, subject: string, now: Date): { alert: Alert | null; note: string | null } {
  const { finding } = outcome;
  if (finding === null) return { alert: null, note: null };
  if (!finding.fresh) return { alert: null, note: 'no alert: the same changes as the last diff of this period' };
  return { alert: finding.alert(subject, now), note: null };
}

/** The alert for a failed run under the policy above; `message` must already be redacted. */
export function alertOnFailure(
  kind: RunKind,
  trigger: RunTrigger,
  input: { subject: string; command: string; message: string; exitCode: number; now: Date },
): Alert | null {
  const unwatched = trigger === 'schedule' || (trigger === 'cli' && kind.unattended);
  return unwatched ? runFailedAlert(input.subject, input.command, input.message, input.exitCode, input.now) : null;
}
