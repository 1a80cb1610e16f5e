import { isPlainObject } from '../config/isPlainObject.js';
import { InputError } from '../errors/LedgerscanError.js';
import type { RunRequest } from './RunRequest.js';

const KINDS: readonly RunRequest['kind'][] = ['export', 'sync', 'reconcile'];

/**
 * The shape of a run request; its period and templates are then checked by the CLI's job
 * validation (`jobForRun`), which names each problem.
 */
export function validateRunRequest(input: unknown): RunRequest {
  if (!isPlainObject(input)) throw new InputError('a run must be a JSON object such as {"kind": "export", "period": {"year": 2025}, "templates": ["ledger"]}', { details: { field: 'run' } });
  const { kind, period, templates } = input;
  if (typeof kind !== 'string' || !(KINDS as readonly string[]).includes(kind)) {
    throw new InputError(`kind must be one of ${KINDS.join(', ')}`, { details: { field: 'kind' } });
  }
  if (period !== undefined && !isPlainObject(period)) throw new InputError('period must be an object such as {"year": 2025} or {"from": "2025-01-01", "to": "2025-06-30"}', { details: { field: 'period' } });
  if (templates !== undefined && (!Array.isArray(templates) || templates.some((name) => typeof name !== 'string'))) {
    throw new InputError('templates must be a list of template names such as ["ledger", "koinly"]', { details: { field: 'templates' } });
  }
  return {
    kind: kind as RunRequest['kind'],
    ...(period === undefined ? {} : { period: period as NonNullable<RunRequest['period']> }),
    ...(templates === undefined ? {} : { templates: templates as string[] }),
  };
}
