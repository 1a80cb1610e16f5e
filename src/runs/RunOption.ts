/**
 * One option of a run kind, declared once: the CLI flag of its command and the property of its part of the
 * API's run body are both derived from it (`yargsOptions`, `runRequestSchema`, `optionValues`).
 */
export interface RunOption {
  readonly type: 'string' | 'boolean';
  /** The flag's help and the property's description. */
  readonly describe: string;
  readonly default?: boolean;
  /** The CLI flag when it is not the property's name (`--since-filed` for `label`). */
  readonly flag?: string;
  /** Only on the command line (where the CLI keeps filed periods; the workspace decides that itself). */
  readonly cliOnly?: true;
  /** Refused when missing, with `invalid` as the message. */
  readonly required?: true;
  readonly pattern?: RegExp;
  /** Why a missing or malformed value is refused and what would do, after the option's name. */
  readonly invalid?: string;
}

export type RunOptionValue = string | boolean;

/** A kind's declared options by property name. */
export type RunOptions = Readonly<Record<string, RunOption>>;

/** A kind's option values as its options declare them (a boolean's or a text's), defaults filled in; absent when not given. */
export type RunOptionValues<Options extends RunOptions = RunOptions> = {
  readonly [Name in keyof Options]?: ValueOf<Options[Name]['type']>;
};

type ValueOf<Type extends RunOption['type']> = Type extends 'boolean' ? boolean : string;

/** The CLI flag of an option. */
export function flagOf(name: string, option: RunOption): string {
  return option.flag ?? name;
}
