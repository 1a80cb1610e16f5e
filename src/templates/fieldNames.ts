import type { FormLayout, Layout } from './Template.js';
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

/** A tax form's fields, by layout (docs/tax-forms.md); money in the book's currency, dates in the template's format. */
export const FORM_FIELDS: Readonly<Record<FormLayout, readonly string[]>> = {
  gains: [
    ...['part', 'box', 'description', 'asset', 'quantity', 'dateAcquired', 'dateSold', 'term', 'note'],
    ...['proceeds', 'proceeds.gross', 'sellingCosts', 'costBasis', 'gain', 'currency', 'entryId', 'lotId', 'txHash', 'chainId', 'wallet'],
  ],
  'schedule-d': ['taxYear', 'part', 'line', 'box', 'rows', 'proceeds', 'costBasis', 'gain', 'currency'],
  sa108: [
    'taxYear',
    'part',
    'from',
    'to',
    'complete',
    'disposals',
    'proceeds',
    'allowableCosts',
    'gains',
    'losses',
    'net',
    'currency',
    'note',
  ],
  'anlage-so': [
    ...['year', 'from', 'to', 'complete', 'disposals', 'proceeds', 'costBasis', 'sellingCosts', 'gain', 'limit', 'taxable'],
    ...['exemptDisposals', 'income', 'incomeLimit', 'incomeTaxable', 'currency', 'note'],
  ],
};

/** Which fields a column may name in each layout. */
export function fieldNames(layout: Layout): readonly string[] {
  if (layout in FORM_FIELDS) return FORM_FIELDS[layout as FormLayout];
  if (layout === 'entry') return [...rowFields, ...entryFields];
  if (layout === 'posting') return [...rowFields, ...entryFields, ...postingFields];
  return rowFields;
}
