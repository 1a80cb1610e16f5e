import type { BookRule } from './WorkspaceData.js';

/**
 * A book rule as the job file writes it (docs/ledger-rules.md, "User rules"): its id is the stored number, so
 * entries say `rule:7` and the manifest lists rule 7 with its reason and author.
 */
export function bookRuleJob(rule: BookRule): Record<string, unknown> {
  return { id: String(rule.id), ...rule.rule, reason: rule.reason, author: rule.author, created: rule.created };
}
