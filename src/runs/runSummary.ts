import type { Static } from 'typebox';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { AlertSummary } from './raiseAlert.js';
import type { RunKind } from './RunKind.js';
import { hasOutcome, type StoredRun } from './runResults.js';
import { isRunKindName, runKind, type RUN_KINDS, type RunKindName } from './runKinds.js';
import { schemaProblem, warnUnreadable } from './schemaCheck.js';

/** A kind's summary, as its module declares it. */
export type SummaryOf<K extends RunKindName> = Static<Extract<(typeof RUN_KINDS)[number], { name: K }>['summary']>;

/** A run's stored summary: its kind's plus the alert it raised, or (a failed run's) only the alert. */
export type RunSummary = ({ [K in RunKindName]: SummaryOf<K> }[RunKindName] & AlertSummary) | AlertSummary;

/** An outcome's summary as the workspace is about to store it: refused (the run fails) when it breaks its kind's schema. */
export function checkedSummary(kind: RunKind, summary: unknown): RunSummary {
  const problem = schemaProblem(kind.summary, summary);
  if (problem !== undefined) throw new LedgerscanError(`the ${kind.name} run's summary does not match its kind's schema: ${problem}`);
  return summary as RunSummary;
}

/**
 * A summary read back from the workspace data, checked against its kind's schema (and the alert fields); null, with
 * one line logged, when it does not match: a run stored before the schema, or a row edited by hand.
 */
export function storedSummary(run: Omit<StoredRun, 'summary'>, value: unknown): RunSummary | null {
  if (value === null) return null;
  const kind = isRunKindName(run.request.kind) ? runKind(run.request.kind) : undefined;
  const problem =
    kind === undefined
      ? `${String(run.request.kind)} is no run kind`
      : (schemaProblem(AlertSummary, value) ?? (hasOutcome(run) ? schemaProblem(kind.summary, value) : undefined));
  if (problem === undefined) return value as RunSummary;
  warnUnreadable(run.id, 'summary', problem);
  return null;
}
