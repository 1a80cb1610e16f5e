import { isPlainObject } from '../config/isPlainObject.js';
import { InputError } from '../errors/LedgerscanError.js';
import { PERIOD_LABEL } from '../filing/FiledRecord.js';
import type { RunRequest } from './RunRequest.js';

const KINDS: readonly RunRequest['kind'][] = ['export', 'sync', 'reconcile', 'close', 'diff', 'balances'];

/**
 * The shape of a run request; its period, templates and instant are then checked by the CLI's job
 * validation (`jobForRun`, `parseInstant`), which names each problem. A `diff` takes its period and
 * templates from the closed period's record, so it names only the label.
 */
export function validateRunRequest(input: unknown): RunRequest {
  if (!isPlainObject(input)) throw new InputError('a run must be a JSON object such as {"kind": "export", "period": {"year": 2025}, "templates": ["ledger"]}', { details: { field: 'run' } });
  const { kind, period, templates, label, at } = input;
  if (typeof kind !== 'string' || !(KINDS as readonly string[]).includes(kind)) {
    throw new InputError(`kind must be one of ${KINDS.join(', ')}`, { details: { field: 'kind' } });
  }
  if (period !== undefined && !isPlainObject(period)) throw new InputError('period must be an object such as {"year": 2025} or {"from": "2025-01-01", "to": "2025-06-30"}', { details: { field: 'period' } });
  if (templates !== undefined && (!Array.isArray(templates) || templates.some((name) => typeof name !== 'string'))) {
    throw new InputError('templates must be a list of template names such as ["ledger", "koinly"]', { details: { field: 'templates' } });
  }
  if (kind === 'diff' && (typeof label !== 'string' || !PERIOD_LABEL.test(label))) {
    throw new InputError('label must name a closed period as close named it, e.g. "2025" or "2025-01-01_2025-06-30"', { details: { field: 'label' } });
  }
  if (kind === 'balances' && typeof at !== 'string') {
    throw new InputError('at must be a day or a wall time in the book\'s zone, e.g. "2025-12-31" or "2025-12-31T23:59:59"', { details: { field: 'at' } });
  }
  return {
    kind: kind as RunRequest['kind'],
    ...(kind === 'diff' ? { label: label as string } : {}),
    ...(kind === 'balances' ? { at: at as string } : {}),
    ...(period === undefined ? {} : { period: period as NonNullable<RunRequest['period']> }),
    ...(templates === undefined ? {} : { templates: templates as string[] }),
  };
}
