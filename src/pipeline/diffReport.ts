import { writeReport } from '../output/writeReport.js';
import { REVIEW_FILE } from '../outputs/reviewOutput.js';
import { type FileDiff, type RowChange, rowTxHash } from '../filing/diffFile.js';
import type { SinceFiled } from '../filing/SinceFiled.js';
import { ruleChangesByTx } from '../filing/ruleChanges.js';
import type { GainsSinceFiled } from '../filing/gainChanges.js';
import { GAINS_FILE } from '../outputs/basisRecords.js';

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

/** The transaction a changed row belongs to. */
export function txOf(change: RowChange): string {
  return rowTxHash(change.row);
}

/** What the whole recalculation tells about one row: fetched again, transactions with a new ledger entry, changed settings. */
export interface ReasonContext {
  verified: boolean;
  /** Transactions with a new ledger entry: an entry of such a transaction that changed was recategorised by the new record (a refund makes a transfer a trade). */
  gainedTxs: ReadonlySet<string>;
  /** A job setting that decides figures differs from the filed run's: a row may appear because of it, not because the API lists more. */
  settingsChanged: boolean;
  /** Per transaction, the rules its ledger rows gained or lost (`rule 7 (airdrop: '…') added`). */
  ruleTxs: ReadonlyMap<string, string[]>;
}

/**
 * Why one row changed, as far as the rows can tell. A row is "listed by the API now" only when the period was
 * fetched again, no setting changed, and the row is (or belongs to the transaction of) a new ledger entry.
 */
export function changeReason(change: RowChange, file: string, context: ReasonContext): string {
  // A review is the users' work, not a figure: no rule, record or setting explains it.
  if (file === REVIEW_FILE) {
    if (change.change === 'added') return 'reviewed or noted since filing';
    if (change.change === 'removed') return 'no longer reviewed or noted (or no longer in the period)';
    return `its review changed since filing: ${change.fields.map((field) => field.column).join(', ')}`;
  }
  const byRule = context.ruleTxs.get(txOf(change));
  if (byRule !== undefined) return byRule.join('; ');
  if (change.change === 'added') {
    const fromApi = context.verified && !context.settingsChanged && (file === 'ledger.csv' || context.gainedTxs.has(txOf(change)));
    return fromApi ? 'not in the filed run: the API lists it now' : 'not in the filed run';
  }
  if (change.change === 'removed') return 'in the filed run, not in the recalculation';
  const columns = change.fields.map((field) => field.column).join(', ');
  if (!context.settingsChanged && context.gainedTxs.has(txOf(change)))
    return `its transaction gained a record the API lists now: ${columns}`;
  return change.fields.every((field) => RULE_COLUMNS.has(field.column)) ? `a rule, label or setting: ${columns}` : `changed: ${columns}`;
}

function gainedTransactions(diff: SinceFiled): Set<string> {
  const ledger = diff.files.find((file) => file.file === 'ledger.csv');
  return new Set(ledger?.changes.filter((change) => change.change === 'added').map(txOf) ?? []);
}

/** Writes `diff.csv` (one row per added, removed or changed row of every filed file) and `diff.json` into `outDir`. */
export async function writeDiffReport(diff: SinceFiled, outDir: string): Promise<DiffReport> {
  const global = diff.reasons.join('; ');
  const gained = gainedTransactions(diff);
  const ledger = diff.files.find((file) => file.file === 'ledger.csv')?.changes ?? [];
  const context: ReasonContext = {
    verified: diff.verified,
    gainedTxs: gained,
    settingsChanged: diff.settings.length > 0,
    ruleTxs: ruleChangesByTx(ledger, diff.rules),
  };
  const reasonOf = (change: RowChange, file: string): string => changeReason(change, file, context);
  const rows = diff.files.flatMap((file) =>
    file.file === GAINS_FILE && diff.gains !== undefined
      ? gainRows(diff.gains, global)
      : file.changes.map((change) => [
          file.file,
          change.change,
          change.key,
          change.row.block_number ?? '',
          txOf(change),
          change.fields.map((field) => field.column).join(' '),
          change.fields.map((field) => field.filed).join(' | '),
          change.fields.map((field) => field.now).join(' | '),
          [reasonOf(change, file.file), global].filter((text) => text !== '').join('; '),
        ]),
  );
  const body = {
    period: diff.record.label,
    closedAt: diff.record.closedAt,
    verified: diff.verified,
    reasons: diff.reasons,
    ...(diff.gains === undefined ? {} : { gains: diff.gains }),
    files: diff.files.map((file) => ({
      ...file,
      changes: file.changes.map((change) => ({ ...change, txHash: txOf(change), reason: reasonOf(change, file.file) })),
    })),
  };
  const { csvPath, jsonPath } = await writeReport(outDir, { name: 'diff.csv', header: HEADER, rows }, { name: 'diff.json', body });
  const files = [csvPath, jsonPath];
  return {
    csvPath,
    jsonPath: jsonPath,
    summary: summary(diff, reasonOf, files),
    changed: diff.files.some((file) => file.status !== 'same'),
  };
}

