/** A raw setting and the name the user knows it by (`--from` or `period.from`), for messages. */
export interface Sourced {
  readonly value: unknown;
  readonly field: string;
  /** Where a relative path in this value starts: the working directory for flags, the job file's folder for the file. */
  readonly dir: string;
}
