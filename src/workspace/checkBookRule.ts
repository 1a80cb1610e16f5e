import { type Static, Type } from 'typebox';
import { Problems } from '../config/Problems.js';
import { resolveRule } from '../config/resolveRules.js';
import { InputError } from '../errors/LedgerscanError.js';
import { cleanText } from './cleanText.js';
import { categoryDirection, categoryFits } from '../ledger/accountantCategories.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { LedgerRule } from '../ledger/LedgerRule.js';
import { ruleMatches } from '../ledger/ruleMatches.js';
import { checkTransferLegs } from './checkTransferLegs.js';

/** The id a rule is tried under before it is stored: no stored rule has it (theirs are numbers). */
export const CANDIDATE_ID = 'candidate';

/** A rule as `POST /api/books/:id/rules` takes it, checked: the job file's shape to store, its reason, and the rule resolved. */
export interface GivenRule {
  rule: Record<string, unknown>;
  reason: string;
  resolved: LedgerRule;
}

/**
 * The body of `POST /api/books/:id/rules`, declared once (the route validates with it, `parseBookRule` takes the
 * typed value): an object with a text `reason`; the rule's own fields are the job file's, which `resolveRule`
 * checks with every problem at once in the job file's words, something a first-error schema could not give.
 */
export const ruleBody = Type.Intersect([Type.Object({ reason: Type.String() }), Type.Record(Type.String(), Type.Unknown())]);

export type RuleBody = Static<typeof ruleBody>;

const SET_BY_WORKSPACE = ['id', 'author', 'created'];

/**
 * Checks a rule as the job file's rules are checked (`resolveRule`: every problem at once, each naming its
 * field), plus the reason every book rule needs; its texts trimmed and checked by `cleanText`. `id`, `author` and
 * `created` are the workspace's to set.
 */
export function parseBookRule(given: RuleBody, chains: readonly number[]): GivenRule {
  // The text rule of notes and books: a reason reaches the manifest and the audit CSV as it is stored.
  const input = cleanText(given, '') as RuleBody;
  const problems = new Problems('web');
  const { reason, ...rule } = input;
  for (const key of SET_BY_WORKSPACE) if (key in rule) problems.add(`${key} is set by the workspace (leave it out)`);
  if (reason.trim() === '' || reason.length > 500)
    problems.add('reason must say why, in at most 500 characters (the manifest and the since-filed report repeat it)');
  const resolved = resolveRule({ value: { ...rule, id: CANDIDATE_ID }, field: 'rule', dir: '.' }, 0, chains, problems);
  // The first problem's field (`rule.match.tx …` → match), so the page shows the message beside its control.
  problems.throwIfAny('rule', { field: /^rule has \d+ problems?: (?:rule\.)?([A-Za-z]+)/.exec(problems.message('rule'))?.[1] ?? 'rule' });
  return { rule, reason, resolved: resolved as LedgerRule };
}

/**
 * Watches the book's ledger go by with the rule applied last (as `CANDIDATE_ID`), in the same pass that fills the
 * transactions table: counts the entries it changes, and `verdict` refuses a category of one direction on a leg
 * of the other (an airdrop never leaves the wallet), and an own transfer whose legs cannot be one (`checkTransferLegs`).
 */
export class RuleCheck {
  /** The note an entry the candidate changed carries. */
  static readonly NOTE = `rule:${CANDIDATE_ID}`;
  private changed = 0;
  private readonly wrong: LedgerEntry[] = [];
  private readonly legs: LedgerEntry[] = [];

  constructor(readonly rule: LedgerRule) {}

  /** Whether the candidate changed this entry. */
  see(entry: LedgerEntry): boolean {
    const changed = entry.note.split(' ').includes(RuleCheck.NOTE);
    if (changed) this.changed += 1;
    if (!ruleMatches(this.rule, entry) || entry.kind === 'fee') return changed;
    this.legs.push(entry);
    if (this.rule.category !== null && !categoryFits(this.rule.category, entry)) this.wrong.push(entry);
    return changed;
  }

  /** After the last entry: the number of entries changed and what is unusual about them, or the refusal. */
  verdict(): { matched: number; warnings: string[] } {
    const { rule, wrong, legs } = this;
    if (rule.category !== null && wrong.length > 0) {
      const wants = categoryDirection(rule.category) === 'in' ? 'incoming' : 'outgoing';
      const first = wrong[0] as LedgerEntry;
      throw new InputError(
        `category ${rule.category} is for ${wants} legs, and the rule matches ${wrong.length} ${first.direction === 'in' ? 'incoming' : 'outgoing'} (entry ${first.entryId}, tx ${first.txHash})`,
        {
          details: {
            field: 'category',
            fix: 'narrow the match to the right legs ("entries": ["x…"]) or pick a category of that direction',
          },
        },
      );
    }
    const warnings =
      rule.category === 'own_transfer' && rule.match.entries !== undefined && legs.length > 0
        ? checkTransferLegs(rule.match.entries, legs)
        : [];
    return { matched: this.changed, warnings };
  }
}
