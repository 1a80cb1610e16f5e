import { writeReport } from '../output/writeReport.js';
import type { FileDiff, RowChange } from '../filing/diffFile.js';
import type { SinceFiled } from '../filing/SinceFiled.js';

export interface DiffReport {
  csvPath: string;
  jsonPath: string;
  summary: string;
  changed: boolean;
}

const HEADER = ['file', 'change', 'key', 'block_number', 'tx_hash', 'columns', 'filed', 'now', 'reason'];
const LISTED = 20;

/** Columns whose change means a rule or label decided differently, not that value moved. */
const RULE_COLUMNS = new Set(['category', 'counterparty_label', 'spam', 'note', 'method', 'screening']);

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** The transaction a row belongs to: the ledger's `tx_hash`, or the hash a tax tool's row carries in its own column. */
export function txOf(change: RowChange): string {
  return change.row.tx_hash ?? Object.values(change.row).find((value) => TX_HASH.test(value))?.toLowerCase() ?? '';
}

/**
 * Why one row changed, as far as the rows can tell. `gainedTxs` are the transactions with a new ledger entry: an
 * entry of such a transaction that changed was recategorised by the new record (a refund makes a transfer a trade).
 */
export function changeReason(change: RowChange, verified: boolean, gainedTxs: ReadonlySet<string>): string {
  if (change.change === 'added') return verified ? 'not in the filed run: the API lists it now' : 'not in the filed run';
  if (change.change === 'removed') return 'in the filed run, not in the recalculation';
  const columns = change.fields.map((field) => field.column).join(', ');
  if (gainedTxs.has(txOf(change))) return `its transaction gained a record the API lists now: ${columns}`;
  return change.fields.every((field) => RULE_COLUMNS.has(field.column)) ? `a rule or label: ${columns}` : `changed: ${columns}`;
}

function gainedTransactions(diff: SinceFiled): Set<string> {
  const ledger = diff.files.find((file) => file.file === 'ledger.csv');
  return new Set(ledger?.changes.filter((change) => change.change === 'added').map(txOf) ?? []);
}

/** Writes `diff.csv` (one row per added, removed or changed row of every filed file) and `diff.json` into `outDir`. */
export async function writeDiffReport(diff: SinceFiled, outDir: string): Promise<DiffReport> {
  const global = diff.reasons.join('; ');
  const gained = gainedTransactions(diff);
  const reasonOf = (change: RowChange): string => changeReason(change, diff.verified, gained);
  const rows = diff.files.flatMap((file) => file.changes.map((change) => [
    file.file, change.change, change.key, change.row.block_number ?? '', txOf(change),
    change.fields.map((field) => field.column).join(' '), change.fields.map((field) => field.filed).join(' | '),
    change.fields.map((field) => field.now).join(' | '), [reasonOf(change), global].filter((text) => text !== '').join('; '),
  ]));
  const body = {
    period: diff.record.label, closedAt: diff.record.closedAt, verified: diff.verified, reasons: diff.reasons,
    files: diff.files.map((file) => ({ ...file, changes: file.changes.map((change) => ({ ...change, txHash: txOf(change), reason: reasonOf(change) })) })),
  };
  const { csvPath, jsonPath } = await writeReport(outDir, { name: 'diff.csv', header: HEADER, rows }, { name: 'diff.json', body });
  const files = [csvPath, jsonPath];
  return { csvPath, jsonPath: jsonPath, summary: summary(diff, reasonOf, files), changed: diff.files.some((file) => file.status !== 'same') };
}

function summary(diff: SinceFiled, reasonOf: (change: RowChange) => string, files: readonly string[]): string {
  const { record } = diff;
  const changed = diff.files.filter((file) => file.status !== 'same');
  const head = `since ${record.label} was filed (closed ${record.closedAt}${diff.verified ? ', the period fetched again from the API' : ''}):`;
  if (changed.length === 0) return `${head} nothing changed in ${diff.files.length} files; the filed figures still stand\nreport: ${files.join(', ')}`;
  const count = (file: FileDiff, kind: RowChange['change']): number => file.changes.filter((change) => change.change === kind).length;
  const ledger = changed.find((file) => file.file === 'ledger.csv');
  return [
    `${head} ${changed.length} of ${diff.files.length} files differ`,
    ...changed.map((file) => `  ${file.file}${file.status === 'changed' ? '' : ` (${file.status})`}: +${count(file, 'added')} −${count(file, 'removed')} ~${count(file, 'changed')}`),
    ...(ledger?.changes.slice(0, LISTED).map((change) => `  ${change.change.toUpperCase()} entry ${change.key} (block ${change.row.block_number ?? '?'}, tx ${txOf(change)}): ${reasonOf(change)}`) ?? []),
    ...(ledger !== undefined && ledger.changes.length > LISTED ? [`  … and ${ledger.changes.length - LISTED} more ledger entries in the report`] : []),
    ...(diff.reasons.length > 0 ? [`reasons for the whole run: ${diff.reasons.join('; ')}`] : []),
    `report: ${files.join(', ')}`,
  ].join('\n');
}
