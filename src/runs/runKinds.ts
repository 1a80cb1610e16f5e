import { balancesRun } from './balancesRun.js';
import { closeRun } from './closeRun.js';
import { diffRun } from './diffRun.js';
import { exportRun } from './exportRun.js';
import { reconcileRun } from './reconcileRun.js';
import { reportRun } from './reportRun.js';
import type { RunKind } from './RunKind.js';
import { syncRun } from './syncRun.js';

/** Every run kind, in the order the CLI's help and the pages list them: the one list the CLI, the workspace and the pages read. */
export const RUN_KINDS = [
  exportRun,
  syncRun,
  reconcileRun,
  closeRun,
  diffRun,
  balancesRun,
  reportRun,
] as const satisfies readonly RunKind[];

export type RunKindName = (typeof RUN_KINDS)[number]['name'];

export const RUN_KIND_NAMES: readonly RunKindName[] = RUN_KINDS.map((kind) => kind.name);

export function isRunKindName(name: unknown): name is RunKindName {
  return typeof name === 'string' && (RUN_KIND_NAMES as readonly string[]).includes(name);
}

/** The kinds a book may schedule. */
export const SCHEDULED_KIND_NAMES: readonly RunKindName[] = (RUN_KINDS as readonly RunKind[])
  .filter((kind) => kind.schedule !== undefined)
  .map((kind) => kind.name as RunKindName);

export function runKind(name: RunKindName): RunKind {
  return RUN_KINDS.find((kind) => kind.name === name) as RunKind;
}
