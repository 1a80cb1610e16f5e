import { CsvError, parse } from 'csv-parse/sync';

/** One record of a CSV file: its cells, the line it starts on and the column each cell starts at. */
export interface CsvLine {
  cells: string[];
  lineNo: number;
  columns: number[];
}

/**
 * The records of a CSV file the user wrote (the price file, the opening lots). Spreadsheets quote every cell, and
 * quote a cell holding a comma: the file is read as RFC 4180 says, a BOM dropped. A line that is no CSV becomes
 * `refuse`'s error, given the line and the problem.
 */
export function csvLines(text: string, refuse: (line: number, problem: string, cause: unknown) => Error): CsvLine[] {
  try {
    // csv-parse's types do not follow its `raw` and `info` options, which wrap each record.
    const options = { relax_column_count: true, raw: true, info: true };
    const records = parse(text.replace(/^\uFEFF/, ''), options) as unknown as CsvRecord[];
    return records.map(({ record, raw, info }) => ({
      cells: record,
      lineNo: info.lines - (raw.replace(/\r?\n$/, '').match(/\n/g)?.length ?? 0),
      columns: cellColumns(raw),
    }));
  } catch (cause) {
    if (!(cause instanceof CsvError)) throw cause;
    throw refuse(Number(cause.lines ?? 1), `not a CSV line: ${CSV_PROBLEMS[cause.code] ?? cause.message}`, cause);
  }
}

interface CsvRecord {
  record: string[];
  raw: string;
  info: { lines: number };
}

const CSV_PROBLEMS: Readonly<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quote is not closed (a cell that starts with " ends with ")',
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted cell (quote the whole cell and double the quote: "a""b")',
  CSV_INVALID_CLOSING_QUOTE: 'text after a closing quote (a quote inside a quoted cell is doubled: "a""b")',
};

/** The 1-based column each cell of a record's raw text starts at (a quoted cell runs to its closing quote). */
function cellColumns(raw: string): number[] {
  const columns: number[] = [];
  let at = 0;
  for (;;) {
    columns.push(at + 1);
    if (raw[at] === '"') at = closingQuote(raw, at + 1) + 1;
    const comma = raw.indexOf(',', at);
    if (comma < 0) return columns;
    at = comma + 1;
  }
}

/** Where the quoted cell whose text starts at `from` ends: the first quote not doubled. */
function closingQuote(raw: string, from: number): number {
  let at = from;
  while (at < raw.length && !(raw[at] === '"' && raw[at + 1] !== '"')) at += raw[at] === '"' ? 2 : 1;
  return at;
}
