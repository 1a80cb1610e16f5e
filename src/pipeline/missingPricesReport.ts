import path from 'node:path';
import { CsvFileWriter } from '../output/CsvFileWriter.js';
import type { MissingPrice } from '../prices/missingPrices.js';
import { MISSING_HEADER, missingRecord } from '../prices/missingPrices.js';

export const MISSING_PRICES_FILE = 'prices-missing.csv';

/** `prices-missing.csv`, atomically: each chain and asset some rows have no value for, and why; header only when none. */
export async function writeMissingPrices(outDir: string, missing: readonly MissingPrice[]): Promise<string> {
  const writer = new CsvFileWriter(path.join(outDir, MISSING_PRICES_FILE), {
    header: MISSING_HEADER,
    lineEnding: 'lf',
    finalNewline: true,
  });
  try {
    for (const one of missing) writer.writeRow(missingRecord(one));
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return writer.path;
}
