import type { Argv } from 'yargs';
import type { RunKind } from '../runs/RunKind.js';
import { flagOf } from '../runs/RunOption.js';

/** The kind's own flags, as its module declares them, beside the job options. */
export function withKindOptions<T>(yargs: Argv<T>, kind: RunKind): Argv<T> {
  let built = yargs;
  for (const [name, option] of Object.entries(kind.options)) {
    built = built.option(flagOf(name, option), {
      type: option.type,
      describe: option.describe,
      ...(option.default === undefined ? {} : { default: option.default }),
    });
  }
  return built;
}
