import path from 'node:path';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { LedgerRule } from '../ledger/LedgerRule.js';
import { CsvFileWriter } from '../output/CsvFileWriter.js';

export const SCREENING_FILE = 'screening.csv';

const SCREENING_HEADER = [
  'timestamp',
  'chain_id',
  'tx_hash',
  'wallet',
  'direction',
  'asset',
  'amount',
  'counterparty',
  'counterparty_label',
  'screening',
  'category',
  'note',
  'entry_id',
];

export interface OverrideReport {
  /** Every rule of the job in order, with the entries it changed (0 shows a rule that matched nothing); a book rule's reason and author too. */
  rules: { id: string; reason?: string; author?: string; matched: number }[];
  /** `screening.csv`, when written. */
  screeningFile: string | null;
  screeningRows: number;
}

/**
 * One pass over the exported ledger: how many entries each user rule changed (read from the `rule:<id>`
 * note, so the count is what the files show) and, when the job fetched labels, `screening.csv` — one row
 * per entry whose counterparty is on a screening list. Inputs for the user's own review, never a verdict.
 */
export async function overrideReport(
  entries: Iterable<LedgerEntry>,
  rules: readonly LedgerRule[],
  screeningDir: string | null,
): Promise<OverrideReport> {
  const matched = new Map(rules.map((rule) => [rule.id, 0]));
  const writer =
    screeningDir === null
      ? null
      : new CsvFileWriter(path.join(screeningDir, SCREENING_FILE), { header: SCREENING_HEADER, lineEnding: 'lf', finalNewline: true });
  let screeningRows = 0;
  try {
    for (const entry of entries) {
      if (rules.length > 0) {
        for (const word of entry.note.split(' '))
          if (word.startsWith('rule:')) matched.set(word.slice(5), (matched.get(word.slice(5)) ?? 0) + 1);
      }
      if (writer === null || (entry.screening ?? '') === '') continue;
      screeningRows += 1;
      writer.writeRow([
        new Date(entry.timestamp * 1000).toISOString().replace('.000Z', 'Z'),
        String(entry.chainId),
        entry.txHash,
        entry.wallet,
        entry.direction,
        entry.asset,
        entry.amount,
        entry.counterparty,
        entry.counterpartyLabel,
        entry.screening ?? '',
        entry.category,
        entry.note,
        entry.entryId,
      ]);
      if (writer.full) await writer.flush();
    }
    await writer?.commit();
  } catch (error) {
    await writer?.abort();
    throw error;
  }
  const signed = (rule: LedgerRule): { reason?: string; author?: string } => ({
    ...(rule.reason === undefined ? {} : { reason: rule.reason }),
    ...(rule.author === undefined ? {} : { author: rule.author }),
  });
  return {
    rules: rules.map((rule) => ({ id: rule.id, ...signed(rule), matched: matched.get(rule.id) ?? 0 })),
    screeningFile: writer?.path ?? null,
    screeningRows,
  };
}
