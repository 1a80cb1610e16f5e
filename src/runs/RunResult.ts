import { Type, type Static, type TSchema } from 'typebox';

/**
 * Where a run keeps a result: its summary or its request (the part the schema names), one of its listed files, or a
 * file in its run folder that it does not deliver.
 */
export type ResultPlace =
  | { readonly in: 'summary' }
  | { readonly in: 'request' }
  | { readonly in: 'file'; readonly file: string; readonly format: 'json' | 'csv' }
  | { readonly in: 'runDir'; readonly file: string };

/**
 * Something the runs of some kinds carry for the pages (a reconcile report, a table, the period a close filed),
 * declared once with its schema: a kind lists what it carries (`RunKind.results`), and the server reads a result
 * only through `runFact`/`readRunResult`, checked against the schema, never by kind or file name.
 */
export interface RunResult<S extends TSchema = TSchema> {
  /** What it is, for the line logged when a run's is unreadable. */
  readonly name: string;
  readonly place: ResultPlace;
  readonly schema: S;
}

/** A listed CSV as a page shows it: its header and rows, every cell text. */
export const RunTableSchema = Type.Object({ header: Type.Array(Type.String()), rows: Type.Array(Type.Array(Type.String())) });
export type RunTable = Static<typeof RunTableSchema>;

/** A result kept in one of the run's listed files. */
export type FileResult<S extends TSchema = TSchema> = RunResult<S> & { readonly place: Extract<ResultPlace, { in: 'file' }> };

export function jsonFileResult<S extends TSchema>(name: string, file: string, schema: S): FileResult<S> {
  return { name, place: { in: 'file', file, format: 'json' }, schema };
}

export function csvFileResult(name: string, file: string): FileResult<typeof RunTableSchema> {
  return { name, place: { in: 'file', file, format: 'csv' }, schema: RunTableSchema };
}
