import { isPlainObject } from '../config/isPlainObject.js';
import { InputError } from '../errors/LedgerscanError.js';
import { API_SURFACE, optionValues } from './optionValues.js';
import type { RunRequest } from './RunRequest.js';
import { isRunKindName, RUN_KIND_NAMES, runKind } from './runKinds.js';

/**
 * The shape of a run request no route schema has checked (a schedule's, one the scheduler stored), as
 * `runRequestSchema` states it for the API's run body: a known kind and that kind's own options; its period,
 * templates and instant are then checked by the CLI's job validation (`jobForRun`) and the kind's preconditions,
 * which name each problem. A `diff` takes its period and templates from the closed period's record.
 */
export function validateRunRequest(input: unknown): RunRequest {
  if (!isPlainObject(input))
    throw new InputError('a run must be a JSON object such as {"kind": "export", "period": {"year": 2025}, "templates": ["ledger"]}', {
      details: { field: 'run' },
    });
  const { kind, period, templates } = input;
  if (!isRunKindName(kind)) throw new InputError(`kind must be one of ${RUN_KIND_NAMES.join(', ')}`, { details: { field: 'kind' } });
  if (period !== undefined && !isPlainObject(period))
    throw new InputError('period must be an object such as {"year": 2025} or {"from": "2025-01-01", "to": "2025-06-30"}', {
      details: { field: 'period' },
    });
  if (templates !== undefined && (!Array.isArray(templates) || templates.some((name) => typeof name !== 'string'))) {
    throw new InputError('templates must be a list of template names such as ["ledger", "koinly"]', { details: { field: 'templates' } });
  }
  return {
    kind,
    ...optionValues(runKind(kind), input, API_SURFACE, true),
    ...(period === undefined ? {} : { period: period as NonNullable<RunRequest['period']> }),
    ...(templates === undefined ? {} : { templates: templates as string[] }),
  };
}
