import { parse } from 'csv-parse/sync';
import { currentEntryIds } from './currentEntryIds.js';

/** One row (or line) that a recalculation adds, removes or changes in one file. */
export interface RowChange {
  change: 'added' | 'removed' | 'changed';
  /** The row's key where the file has one (ledger entry id, balance bucket), else its position in the file. */
  key: string;
  /** For `changed`: each column that differs. */
  fields: { column: string; filed: string; now: string }[];
  /** The row as it stands now (`added`, `changed`) or as it was filed (`removed`), by column. */
  row: Record<string, string>;
}

export interface FileDiff {
  file: string;
  status: 'same' | 'changed' | 'added' | 'removed';
  changes: RowChange[];
}

/** Columns that identify a row across runs, per file kind; a file without them is compared row by row. */
const KEYS: readonly (readonly string[])[] = [['entry_id'], ['chain_id', 'wallet', 'asset_kind', 'asset_contract', 'token_id']];

/**
 * What changed in one file between the filed copy and a recalculation (`null` for a file one side lacks).
 * CSV files are compared row by row: by key where a key column exists, so a changed entry shows which
 * fields changed; otherwise as a multiset of rows, an added and a removed row of one transaction paired into a
 * changed one. Other files (journals) are compared line by line.
 * The filed rows are read with today's entry ids (`currentEntryIds`); a file whose rows all match is the same.
 */
export function diffFile(file: string, filed: string | null, now: string | null): FileDiff {
  if (filed === now) return { file, status: 'same', changes: [] };
  const filedTable = table(file, filed ?? '');
  const before = { header: filedTable.header, rows: filedTable.rows.map(currentEntryIds) };
  const after = table(file, now ?? '');
  const header = after.header.length > 0 ? after.header : before.header;
  const key = KEYS.find(
    (columns) =>
      columns.every((column) => header.includes(column) && (before.header.length === 0 || before.header.includes(column))) &&
      identifiesRows(before, columns) &&
      identifiesRows(after, columns),
  );
  const changes = key === undefined ? multisetChanges(before, after) : keyedChanges(before, after, key);
  const status = filed === null ? 'added' : now === null ? 'removed' : changes.length === 0 ? 'same' : 'changed';
  return { file, status, changes };
}

interface Table {
  header: string[];
  rows: Record<string, string>[];
}

function table(file: string, text: string): Table {
  if (text === '') return { header: [], rows: [] };
  if (!file.endsWith('.csv')) {
    return {
      header: ['line'],
      rows: text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => ({ line })),
    };
  }
  const [header = [], ...records] = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
  return { header, rows: records.map((record) => Object.fromEntries(header.map((column, i) => [column, record[i] ?? '']))) };
}

function keyOf(row: Record<string, string>, key: readonly string[]): string {
  return key.map((column) => row[column] ?? '').join(' ');
}

/** A key names one row only where no two rows share it (the journal CSV has one row per posting of an entry). */
function identifiesRows(table: Table, key: readonly string[]): boolean {
  return new Set(table.rows.map((row) => keyOf(row, key))).size === table.rows.length;
}

function keyedChanges(before: Table, after: Table, key: readonly string[]): RowChange[] {
  const filed = new Map(before.rows.map((row) => [keyOf(row, key), row]));
  const changes: RowChange[] = [];
  for (const row of after.rows) {
    const id = keyOf(row, key);
    const old = filed.get(id);
    filed.delete(id);
    if (old === undefined) {
      changes.push({ change: 'added', key: id, fields: [], row });
      continue;
    }
    const fields = differingFields(old, row);
    if (fields.length > 0) changes.push({ change: 'changed', key: id, fields, row });
  }
  for (const [id, row] of filed) changes.push({ change: 'removed', key: id, fields: [], row });
  return changes;
}

function multisetChanges(before: Table, after: Table): RowChange[] {
  const text = (row: Record<string, string>): string => JSON.stringify(Object.values(row));
  const filed = new Map<string, number>();
  for (const row of before.rows) filed.set(text(row), (filed.get(text(row)) ?? 0) + 1);
  const added: RowChange[] = [];
  after.rows.forEach((row, index) => {
    const count = filed.get(text(row)) ?? 0;
    if (count > 0) filed.set(text(row), count - 1);
    else added.push({ change: 'added', key: `row ${index + 1}`, fields: [], row });
  });
  const removed: RowChange[] = [];
  before.rows.forEach((row, index) => {
    const count = filed.get(text(row)) ?? 0;
    if (count === 0) return;
    filed.set(text(row), count - 1);
    removed.push({ change: 'removed', key: `row ${index + 1}`, fields: [], row });
  });
  return [...pairByTransaction(added, removed), ...removed];
}

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** The transaction a row belongs to: its `tx_hash`, or the hash a tax tool's row carries in a column of its own ('' for none). */
export function rowTxHash(row: Readonly<Record<string, string>>): string {
  return (
    row.tx_hash ??
    Object.values(row)
      .find((value) => TX_HASH.test(value))
      ?.toLowerCase() ??
    ''
  );
}

function differingFields(old: Record<string, string>, row: Record<string, string>): RowChange['fields'] {
  return Object.keys(row)
    .filter((column) => row[column] !== old[column])
    .map((column) => ({ column, filed: old[column] ?? '', now: row[column] ?? '' }));
}

/**
 * In a file without a key, a row that only changed some columns would read as one removed and one added: each added
 * row is paired with the removed row of the same transaction that differs in the fewest columns, and becomes one
 * changed row. Paired removed rows are taken out of `removed`; the rest stay added or removed.
 */
function pairByTransaction(added: readonly RowChange[], removed: RowChange[]): RowChange[] {
  return added.map((change) => {
    const tx = rowTxHash(change.row);
    if (tx === '') return change;
    let best: { index: number; fields: RowChange['fields'] } | undefined;
    removed.forEach((candidate, index) => {
      if (rowTxHash(candidate.row) !== tx) return;
      const fields = differingFields(candidate.row, change.row);
      if (best === undefined || fields.length < best.fields.length) best = { index, fields };
    });
    if (best === undefined) return change;
    removed.splice(best.index, 1);
    return { ...change, change: 'changed', fields: best.fields };
  });
}
