import { findChain } from '../chains/chains.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { formatUnits } from '../ledger/money.js';
import type { AmountFormatter } from './AmountFormatter.js';
import type { AssetNamer } from './AssetNamer.js';
import { DateFormatter } from './DateFormatter.js';
import type { Posting } from './Posting.js';
import type { Template } from './Template.js';
import type { BalanceMark, Leg, ViewRow } from './ViewRow.js';
import { balanceText } from './balanceRow.js';
import type { RowPrices } from '../prices/valueLeg.js';
import { valueCells } from './valueCells.js';
import { RowValuer } from './RowValuer.js';

export type RowCells = (row: ViewRow, posting: Posting | null) => string[];
export type Cell = (row: ViewRow, posting: Posting | null) => string;

export interface CellTools {
  amounts: AmountFormatter;
  names: AssetNamer;
  /** The prepared prices of a valued export; absent or `null`: every value cell stays empty. */
  prices?: RowPrices | null;
  /** The valuer of the rows, when the caller tallies values too (one valuation per leg); else made from `prices`. */
  valuer?: RowValuer | null;
}

/** The tools' row valuer, or one over their prices; `null` for an export without values. */
export function rowValuer(tools: CellTools): RowValuer | null {
  return tools.valuer ?? ((tools.prices ?? null) === null ? null : new RowValuer(tools.prices as RowPrices));
}

/** Turns the template's column list into one function per column, resolved once, not per row. */
export function compileRow(template: Template, tools: CellTools): RowCells {
  const cells = compileCells(template, tools);
  const count = cells.length;
  return (row, posting) => {
    const out = new Array<string>(count);
    for (let i = 0; i < count; i += 1) out[i] = (cells[i] as Cell)(row, posting);
    return out;
  };
}

/**
 * One function per column of the template. `balanceRows` false: the rows are movements only (a template without
 * balances), so an `entry.*` cell reads its entry without asking first whether the row is a balance.
 */
export function compileCells(template: Template, tools: CellTools, balanceRows = true): Cell[] {
  // One table for every column (and so one row valuer: a row's legs valued once however many value cells it has);
  // a table a column cost a transactions-table refresh 4–5 ms of its compile, on every warm run.
  const table = fieldTable(template, tools);
  return template.columns.map((column): Cell => {
    if (column.field === null) {
      const constant = column.constant;
      return () => constant;
    }
    if (column.field === 'date') {
      const dates = new DateFormatter(column.dateFormat ?? template.date.format, template.date.zone);
      return (row) => dates.format(row.timestamp);
    }
    return fieldCell(column.field, table, balanceRows);
  });
}

/** Every field's cell over the template and its tools, by field name. */
function fieldTable(template: Template, tools: CellTools): Record<string, Cell> {
  const { amounts, names } = tools;
  const amount = (leg: Leg | null, sign = ''): string =>
    leg === null ? '' : sign + amounts.format(leg.amountRaw, leg.decimals, names.name(leg));
  const currency = (leg: Leg | null): string => (leg === null ? '' : names.name(leg));
  const base = (row: ViewRow): Leg | null => row.sent ?? row.received ?? (row.fee === null ? null : { ...row.fee, amountRaw: 0n });
  const quote = (row: ViewRow): Leg | null => (row.sent === null ? null : row.received);
  const entry = (row: ViewRow): LedgerEntry => row.entry as LedgerEntry;
  const postingOf = (posting: Posting | null): Posting => posting as Posting;
  const postingAmount = (posting: Posting, raw: bigint): string =>
    posting.decimals === null ? raw.toString() : formatUnits(raw, posting.decimals);
  const isoSeconds = new DateFormatter("yyyy-MM-dd'T'HH:mm:ss'Z'", 'UTC');
  return {
    ...valueCells(rowValuer(tools)),
    // A bank statement in the book's currency still says how much of the token moved.
    'memo.quantity': (row) => {
      const leg = row.sent ?? row.received ?? row.fee;
      const text = memo(template, names, row);
      return leg === null ? text : `${text}; ${amount(leg)} ${currency(leg)}`;
    },
    txHash: (row) => row.txHash,
    wallet: (row) => row.wallet,
    walletLabel: (row) => row.walletLabel,
    chain: (row) => findChain(row.chainId)?.name ?? String(row.chainId),
    chainSlug: (row) => findChain(row.chainId)?.slug ?? String(row.chainId),
    chainId: (row) => String(row.chainId),
    blockNumber: (row) => String(row.blockNumber),
    counterparty: (row) => row.counterparty,
    counterpartyLabel: (row) => row.counterpartyLabel,
    method: (row) => row.method,
    counterpartyName: (row) => row.counterpartyLabel || row.counterparty,
    label: (row) => vocabularyLookup(template, template.labels, row),
    type: (row) => vocabularyLookup(template, template.types, row),
    memo: (row) => memo(template, names, row),
    from: (row) => (row.shape === 'in' ? row.counterpartyLabel || row.counterparty : row.walletLabel),
    to: (row) =>
      row.shape === 'in' || row.shape === 'exchange'
        ? row.walletLabel
        : row.shape === 'out'
          ? row.counterpartyLabel || row.counterparty
          : '',
    'sent.wallet': (row) => (row.sent === null ? '' : row.walletLabel),
    'received.wallet': (row) => (row.received === null ? '' : row.walletLabel),
    description: (row) => describe(template, names, row),
    rowId: (row) => row.rowId,
    'sent.amount': (row) => amount(row.sent),
    'sent.currency': (row) => currency(row.sent),
    'received.amount': (row) => amount(row.received),
    'received.currency': (row) => currency(row.received),
    'fee.amount': (row) => amount(row.fee),
    'fee.currency': (row) => currency(row.fee),
    'base.amount': (row) => amount(base(row)),
    'base.currency': (row) => currency(base(row)),
    'quote.amount': (row) => amount(quote(row)),
    'quote.currency': (row) => currency(quote(row)),
    'amount.signed': (row) => (row.sent === null ? amount(row.received) : amount(row.sent, '-')),
    currency: (row) => currency(row.sent ?? row.received ?? row.fee),
    'pool.currency': (row) => currency(row.pool),
    'entry.timestamp': (row) => isoSeconds.format(entry(row).timestamp),
    'entry.chain_id': (row) => String(entry(row).chainId),
    'entry.block_number': (row) => String(entry(row).blockNumber),
    'entry.tx_hash': (row) => entry(row).txHash,
    'entry.wallet': (row) => entry(row).wallet,
    'entry.direction': (row) => entry(row).direction,
    'entry.kind': (row) => entry(row).kind,
    'entry.asset': (row) => entry(row).asset,
    'entry.asset_contract': (row) => entry(row).assetContract,
    'entry.token_id': (row) => entry(row).tokenId,
    'entry.amount': (row) => entry(row).amount,
    'entry.amount_raw': (row) => entry(row).amountRaw.toString(),
    'entry.decimals': (row) => (entry(row).decimals === null ? '' : String(entry(row).decimals)),
    'entry.counterparty': (row) => entry(row).counterparty,
    'entry.category': (row) => entry(row).category,
    'entry.status': (row) => entry(row).status,
    'entry.entry_id': (row) => entry(row).entryId,
    'entry.chain': (row) => findChain(entry(row).chainId)?.slug ?? String(entry(row).chainId),
    'entry.wallet_label': (row) => entry(row).walletLabel,
    'entry.counterparty_label': (row) => entry(row).counterpartyLabel,
    'entry.method': (row) => entry(row).method,
    'entry.spam': (row) => entry(row).spam,
    'entry.screening': (row) => entry(row).screening ?? '',
    'entry.note': (row) => entry(row).note,
    'posting.txn': (_row, posting) => String(postingOf(posting).txn),
    'posting.account': (_row, posting) => postingOf(posting).account,
    'posting.amount': (_row, posting) => postingAmount(postingOf(posting), postingOf(posting).amountRaw),
    'posting.commodity': (_row, posting) => postingOf(posting).commodity,
    'posting.debit': (_row, posting) =>
      postingOf(posting).amountRaw > 0n ? postingAmount(postingOf(posting), postingOf(posting).amountRaw) : '',
    'posting.credit': (_row, posting) =>
      postingOf(posting).amountRaw < 0n ? postingAmount(postingOf(posting), -postingOf(posting).amountRaw) : '',
  };
}

