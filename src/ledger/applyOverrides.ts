import type { CounterpartyTag, CounterpartyTags } from './CounterpartyTag.js';
import type { LedgerEntry } from './LedgerEntry.js';
import type { LedgerRule } from './LedgerRule.js';
import { categoryFits } from './accountantCategories.js';
import { RuleIndex } from './RuleIndex.js';
import { ruleMatches } from './ruleMatches.js';

/** What may change an entry after the ledger rules: the API's name tags of one chain, then the user's rules. */
export interface Overrides {
  tags: CounterpartyTags;
  rules: readonly LedgerRule[];
}

/**
 * One chain's entries (in ledger order, a transaction's entries together, as `buildLedger` yields them)
 * with the API's tags and the user's rules applied, as a separate step after categorising so the ledger
 * rules stay as they are. Holds one transaction's entries at a time. With nothing to apply (most exports) the
 * entries themselves: a generator handing each of a million entries on cost a resumption each.
 */
export function applyOverrides(entries: Iterable<LedgerEntry>, overrides: Overrides): Iterable<LedgerEntry> {
  if (overrides.rules.length === 0 && Object.keys(overrides.tags).length === 0) return entries;
  return overridden(entries, overrides);
}

function* overridden(entries: Iterable<LedgerEntry>, overrides: Overrides): Generator<LedgerEntry> {
  let tx: LedgerEntry[] = [];
  for (const entry of entries) {
    const first = tx[0];
    if (first !== undefined && (first.txHash !== entry.txHash || first.blockNumber !== entry.blockNumber)) {
      yield* overrideTransaction(tx, overrides);
      tx = [];
    }
    tx.push(entry);
  }
  if (tx.length > 0) yield* overrideTransaction(tx, overrides);
}

/** The entries of one transaction with tags, then the first rule that changes each entry, applied. */
export function overrideTransaction(tx: readonly LedgerEntry[], overrides: Overrides): LedgerEntry[] {
  const tagged = tagTransaction(tx, overrides.tags);
  if (overrides.rules.length === 0) return tagged;
  const index = indexOf(overrides.rules);
  return tagged.map((entry) => applyFirstRule(entry, index.candidates(entry)));
}

/** One index per rule list, built at its first transaction and kept while the list lives. */
const indexes = new WeakMap<readonly LedgerRule[], RuleIndex>();

function indexOf(rules: readonly LedgerRule[]): RuleIndex {
  let index = indexes.get(rules);
  if (index === undefined) {
    index = new RuleIndex(rules);
    indexes.set(rules, index);
  }
  return index;
}

/**
 * Fills empty counterparty labels and the screening column from the tags. Money moved to or from an
 * exchange or a bridge is a deposit or withdrawal of the same holder, not a disposal: a wallet's `trade`
 * legs in a transaction where one of them has such a counterparty become `transfer`, noted.
 */
function tagTransaction(tx: readonly LedgerEntry[], tags: CounterpartyTags): LedgerEntry[] {
  const custodial = new Set<string>();
  const tagged = tx.map((entry) => {
    const tag = entry.counterparty === '' ? undefined : tags[entry.counterparty];
    if (tag === undefined) return entry;
    const note = custodyNote(entry, tag);
    if (note !== '' && entry.category === 'trade') custodial.add(entry.wallet);
    return withTag(entry, entry.counterpartyLabel === '' ? tag.label : entry.counterpartyLabel, tag.screening, joinNotes(entry.note, note));
  });
  if (custodial.size === 0) return tagged;
  return tagged.map((entry) =>
    entry.category === 'trade' && custodial.has(entry.wallet)
      ? { ...entry, category: 'transfer', note: joinNotes(entry.note, 'not_trade_custodial') }
      : entry,
  );
}

/**
 * The entry with its tag's label, screening and note, as one literal: a spread adding `screening` to the copy cost
 * V8 (Node 20) several times as much, and made a slower object (docs/performance.md, "a spread with properties added").
 * Tags come before the rules, so no entry here is `ignored` yet.
 */
function withTag(entry: LedgerEntry, counterpartyLabel: string, screening: string, note: string): LedgerEntry {
  return {
    entryId: entry.entryId,
    timestamp: entry.timestamp,
    chainId: entry.chainId,
    blockNumber: entry.blockNumber,
    txHash: entry.txHash,
    transactionIndex: entry.transactionIndex,
    order: entry.order,
    wallet: entry.wallet,
    walletLabel: entry.walletLabel,
    direction: entry.direction,
    kind: entry.kind,
    asset: entry.asset,
    assetContract: entry.assetContract,
    tokenId: entry.tokenId,
    amountRaw: entry.amountRaw,
    decimals: entry.decimals,
    amount: entry.amount,
    counterparty: entry.counterparty,
    counterpartyLabel,
    category: entry.category,
    status: entry.status,
    method: entry.method,
    spam: entry.spam,
    note,
    provenance: entry.provenance,
    // Last, where the spread this replaces put it: JSON of an entry keeps its order.
    screening,
  };
}

function custodyNote(entry: LedgerEntry, tag: CounterpartyTag): string {
  const side = entry.direction === 'out' ? 'to' : 'from';
  if (tag.exchange) return `${side}_exchange`;
  if (tag.bridge) return `${side}_bridge`;
  return '';
}

/** The first rule that matches the entry and changes something on it; at most one rule per entry. */
function applyFirstRule(entry: LedgerEntry, rules: readonly LedgerRule[]): LedgerEntry {
  for (const rule of rules) {
    if (!ruleMatches(rule, entry)) continue;
    const changed = applyRule(rule, entry);
    if (changed !== null) return changed;
  }
  return entry;
}

/**
 * `null` when the rule changes nothing on this entry. A fee stays a fee, never spam: on fee entries only
 * `ignore` acts (ignoring a transaction takes its fee out of the tax files too).
 */
function applyRule(rule: LedgerRule, entry: LedgerEntry): LedgerEntry | null {
  const isFee = entry.kind === 'fee';
  const label = rule.label !== null && entry.counterparty !== '';
  const category = rule.category !== null && categoryFits(rule.category, entry);
  const spam = rule.spam !== null && !isFee;
  if (!rule.ignore && !label && !category && !spam) return null;
  const changed: LedgerEntry = { ...entry, note: joinNotes(entry.note, `rule:${rule.id}`) };
  if (rule.ignore) {
    changed.ignored = true;
    changed.note = joinNotes(changed.note, 'ignored');
  }
  if (label) changed.counterpartyLabel = rule.label as string;
  if (category) changed.category = rule.category as LedgerEntry['category'];
  if (spam) changed.spam = rule.spam === true ? 'rule' : '';
  return changed;
}

function joinNotes(note: string, add: string): string {
  if (add === '') return note;
  return note === '' ? add : `${note} ${add}`;
}
