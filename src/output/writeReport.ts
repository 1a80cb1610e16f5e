import path from 'node:path';
import { AtomicFile } from './AtomicFile.js';
import { CsvFileWriter } from './CsvFileWriter.js';
import { makeDirectory } from '../makeDirectory.js';

interface CsvReport {
  name: string;
  header: readonly string[];
  rows: Iterable<readonly string[]>;
}

interface JsonReport {
  name: string;
  body: unknown;
}

/**
 * Writes a report's CSV (LF, final newline) and, when given, its JSON twin into `outDir`, each under a temp name
 * renamed only when both are complete, so a cron or a page never reads half a report; a failure leaves neither.
 */
export async function writeReport(outDir: string, csv: CsvReport): Promise<{ csvPath: string }>;
export async function writeReport(outDir: string, csv: CsvReport, json: JsonReport): Promise<{ csvPath: string; jsonPath: string }>;
export async function writeReport(outDir: string, csv: CsvReport, json?: JsonReport): Promise<{ csvPath: string; jsonPath?: string }> {
  makeDirectory(outDir);
  const csvPath = path.join(outDir, csv.name);
  const jsonPath = json === undefined ? null : path.join(outDir, json.name);
  const csvFile = new CsvFileWriter(csvPath, { header: csv.header, lineEnding: 'lf', finalNewline: true });
  const jsonFile = jsonPath === null ? null : new AtomicFile(jsonPath);
  try {
    for (const row of csv.rows) csvFile.writeRow([...row]);
    await jsonFile?.write(`${JSON.stringify(json?.body, null, 2)}\n`);
    await csvFile.commit();
    await jsonFile?.commit();
  } catch (error) {
    await csvFile.abort();
    await jsonFile?.abort();
    throw error;
  }
  return jsonPath === null ? { csvPath } : { csvPath, jsonPath };
}
