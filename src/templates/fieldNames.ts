import type { Layout } from './Template.js';
import { VALUE_FIELDS } from './valueCells.js';

/** Fields every row layout offers. */
const rowFields = [
  'date',
  'txHash',
  'wallet',
  'walletLabel',
  'chain',
  'chainSlug',
  'chainId',
  'blockNumber',
  'counterparty',
  'counterpartyLabel',
  'counterpartyName',
  'method',
  'label',
  'type',
  'description',
  'memo',
  'rowId',
  'from',
  'to',
  'sent.wallet',
  'received.wallet',
  'sent.amount',
  'sent.currency',
  'received.amount',
  'received.currency',
  'fee.amount',
  'fee.currency',
  'base.amount',
  'base.currency',
  'quote.amount',
  'quote.currency',
  'amount.signed',
  'currency',
  'pool.currency',
  'memo.quantity',
  ...VALUE_FIELDS.filter((field) => !field.startsWith('entry.')),
] as const;

/** The unified ledger columns (docs/templates.md, `ledger`) and their extras, read from the entry as is. */
export const entryFields = [
  'entry.timestamp',
  'entry.chain_id',
  'entry.block_number',
  'entry.tx_hash',
  'entry.wallet',
  'entry.direction',
  'entry.kind',
  'entry.asset',
  'entry.asset_contract',
  'entry.token_id',
  'entry.amount',
  'entry.amount_raw',
  'entry.decimals',
  'entry.counterparty',
  'entry.category',
  'entry.status',
  'entry.entry_id',
  'entry.chain',
  'entry.wallet_label',
  'entry.counterparty_label',
  'entry.method',
  'entry.spam',
  'entry.note',
  'entry.screening',
  ...VALUE_FIELDS.filter((field) => field.startsWith('entry.')),
] as const;

const postingFields = ['posting.txn', 'posting.account', 'posting.amount', 'posting.commodity', 'posting.debit', 'posting.credit'] as const;

/** Which fields a column may name in each layout. */
export function fieldNames(layout: Layout): readonly string[] {
  if (layout === 'entry') return [...rowFields, ...entryFields];
  if (layout === 'posting') return [...rowFields, ...entryFields, ...postingFields];
  return rowFields;
}
