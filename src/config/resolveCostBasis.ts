import path from 'node:path';
import {
  BASIS_METHODS,
  BASIS_SCOPES,
  TAX_PROFILES,
  type BasisMethod,
  type BasisScope,
  type CostBasisSettings,
} from '../costbasis/CostBasisSettings.js';
import { OPENING_LOT_COLUMNS } from '../costbasis/parseOpeningLots.js';
import { PROFILE_DEFAULTS } from '../costbasis/profileDefaults.js';
import { type SourcedChange, resolveBasisChanges } from './resolveBasisChanges.js';
import type { JobSettings } from './JobSettings.js';
import type { Problems } from './Problems.js';
import { parseChoice } from './parseChoice.js';
import { quoteValue } from './quoteValue.js';
import type { Sourced } from './Sourced.js';

const UNCLASSIFIED_OUT = ['remove', 'dispose'] as const;

/** Who set a method or a scope, for messages: a field (`--cost-basis`, `costBasis.changes[0].scope`) or the profile. */
interface State {
  method: BasisMethod;
  scope: BasisScope;
  methodBy: string;
  scopeBy: string;
}

/**
 * `job.costBasis` from the job file's `costBasis` block and the flags: `undefined` unless the block or
 * `--cost-basis` is given; else the profile's defaults (`generic` when none is named) under what the user set, the
 * profile's own scope changes kept unless the user chose a scope, each change checked to change something. Cost
 * basis needs every row's value, so `--no-values` with it is refused; HMRC's matching is per person, so `uk` per
 * wallet is refused.
 */
export function resolveCostBasis(settings: JobSettings, problems: Problems): CostBasisSettings | undefined {
  const on = settings.costBasis;
  if (on === undefined) {
    for (const flag of [settings.basisScope, settings.taxProfile, settings.openingLots, settings.zeroBasisForMissing])
      if (flag !== undefined)
        problems.add(`${flag.field} is given but cost basis is off (pass --cost-basis METHOD, e.g. --cost-basis fifo, to turn it on)`);
    return undefined;
  }
  if (settings.values?.value === false) {
    problems.add(
      `${on.field} needs values, which ${settings.values.field} turns off (drop ${settings.values.field}: gains and income come from each row's value)`,
    );
    return undefined;
  }
  const profile = parseChoice(settings.taxProfile, TAX_PROFILES, 'tax profile', problems) ?? 'generic';
  const defaults = PROFILE_DEFAULTS[profile];
  const byProfile = `the ${profile} profile`;
  const method = parseChoice(settings.basisMethod, BASIS_METHODS, 'cost-basis method', problems);
  const scope = parseChoice(settings.basisScope, BASIS_SCOPES, 'basis scope', problems);
  const start: State = {
    method: method ?? defaults.method,
    scope: scope ?? defaults.scope,
    methodBy: method === undefined ? byProfile : (settings.basisMethod?.field ?? byProfile),
    scopeBy: scope === undefined ? byProfile : (settings.basisScope?.field ?? byProfile),
  };
  const own = resolveBasisChanges(settings.basisChanges, problems);
  // A scope the user chose anywhere rules the whole timeline: the profile's scope changes would contradict it.
  const scopeChosen = scope !== undefined || own.some((item) => item.change.scope !== undefined);
  const fromProfile = scopeChosen ? [] : defaults.changes.map((change) => ({ change, field: byProfile, own: false }));
  const changes = walk(start, mergeByDay([...own.map((item) => ({ ...item, own: true })), ...fromProfile]), problems);
  const unclassifiedOut = parseChoice(settings.unclassifiedOut, UNCLASSIFIED_OUT, 'choice', problems) ?? 'remove';
  const openingLots = settings.openingLots === undefined ? undefined : resolveLotsFile(settings.openingLots, problems);
  const zeroBasis = settings.zeroBasisForMissing;
  if (zeroBasis !== undefined && typeof zeroBasis.value !== 'boolean')
    problems.add(`${zeroBasis.field} ${quoteValue(zeroBasis.value)} is not true or false`);
  return {
    method: start.method,
    scope: start.scope,
    profile,
    changes,
    unclassifiedOut,
    ...(openingLots === undefined ? {} : { openingLots }),
    ...(zeroBasis?.value === true ? { zeroBasisForMissing: true as const } : {}),
  };
}

interface Timed extends SourcedChange {
  /** The user's (checked to change something), not the profile's (dropped where it changes nothing). */
  own: boolean;
}

/** The user's and the profile's changes in one ascending list; a profile's change on a day the user changes joins it. */
function mergeByDay(changes: readonly Timed[]): Timed[] {
  const merged: Timed[] = [];
  for (const item of [...changes].sort((a, b) => a.change.from.localeCompare(b.change.from))) {
    const last = merged.at(-1);
    if (last !== undefined && last.change.from === item.change.from) {
      merged[merged.length - 1] = { ...last, change: { ...item.change, ...last.change } };
    } else merged.push(item);
  }
  return merged;
}

/** Applies the changes in order: each of the user's must change something; no state may be `uk` per wallet. */
function walk(start: State, changes: readonly Timed[], problems: Problems): CostBasisSettings['changes'] {
  checkUkScope(start, problems);
  let state = start;
  const kept: CostBasisSettings['changes'][number][] = [];
  for (const { change, field, own } of changes) {
    const next: State = {
      method: change.method ?? state.method,
      scope: change.scope ?? state.scope,
      methodBy: change.method === undefined ? state.methodBy : `${field}${own ? '.method' : ''}`,
      scopeBy: change.scope === undefined ? state.scopeBy : `${field}${own ? '.scope' : ''}`,
    };
    if (next.method === state.method && next.scope === state.scope) {
      if (own)
        problems.add(
          `${field} changes nothing: method ${state.method} and scope ${state.scope} are already in force on ${change.from} (drop it, or give another method or scope)`,
        );
      continue;
    }
    checkUkScope(next, problems);
    kept.push({
      from: change.from,
      ...(next.method === state.method ? {} : { method: next.method }),
      ...(next.scope === state.scope ? {} : { scope: next.scope }),
    });
    state = next;
  }
  return kept;
}

function checkUkScope(state: State, problems: Problems): void {
  if (state.method === 'uk' && state.scope === 'wallet')
    problems.add(
      // The pages place a problem by its first word: the block's.
      `${problems.worded({ cli: '', web: 'costBasis: ' })}method uk (${state.methodBy}) cannot pool per wallet (${state.scopeBy}): HMRC pools each token per person (use scope universal with uk, or another method per wallet)`,
    );
}

function resolveLotsFile(sourced: Sourced, problems: Problems): string | undefined {
  if (typeof sourced.value === 'string' && sourced.value.trim() !== '') return path.resolve(sourced.dir, sourced.value);
  problems.add(
    `${sourced.field} ${quoteValue(sourced.value)} is not a path (use the path of a CSV with the header ${OPENING_LOT_COLUMNS.join(',')})`,
  );
  return undefined;
}