function summary(diff: SinceFiled, reasonOf: (change: RowChange, file: string) => string, files: readonly string[]): string {
  const { record } = diff;
  const changed = diff.files.filter((file) => file.status !== 'same');
  const head = `since ${record.label} was filed (closed ${record.closedAt}${diff.verified ? ', the period fetched again from the API' : ''}):`;
  if (changed.length === 0)
    return `${head} nothing changed in ${diff.files.length} files; the filed figures still stand\nreport: ${files.join(', ')}`;
  const count = (file: FileDiff, kind: RowChange['change']): number => file.changes.filter((change) => change.change === kind).length;
  const ledger = changed.find((file) => file.file === 'ledger.csv');
  return [
    `${head} ${changed.length} of ${diff.files.length} files differ`,
    ...changed.map(
      (file) =>
        `  ${file.file}${file.status === 'changed' ? '' : ` (${file.status})`}: +${count(file, 'added')} −${count(file, 'removed')} ~${count(file, 'changed')}`,
    ),
    ...(ledger?.changes
      .slice(0, LISTED)
      .map(
        (change) =>
          `  ${change.change.toUpperCase()} entry ${change.key} (block ${change.row.block_number ?? '?'}, tx ${txOf(change)}): ${reasonOf(change, 'ledger.csv')}`,
      ) ?? []),
    ...(ledger !== undefined && ledger.changes.length > LISTED
      ? [`  … and ${ledger.changes.length - LISTED} more ledger entries in the report`]
      : []),
    ...(diff.gains === undefined ? [] : gainLines(diff.gains)),
    ...(diff.reasons.length > 0 ? [`reasons for the whole run: ${diff.reasons.join('; ')}`] : []),
    `report: ${files.join(', ')}`,
  ].join('\n');
}

/**
 * `gains.csv`'s lines of `diff.csv`: one per disposal whose gain changed (its rows summed, with why), then the total's
 * change — what the accountant must amend — instead of its rows compared one by one.
 */
function gainRows(gains: GainsSinceFiled, global: string): string[][] {
  const reason = (text: string): string => [text, global].filter((part) => part !== '').join('; ');
  const rows = gains.changes.map((change) => [
    GAINS_FILE,
    change.change,
    change.entryId,
    '',
    change.txHash,
    'gain',
    change.filed,
    change.now,
    reason(change.reason),
  ]);
  if (rows.length === 0 && gains.difference === '0.00') return [];
  return [
    ...rows,
    [
      GAINS_FILE,
      'total',
      'realised gain',
      '',
      '',
      'gain',
      gains.filedTotal,
      gains.nowTotal,
      reason(`amend the realised gain by ${gains.difference}`),
    ],
  ];
}

/** The summary's lines on the gains: the total's change, then the first disposals that changed and why. */
function gainLines(gains: GainsSinceFiled): string[] {
  if (gains.changes.length === 0) return [];
  return [
    `  realised gain: filed ${gains.filedTotal}, now ${gains.nowTotal} (${gains.difference.startsWith('-') ? '' : '+'}${gains.difference}): ${gains.changes.length} disposals to amend`,
    ...gains.changes
      .slice(0, LISTED)
      .map(
        (change) =>
          `  ${change.change.toUpperCase()} disposal ${change.entryId}: gain ${change.filed || '-'} → ${change.now || '-'}: ${change.reason}`,
      ),
    ...(gains.changes.length > LISTED ? [`  … and ${gains.changes.length - LISTED} more disposals in the report`] : []),
  ];
}
