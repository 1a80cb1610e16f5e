import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';

const validators = new WeakMap<TSchema, Validator>();

/** The first way `value` breaks `schema` (`/assets/0/chainId must be integer`), undefined when it matches; each schema compiled once. */
export function schemaProblem(schema: TSchema, value: unknown): string | undefined {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  if (validator.Check(value)) return undefined;
  const [first] = validator.Errors(value);
  return first === undefined ? 'does not match' : `${first.instancePath === '' ? '(top)' : first.instancePath} ${first.message}`;
}

/**
 * One line in the process's log for something a run stored that does not match its schema (a run stored before the
 * schema, a file edited by hand): whoever reads it shows it as absent rather than failing the page.
 */
export function warnUnreadable(runId: number, what: string, problem: string): void {
  process.emitWarning(`run ${runId}: its ${what} is unreadable (${problem}); shown as absent`, 'LedgerscanWarning');
}