function fieldCell(field: string, table: Record<string, Cell>, balanceRows: boolean): Cell {
  const cell = table[field];
  if (cell === undefined) throw new Error(`field ${field} passed validation but has no cell`);
  if (!balanceRows || !field.startsWith('entry.')) return cell;
  // A balance row has no ledger entry: it names its kind and block, the rest stays blank.
  const balanceCell = (mark: BalanceMark): string =>
    field === 'entry.category' ? `${mark.kind}_balance` : field === 'entry.block_number' ? String(mark.block) : '';
  return (row, posting) => (row.balance === null ? cell(row, posting) : balanceCell(row.balance));
}

/** `<category>.<shape>`, `<category>`, `<shape>`, `*`; spam rows take the `spam` entry when the template labels spam. */
export function vocabularyLookup(template: Template, words: Readonly<Record<string, string>>, row: ViewRow): string {
  if (row.spam !== '' && template.spam === 'label' && words.spam !== undefined) return words.spam;
  return words[`${row.category}.${row.shape}`] ?? words[row.category] ?? words[row.shape] ?? words['*'] ?? '';
}

/**
 * A one-line memo for files without a hash column (bank statements, TokenTax): what, with whom, which tx.
 * A row of one ledger entry also names the entry: two equal transfers in one transaction are two lines an
 * importer must not merge as duplicates, and the id leads the accountant back to the ledger row.
 */
function memo(template: Template, names: AssetNamer, row: ViewRow): string {
  if (row.balance !== null) return describe(template, names, row);
  const who = row.counterpartyLabel || row.counterparty;
  const entry = row.entry === null ? '' : ` entry ${row.entry.entryId}`;
  const head = `${row.category.replace('_', ' ')}${who === '' ? '' : ` ${row.shape === 'in' ? 'from' : 'to'} ${who}`} tx ${row.txHash}${entry}`;
  const detail = describe(template, names, row);
  return detail === '' ? head : `${head}; ${detail}`;
}

/** Says in words what the numbers alone cannot: failed, spam, placeholders, raw amounts, own transfers. */
export function describe(template: Template, names: AssetNamer, row: ViewRow): string {
  const parts: string[] = [];
  if (row.balance !== null) parts.push(balanceText(row.balance));
  if (row.failed) parts.push('failed transaction: only the network fee was paid');
  else if (row.shape === 'fee' && row.entry === null) parts.push('network fee');
  if (row.category === 'own_transfer') parts.push('transfer between own wallets');
  else if (row.category === 'bridge') parts.push('move between chains through a canonical bridge');
  if (row.spam !== '') parts.push(`spam: ${row.spam}`);
  for (const leg of [row.sent, row.received, row.fee]) {
    if (leg === null) continue;
    const explained = names.explain(leg);
    if (explained !== '') parts.push(explained);
    if (leg.decimals === null) parts.push(`${names.name(leg)}: raw amount in base units, token decimals unknown`);
  }
  if (row.fee !== null && template.fee.placement === 'inside' && row.sent !== null && row.sent.assetContract === '') {
    parts.push('sent amount includes the network fee');
  }
  return parts.join('; ');
}
