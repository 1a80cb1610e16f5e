import { parseChainId } from '../../config/parseChainId.js';
import { maxAgeSeconds } from '../../config/resolveValuation.js';
import type { AuditAction } from '../AuditAction.js';
import type { AuditEntry, AuditLog } from '../AuditLog.js';
import { entryTarget } from '../AuditLog.js';
import type { Book, BookPrice } from '../WorkspaceData.js';
import type { BookEntry } from './BookEntries.js';
import type { SqlReviewActions } from './SqlReviewActions.js';

/** One change to an entry, as its history lists it: who, when (the audit log's clock), what. */
export interface EntryHistoryEvent {
  at: string;
  user: string | null;
  kind: 'rule' | 'review' | 'note' | 'price';
  action: AuditAction;
  /** The change in a line: `rule 7 added: category own_transfer`, `reviewed (was unreviewed)`. */
  change: string;
}

const BOOK_CHANGES: readonly AuditAction[] = ['rule.added', 'rule.removed', 'price.added', 'price.removed'];

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

/**
 * Every change to the entry, newest first, read from the audit log (the one record of who did what): its own lines
 * (notes, review), the bulk reviews that changed it and their undo, and the book's rule and price changes that reach
 * it — a rule whose match holds for the entry, a manual price of its chain and asset within the book's `maxAge` of its
 * time. A note's text is not repeated: the entry shows its notes as they are, the audit log keeps the old texts.
 */
export async function entryHistory(
  audit: AuditLog,
  actions: SqlReviewActions,
  book: Book,
  entry: BookEntry,
  prices: readonly BookPrice[],
): Promise<EntryHistoryEvent[]> {
  const bulk = await actions.actionsOf(book.id, entry.entryId);
  const own = audit.oldestFirst({ book: book.id, targets: [entryTarget(entry.entryId), ...bulk.map((id) => `review action ${id}`)] });
  const lines: AuditEntry[] = [];
  for await (const line of own) lines.push(line);
  const changes: AuditEntry[] = [];
  for await (const line of audit.oldestFirst({ book: book.id, actions: BOOK_CHANGES })) changes.push(line);
  const known = new Map(prices.map((price) => [price.id, price as unknown as Json]));
  for (const line of changes) if (line.action === 'price.removed') known.set(Number(record(line.before).id), record(line.before));
  const reaches = new EntryReach(book, entry);
  const events = [...lines, ...changes]
    .sort((a, b) => b.id - a.id)
    .flatMap((line): EntryHistoryEvent[] => {
      const change = describe(line, reaches, known);
      return change === undefined ? [] : [{ at: line.at, user: line.user, kind: kindOf(line.action), action: line.action, change }];
    });
  return events;
}

function kindOf(action: AuditAction): EntryHistoryEvent['kind'] {
  if (action.startsWith('rule.')) return 'rule';
  if (action.startsWith('price.')) return 'price';
  if (action.startsWith('note.')) return 'note';
  return 'review';
}

/** The line's change to this entry in words; undefined when it does not reach the entry. */
function describe(line: AuditEntry, reaches: EntryReach, known: ReadonlyMap<number, Json>): string | undefined {
  const [before, after] = [record(line.before), record(line.after)];
  const action = line.target.startsWith('review action ') ? line.target : 'a bulk action';
  switch (line.action) {
    case 'note.added':
    case 'note.edited':
    case 'note.deleted': {
      const id = after.id ?? before.id;
      return `note${id === undefined ? '' : ` ${String(id)}`} ${line.action.slice('note.'.length)}`;
    }
    case 'review.changed':
      return `review ${String(after.status)} (was ${String(before.status)})`;
    case 'review.bulk_changed':
      return `review ${String(after.status)} by ${action}, on a view of ${String(after.changed)} changed entries`;
    case 'review.bulk_undone':
      return `${action} undone: the review it replaced is back`;
    case 'rule.added':
    case 'rule.removed': {
      const rule = line.action === 'rule.added' ? after : before;
      if (!reaches.rule(record(rule.rule))) return undefined;
      return `rule ${String(rule.id)} ${line.action.slice('rule.'.length)}: ${ruleActions(record(rule.rule))}`;
    }
    case 'price.added':
    case 'price.removed': {
      const given =
        line.action === 'price.removed' ? [before] : Array.isArray(after.ids) ? after.ids.map((id) => known.get(Number(id))) : [after];
      const near = given.filter((price): price is Json => price !== undefined && reaches.price(price));
      const [first] = near;
      if (first === undefined) return undefined;
      const more = near.length > 1 ? ` and ${near.length - 1} more near it` : '';
      return `manual price ${String(first.price)} ${String(first.currency)} at ${String(first.time)}${more} ${line.action.slice('price.'.length)}`;
    }
    default:
      return undefined;
  }
}

/** What a stored rule does, in words: `category own_transfer, label Exchange`. */
function ruleActions(rule: Json): string {
  const done = [
    rule.category === undefined ? '' : `category ${String(rule.category)}`,
    rule.label === undefined ? '' : `label ${String(rule.label)}`,
    rule.spam === undefined ? '' : rule.spam === true ? 'spam' : 'not spam',
    rule.ignore === true ? 'ignored' : '',
  ].filter((text) => text !== '');
  const legs = Array.isArray(record(rule.match).entries) ? ` (names ${(record(rule.match).entries as unknown[]).length} legs)` : '';
  return `${done.join(', ')}${legs}`;
}

/** Whether a rule's match or a manual price reaches the entry, from its `ledger.csv` cells. */
class EntryReach {
  private readonly cell: (name: string) => string;
  private readonly maxAge: number;

  constructor(
    book: Book,
    private readonly entry: BookEntry,
  ) {
    this.cell = (name) => (entry.cells[name] ?? '').toLowerCase();
    this.maxAge = maxAgeSeconds(book.data.valuation?.maxAge);
  }

  /** Every criterion the rule gives holds, as the ledger applies it (`ruleMatches`), read from the stored job-file shape. */
  rule(rule: Json): boolean {
    const match = record(rule.match);
    const text = (key: string): string | undefined => (typeof match[key] === 'string' ? (match[key] as string).toLowerCase() : undefined);
    const ids = Array.isArray(match.entries) ? match.entries.map(String) : undefined;
    const checks: [string | undefined, string][] = [
      [text('tx'), this.cell('tx_hash')],
      [text('contract'), this.cell('asset_contract')],
      [text('counterparty'), this.cell('counterparty')],
      [text('method'), this.cell('method')],
    ];
    if (ids !== undefined && !ids.includes(this.entry.entryId)) return false;
    if (match.chain !== undefined && parseChainId(String(match.chain), 'chain', 'web') !== Number(this.cell('chain_id'))) return false;
    return checks.every(([wanted, has]) => wanted === undefined || wanted === has);
  }

  price(price: Json): boolean {
    const asset = this.cell('asset_contract') === '' ? 'native' : this.cell('asset_contract');
    const seconds = Date.parse(String(price.time)) / 1000;
    return (
      Number(price.chainId) === Number(this.cell('chain_id')) &&
      String(price.asset).toLowerCase() === asset &&
      Math.abs(seconds - this.entry.timestamp) <= this.maxAge
    );
  }
}
