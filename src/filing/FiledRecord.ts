import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { JobPeriod } from '../config/Job.js';
import { InputError } from '../errors/LedgerscanError.js';

/** What a closed period keeps beside its files: enough to tell later, byte for byte, what was filed. */
export interface FiledRecord {
  label: string;
  period: JobPeriod & { timezone: string };
  closedAt: string;
  tool: { name: 'ledgerscan'; version: string };
  templates: readonly string[];
  /** Every file of the snapshot but this record, sha256 included. */
  files: { path: string; bytes: number; sha256: string }[];
}

export const FILED_RECORD = 'filed.json';
export const CLOSING_BALANCES = 'closing-balances.csv';

/** A label as `close` names a period: a year, or FROM_TO days. */
export const PERIOD_LABEL = /^[0-9]{4}(-[0-9]{2}-[0-9]{2}_[0-9]{4}-[0-9]{2}-[0-9]{2})?$/;

/** Where filed periods live unless told otherwise: `filed/` beside the state file, so a book's filings travel with its store. */
export function defaultFiledDir(stateFile: string): string {
  return path.join(path.dirname(stateFile), 'filed');
}

/** Every closed period in `filedDir`, oldest label first; a close that died half-way (no record) is no closed period. */
export function closedPeriods(filedDir: string): FiledRecord[] {
  if (!existsSync(filedDir)) return [];
  return readdirSync(filedDir)
    .filter((name) => PERIOD_LABEL.test(name) && existsSync(path.join(filedDir, name, FILED_RECORD)))
    .sort()
    .map((name) => readFiledRecord(filedDir, name));
}

/** `2025` for a calendar year, else `2025-01-01_2025-06-30`: the name a user passes to `diff --since-filed`. */
export function periodLabel(period: Pick<JobPeriod, 'from' | 'to'>): string {
  const year = period.from.slice(0, 4);
  return period.from === `${year}-01-01` && period.to === `${year}-12-31` ? year : `${period.from}_${period.to}`;
}

/** The record of a closed period, or an `InputError` saying how to close it. */
export function readFiledRecord(filedDir: string, label: string): FiledRecord {
  const file = path.join(filedDir, label, FILED_RECORD);
  if (!PERIOD_LABEL.test(label)) {
    throw new InputError(
      `--since-filed "${label.slice(0, 40)}" is not a period label (use a year, e.g. 2025, or FROM_TO as close named it, e.g. 2025-01-01_2025-06-30)`,
    );
  }
  if (!existsSync(file))
    throw new InputError(`period ${label} is not closed (no ${file}); file it first with ledgerscan close, or pass --filed DIR`);
  return JSON.parse(readFileSync(file, 'utf8')) as FiledRecord;
}
