import fs from 'node:fs';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';

/** Rows per stringify call: few calls, as a plain csv-stringify writer would make them. */
const batchRows = 2000;

export interface StringifyFigures {
  rows: number;
  /** Only the csv-stringify calls and the file writes; reading our CSV back is not counted. */
  seconds: number;
}

/**
 * csv-stringify alone writing the rows of `csvPath` (header included) to `outPath`: the floor for
 * any CSV writer built on it. Rows are read back in batches so a million of them are never held.
 */
export async function csvStringifyBaseline(csvPath: string, outPath: string): Promise<StringifyFigures> {
  const out = fs.openSync(outPath, 'w');
  let rows = -1;
  let elapsed = 0;
  let batch: string[][] = [];
  const write = (): void => {
    const start = performance.now();
    fs.writeSync(out, stringify(batch));
    elapsed += performance.now() - start;
    rows += batch.length;
    batch = [];
  };
  try {
    for await (const record of fs.createReadStream(csvPath).pipe(parse({ relax_column_count: false }))) {
      batch.push(record as string[]);
      if (batch.length === batchRows) write();
    }
    if (batch.length > 0) write();
  } finally {
    fs.closeSync(out);
  }
  return { rows: Math.max(0, rows), seconds: elapsed / 1000 };
}
