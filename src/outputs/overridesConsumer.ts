import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { OutputConsumerSource } from './Output.js';

/** A part's screening rows (with where they sort) and how many entries each rule changed. */
export interface OverridesState {
  matched: Record<string, number>;
  rows: { timestamp: number; chainId: number; record: string[] }[];
}

/**
 * What `overridesOutput` gathers as the ledger passes: each rule's count from the `rule:<id>` notes, and the screening
 * rows when the job fetched labels. Apart from the output, so a part's thread loads no result schema.
 */
export const overridesConsumer: OutputConsumerSource<'overrides', OverridesState> = {
  name: 'overrides',
  module: import.meta.url,
  consumer(job) {
    const state: OverridesState = { matched: {}, rows: [] };
    const counting = job.rules.length > 0;
    return {
      add(entry) {
        if (counting) {
          for (const word of entry.note.split(' '))
            if (word.startsWith('rule:')) state.matched[word.slice(5)] = (state.matched[word.slice(5)] ?? 0) + 1;
        }
        if (job.apiLabels && (entry.screening ?? '') !== '')
          state.rows.push({ timestamp: entry.timestamp, chainId: entry.chainId, record: screeningRecord(entry) });
      },
      state: () => state,
    };
  },
};

/** A row of `screening.csv` (`SCREENING_HEADER`'s columns). */
function screeningRecord(entry: LedgerEntry): string[] {
  return [
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
  ];
}
