import type { LedgerRule } from '../ledger/LedgerRule.js';
import { type RowChange, rowTxHash } from './diffFile.js';

const RULE_WORD = 'rule:';

/** What a rule does, in a few words: `airdrop`, `spam`, `not spam`, `ignore`, `label "Kraken"`. */
function action(rule: LedgerRule): string {
  if (rule.ignore) return 'ignore';
  if (rule.category !== null) return rule.category;
  if (rule.spam !== null) return rule.spam ? 'spam' : 'not spam';
  return `label "${rule.label ?? ''}"`;
}

function ruleIds(note: string): Set<string> {
  return new Set(
    note
      .split(' ')
      .filter((word) => word.startsWith(RULE_WORD))
      .map((word) => word.slice(RULE_WORD.length)),
  );
}

function describe(id: string, rules: ReadonlyMap<string, LedgerRule>, change: 'added' | 'removed'): string {
  const rule = rules.get(id);
  if (rule === undefined) return `rule ${id} ${change}`;
  const why = rule.reason === undefined ? '' : `: '${rule.reason}'`;
  return `rule ${id} (${action(rule)}${why}) ${change}`;
}

/**
 * The rules that made a ledger row differ from its filed copy, read from the `note` column (`rule:<id>`):
 * `rule 7 (airdrop: 'claimed drop') added` for a rule the row gained, `rule 7 removed` for one it lost.
 */
function ruleChanges(change: RowChange, rules: ReadonlyMap<string, LedgerRule>): string[] {
  const noteField = change.fields.find((field) => field.column === 'note');
  const filed =
    change.change === 'changed' ? (noteField?.filed ?? change.row.note ?? '') : change.change === 'added' ? '' : (change.row.note ?? '');
  const now =
    change.change === 'changed' ? (noteField?.now ?? change.row.note ?? '') : change.change === 'added' ? (change.row.note ?? '') : '';
  const before = ruleIds(filed);
  const after = ruleIds(now);
  return [
    ...[...after].filter((id) => !before.has(id)).map((id) => describe(id, rules, 'added')),
    ...[...before].filter((id) => !after.has(id)).map((id) => describe(id, rules, 'removed')),
  ];
}

/** Per transaction, the rule changes of its ledger rows: the reason of its rows in the other files too. */
export function ruleChangesByTx(ledger: readonly RowChange[], rules: readonly LedgerRule[]): Map<string, string[]> {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const byTx = new Map<string, string[]>();
  for (const change of ledger) {
    const found = ruleChanges(change, byId);
    if (found.length === 0) continue;
    const tx = rowTxHash(change.row);
    byTx.set(tx, [...new Set([...(byTx.get(tx) ?? []), ...found])]);
  }
  return byTx;
}
