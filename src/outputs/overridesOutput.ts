import { Type } from 'typebox';
import type { LedgerRule } from '../ledger/LedgerRule.js';
import type { Output } from './Output.js';
import { overridesConsumer, type OverridesState } from './overridesConsumer.js';

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

const Rule = Type.Object({
  id: Type.String(),
  reason: Type.Optional(Type.String()),
  author: Type.Optional(Type.String()),
  matched: Type.Number(),
});

const OverridesResult = Type.Object({
  /** Every rule of the job in order, with the entries it changed (0 shows a rule that matched nothing); a book rule's reason and author too. */
  rules: Type.Array(Rule),
  /** `screening.csv` (in the out dir) when the job fetched labels, else `null`. */
  file: Type.Union([Type.String(), Type.Null()]),
  rows: Type.Number(),
});

/**
 * How many entries each user rule changed (read from the `rule:<id>` note, so the count is what the files show)
 * and, when the job fetched labels, `screening.csv` — one row per entry whose counterparty is on a screening list.
 * Inputs for the user's own review, never a verdict.
 */
export const overridesOutput: Output<'overrides', OverridesState, typeof OverridesResult> = {
  ...overridesConsumer,
  needs: {},
  result: OverridesResult,
  merge(states) {
    const matched: Record<string, number> = {};
    for (const state of states) for (const [id, count] of Object.entries(state.matched)) matched[id] = (matched[id] ?? 0) + count;
    // Parts hold other chains, each in ledger order: their rows interleave by time, then chain (a stable sort).
    const rows = states.flatMap((state) => state.rows).sort((a, b) => a.timestamp - b.timestamp || a.chainId - b.chainId);
    return { matched, rows };
  },
  async finish(state, { job, files }) {
    let file: string | null = null;
    if (job.apiLabels) {
      const csv = files.csv(SCREENING_FILE, SCREENING_HEADER);
      for (const row of state.rows) await csv.write(row.record);
      file = SCREENING_FILE;
    }
    return {
      rules: job.rules.map((rule) => ({ id: rule.id, ...signed(rule), matched: state.matched[rule.id] ?? 0 })),
      file,
      rows: state.rows.length,
    };
  },
  manifest: (result) => ({ counts: result.file === null ? {} : { 'rows.screening': result.rows }, sections: { rules: result.rules } }),
};

function signed(rule: LedgerRule): { reason?: string; author?: string } {
  return { ...(rule.reason === undefined ? {} : { reason: rule.reason }), ...(rule.author === undefined ? {} : { author: rule.author }) };
}
