import type { Static, TSchema } from 'typebox';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { RunRequest } from './RunRequest.js';
import type { RunResult } from './RunResult.js';
import { isRunKindName, runKind } from './runKinds.js';
import { schemaProblem, warnUnreadable } from './schemaCheck.js';

/** What the registry reads of a stored run (the workspace's `Run`). */
export interface StoredRun {
  readonly id: number;
  readonly request: RunRequest;
  readonly status: string;
  readonly summary: unknown;
}

/** The statuses of a run whose kind's outcome (its summary and results) was recorded. */
export const hasOutcome = (run: Pick<StoredRun, 'status'>): boolean => run.status === 'succeeded' || run.status === 'differences';

/** Whether the runs of this run's kind carry `result` (the newest reconcile is the newest run carrying a reconcile report). */
export function carries(run: Pick<StoredRun, 'request'>, result: RunResult): boolean {
  return isRunKindName(run.request.kind) && runKind(run.request.kind).results.includes(result);
}

/** `value` read for `result`, as its schema declares it; undefined, with one line logged, when it does not match. */
export function checkedResult<S extends TSchema>(run: Pick<StoredRun, 'id'>, result: RunResult<S>, value: unknown): Static<S> | undefined {
  const problem = schemaProblem(result.schema, value);
  if (problem === undefined) return value as Static<S>;
  warnUnreadable(run.id, result.name, problem);
  return undefined;
}

/**
 * A result a run keeps in its summary or its request (the period a close filed, the one a diff checks), the part its
 * schema names; undefined when the run's kind does not carry it, or (a summary's) the run has no outcome.
 */
export function runFact<S extends TSchema>(run: StoredRun, result: RunResult<S>): Static<S> | undefined {
  if (!carries(run, result)) return undefined;
  if (result.place.in === 'request') return checkedResult(run, result, run.request);
  if (result.place.in !== 'summary') throw new LedgerscanError(`the ${result.name} is a run's file: read it with readRunResult`);
  if (!hasOutcome(run) || run.summary === null || !holdsPartOf(result.schema, run.summary)) return undefined;
  return checkedResult(run, result, run.summary);
}

/**
 * Whether `summary` holds any member an object schema names: a run that never had the fact (an unvalued export has no
 * valuation figures) leaves them all out, and that is absent, not unreadable. A schema of another shape is always checked.
 */
function holdsPartOf(schema: TSchema, summary: unknown): boolean {
  const members: unknown = (schema as { properties?: unknown }).properties;
  if (typeof members !== 'object' || members === null || typeof summary !== 'object' || summary === null) return true;
  return Object.keys(members).some((key) => key in summary);
}
