import { InputError } from '../errors/LedgerscanError.js';
import type { RunKind } from './RunKind.js';
import type { RunOptionValue } from './RunOption.js';

/** How a surface names a kind's options: the API by property (and the field in its error), the CLI by flag. */
export interface OptionSurface {
  cli: boolean;
  /** Where the value is in the source (yargs camel-cases `--since-filed` into `sinceFiled`). */
  key(option: string): string;
  name(option: string): string;
}

export const API_SURFACE: OptionSurface = { cli: false, key: (option) => option, name: (option) => option };

/**
 * A kind's option values out of `source` (a request body, or yargs' flags), defaults filled in unless `given`
 * (what a stored request keeps); a missing required or mistyped value is refused with the option's own message.
 */
export function optionValues(
  kind: RunKind,
  source: Readonly<Record<string, unknown>>,
  surface: OptionSurface,
  given = false,
): Record<string, RunOptionValue> {
  const values: Record<string, RunOptionValue> = {};
  for (const [option, spec] of Object.entries(kind.options)) {
    if (spec.cliOnly === true && !surface.cli) continue;
    const value = source[surface.key(option)];
    const refuse = (): never => {
      throw new InputError(
        `${surface.name(option)} ${spec.invalid ?? `must be ${spec.type === 'boolean' ? 'true or false' : 'text'}`}`,
        surface.cli ? {} : { details: { field: option } },
      );
    };
    if (value === undefined) {
      if (spec.required === true) refuse();
      if (spec.default !== undefined && !given) values[option] = spec.default;
      continue;
    }
    if (typeof value !== spec.type || (typeof value === 'string' && spec.pattern !== undefined && !spec.pattern.test(value))) refuse();
    values[option] = value as RunOptionValue;
  }
  return values;
}
