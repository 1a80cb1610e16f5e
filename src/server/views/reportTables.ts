import { html } from '../html.js';
import type { Html } from '../html.js';
import { amountText, assetLabel, unitOf } from './assetLabel.js';
import type { AssetColumns } from './assetLabel.js';
import { Decimal } from '../../ledger/money.js';
import { foldNftCollections } from '../../holdings/foldNftCollections.js';
import { isNftKind, sumRaw, tokenIdList } from './nftCollections.js';
import { holderCell, shortened } from './shortened.js';

/** A CSV a run wrote (balances.csv, tieout.csv, diff.csv), read by the pages. */
export type RunTable = { header: readonly string[]; rows: readonly (readonly string[])[] };

/** The cells of one CSV row by column name ('' for a column the file lacks). */
const cellsOf =
  (table: RunTable) =>
  (row: readonly string[]) =>
  (column: string): string =>
    row[table.header.indexOf(column)] ?? '';

function assetOf(cell: (column: string) => string): AssetColumns & { decimals: number | null } {
  const contract = cell('asset_contract');
  const decimals = cell('decimals');
  return {
    assetKind: cell('asset_kind') || (contract === '' ? 'native' : 'erc20'),
    asset: cell('asset'),
    assetContract: contract,
    tokenId: cell('token_id'),
    spam: cell('spam'),
    decimals: decimals === '' ? null : Number(decimals),
  };
}

/** balances.csv: each holding in its units with its symbol, the chain's figure and the verdict; spam in a table of its own. */
export function balancesTable(table: RunTable): Html {
  const rows = table.rows.map(cellsOf(table));
  // A valued statement (balances.csv with `value`) shows each balance's value and why one is missing.
  const valued = table.header.includes('value');
  const render = (list: typeof rows): Html =>
    html`<div class="wide"><table class="balances"><thead><tr><th>Chain · wallet</th><th>Asset</th><th>Balance</th>${valued ? html`<th>Value</th>` : ''}<th>On-chain</th><th>Difference</th><th>Status</th></tr></thead><tbody>
${foldNftCollections<Cell, FoldedCells>(list, collectionOf, foldCells, (cell) => ({ cell, ids: undefined })).map(({ cell, ids }) => {
  const asset = assetOf(cell);
  const amount = (column: string): string => amountText(cell(`${column}_raw`), asset.decimals, unitOf(asset));
  const value = cell('value') === '' ? html`<small>${cell('value_state')}</small>` : html`${cell('value')} ${cell('price_currency')}`;
  return html`<tr class="${cell('status') === 'differs' ? 'differs' : ''}">${holderCell(cell('chain'), cell('wallet'), cell('wallet_label'))}<td class="asset-label">${assetLabel(asset)}${ids === undefined ? '' : tokenIdList(ids)}</td>
<td class="num">${amount('balance')}</td>${valued ? html`<td class="num">${value}</td>` : ''}<td class="num">${amount('chain_balance')}</td><td class="num">${amount('difference')}</td><td>${cell('status')}${cell('note') === '' ? '' : html`<br><small>${cell('note')}</small>`}</td></tr>`;
})}
</tbody></table></div>`;
  const spam = rows.filter((cell) => cell('spam') !== '');
  return html`${render(rows.filter((cell) => cell('spam') === ''))}
${spam.length === 0 ? '' : html`<details class="spam"><summary>Spam (${spam.length}, not counted)</summary>${render(spam)}</details>`}`;
}

type Cell = (column: string) => string;
type FoldedCells = { cell: Cell; ids: readonly string[] | undefined };

/** An NFT row's collection: its holder and contract (spam folded apart). */
const collectionOf = (cell: Cell): string | null =>
  isNftKind(assetOf(cell).assetKind) ? [cell('chain'), cell('wallet'), cell('asset_contract'), cell('spam')].join('|') : null;

/** A collection's balance rows as one: counts summed, a value only when every id has one, differing when any differs. */
function foldCells(group: readonly Cell[]): FoldedCells {
  const first = group[0] as Cell;
  const values = group.map((cell) => cell('value'));
  const value = values.some((one) => one === '') ? '' : values.reduce((total, one) => total.plus(one), new Decimal(0)).toString();
  const summed: Record<string, string> = {
    balance_raw: sumRaw(group.map((cell) => cell('balance_raw'))),
    chain_balance_raw: sumRaw(group.map((cell) => cell('chain_balance_raw'))),
    difference_raw: sumRaw(group.map((cell) => cell('difference_raw'))),
    token_id: '',
    value,
    value_state: value === '' ? [...new Set(group.map((cell) => cell('value_state')).filter((state) => state !== ''))].join(', ') : '',
    status: group.some((cell) => cell('status') === 'differs') ? 'differs' : first('status'),
    note: [...new Set(group.map((cell) => cell('note')).filter((note) => note !== ''))].join('; '),
  };
  return { cell: (column) => summed[column] ?? first(column), ids: group.map((cell) => cell('token_id')) };
}

/** tieout.csv lines: template, holding, why, rows, and the amounts in the asset's units (base units stay in the file). */
export function tieoutTable(table: RunTable): Html {
  return html`<div class="wide"><table class="tieout"><thead><tr><th>Template</th><th>Chain · wallet</th><th>Asset</th><th>Line</th><th>Reason</th><th>Rows</th><th>In</th><th>Out</th><th>Fees</th></tr></thead><tbody>
${table.rows.map(cellsOf(table)).map((cell) => {
  const asset = assetOf(cell);
  const amount = (column: string): string => amountText(cell(column), asset.decimals, unitOf(asset));
  return html`<tr><td>${cell('template')}</td><td>${cell('chain')}${cell('wallet') === '' ? '' : html`<br>${shortened(cell('wallet'))}`}</td><td>${cell('asset_contract') === '' && cell('wallet') === '' ? cell('asset') : assetLabel(asset)}</td>
<td>${cell('line')}</td><td>${cell('reason')}</td><td class="num">${cell('rows')}</td><td class="num">${amount('in')}</td><td class="num">${amount('out')}</td><td class="num">${amount('fees')}${cell('rounding_residual')}</td></tr>`;
})}
</tbody></table></div>`;
}
