import { parse } from 'csv-parse/sync';
import { Decimal } from '../ledger/money.js';
import type { RowChange } from './diffFile.js';
import { currentEntryIds } from './currentEntryIds.js';
import { describeSettingChange, type SettingChange } from './settingChanges.js';

/** One disposal whose realised gain a recalculation changes: what the accountant must amend, and why. */
export interface GainChange {
  entryId: string;
  txHash: string;
  asset: string;
  change: 'added' | 'removed' | 'changed';
  /** Its rows' gains summed as written ('' when one is unknown, or the disposal is not on that side). */
  filed: string;
  now: string;
  reason: string;
}

/** The disposals of `gains.csv` whose gain changed, and the total's change (the known gains' cells summed, each side). */
export interface GainsSinceFiled {
  changes: GainChange[];
  filedTotal: string;
  nowTotal: string;
  /** now − filed. */
  difference: string;
}

/** What the rest of the diff says about a disposal: the ledger's changed rows and the settings that changed. */
export interface GainContext {
  /** `ledger.csv`'s changes (keyed by entry id): the disposed leg's own, and the acquisitions a new lot came from. */
  ledger: readonly RowChange[];
  settings: readonly SettingChange[];
  /** Per transaction, the rules its ledger rows gained or lost. */
  ruleTxs: ReadonlyMap<string, string[]>;
}

interface Disposal {
  txHash: string;
  asset: string;
  gain: Decimal | null;
  proceeds: Decimal | null;
  costBasis: Decimal | null;
  /** Its known rows' gains (what the totals sum, as the manifest's do). */
  known: Decimal;
  lots: string[];
}

/**
 * `gains.csv` filed and recalculated, compared disposal by disposal (its rows summed by `entry_id`): each disposal
 * added, removed or whose gain changed, with the reason as far as the rows, the ledger's changes and the settings
 * tell — a method or other cost-basis setting changed, a rule, the disposal's own price, other lots taken (an
 * acquisition revealed late, or a rule before it) or its lots' cost (a price of the acquisition).
 */
export function gainChanges(filedText: string | null, nowText: string | null, context: GainContext): GainsSinceFiled {
  const filed = disposals(filedText ?? '', true);
  const now = disposals(nowText ?? '', false);
  const changes: GainChange[] = [];
  for (const [entryId, after] of now) {
    const before = filed.get(entryId);
    if (before === undefined) changes.push(change(entryId, 'added', null, after, context));
    else if (!sameMoney(before.gain, after.gain)) changes.push(change(entryId, 'changed', before, after, context));
  }
  for (const [entryId, before] of filed) if (!now.has(entryId)) changes.push(change(entryId, 'removed', before, null, context));
  const total = (side: Map<string, Disposal>): Decimal => [...side.values()].reduce((sum, one) => sum.plus(one.known), new Decimal(0));
  const [filedTotal, nowTotal] = [total(filed), total(now)];
  return { changes, filedTotal: filedTotal.toFixed(2), nowTotal: nowTotal.toFixed(2), difference: nowTotal.minus(filedTotal).toFixed(2) };
}

function change(
  entryId: string,
  kind: GainChange['change'],
  before: Disposal | null,
  after: Disposal | null,
  context: GainContext,
): GainChange {
  const one = (after ?? before) as Disposal;
  return {
    entryId,
    txHash: one.txHash,
    asset: one.asset,
    change: kind,
    filed: money(before?.gain ?? null),
    now: money(after?.gain ?? null),
    reason: reasonOf(entryId, before, after, context),
  };
}

function reasonOf(entryId: string, before: Disposal | null, after: Disposal | null, context: GainContext): string {
  const basis = context.settings.filter((setting) => setting.path.startsWith('costBasis'));
  if (basis.length > 0) return `cost-basis settings changed: ${basis.map(describeSettingChange).join('; ')}`;
  const one = (after ?? before) as Disposal;
  const rules = context.ruleTxs.get(one.txHash);
  if (rules !== undefined) return rules.join('; ');
  const leg = context.ledger.find((row) => row.key === entryId);
  if (before === null)
    return leg?.change === 'added'
      ? 'a disposal the filed run did not have: its transaction is listed now'
      : 'a disposal now (its category changed)';
  if (after === null)
    return leg?.change === 'removed' ? 'its leg is no longer in the ledger' : 'no longer a disposal (its category changed)';
  const columns = leg?.fields.map((field) => field.column) ?? [];
  if (columns.includes('category')) return 'its category changed (a rule or label)';
  if (!sameMoney(before.proceeds, after.proceeds))
    return `a price: its proceeds ${money(before.proceeds) || 'unknown'} → ${money(after.proceeds) || 'unknown'}`;
  const added = new Set(context.ledger.filter((row) => row.change === 'added').map((row) => row.key));
  const lots = after.lots.filter((lot) => !before.lots.includes(lot));
  if (lots.length > 0) {
    const late = lots.filter((lot) => added.has(lot));
    return late.length > 0
      ? `it took lots of a transaction revealed late: ${late.join(', ')}`
      : `it took other lots (${lots.join(', ')}): an acquisition or disposal before it changed`;
  }
  return `a price: its lots' cost ${money(before.costBasis) || 'unknown'} → ${money(after.costBasis) || 'unknown'}`;
}

/** The disposals of one `gains.csv`, by entry id (the filed one's ids as today's rules name them). */
function disposals(text: string, filed: boolean): Map<string, Disposal> {
  const out = new Map<string, Disposal>();
  if (text === '') return out;
  const [header = [], ...records] = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
  for (const record of records) {
    const cells = Object.fromEntries(header.map((column, i) => [column, record[i] ?? '']));
    const row = filed ? currentEntryIds(cells) : cells;
    const id = row.entry_id ?? '';
    let one = out.get(id);
    if (one === undefined) {
      const zero = new Decimal(0);
      one = { txHash: row.tx_hash ?? '', asset: row.asset ?? '', gain: zero, proceeds: zero, costBasis: zero, known: zero, lots: [] };
      out.set(id, one);
    }
    one.gain = add(one.gain, row.gain);
    one.proceeds = add(one.proceeds, row.proceeds);
    one.costBasis = add(one.costBasis, row.cost_basis);
    if (row.gain) one.known = one.known.plus(row.gain);
    if (row.lot_id) one.lots.push(row.lot_id);
  }
  return out;
}

/** A sum that becomes unknown with its first unknown cell. */
const add = (sum: Decimal | null, cell: string | undefined): Decimal | null => (sum === null || !cell ? null : sum.plus(cell));

const sameMoney = (a: Decimal | null, b: Decimal | null): boolean => (a === null || b === null ? a === b : a.eq(b));

const money = (value: Decimal | null): string => (value === null ? '' : value.toFixed(2));
