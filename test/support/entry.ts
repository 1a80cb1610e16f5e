import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';

export const WALLET = '0x1111111111111111111111111111111111111111';
export const TOKEN = '0x2222222222222222222222222222222222222222';

/** A ledger entry with plain defaults (ETH on chain 1, in, ok); tests override what they exercise. */
export function entry(fields: Partial<LedgerEntry> & Pick<LedgerEntry, 'blockNumber' | 'amountRaw'>): LedgerEntry {
  const txHash = fields.txHash ?? `0x${fields.blockNumber.toString(16).padStart(64, '0')}`;
  return {
    entryId: `${txHash}-${fields.order ?? 0}`,
    timestamp: fields.blockNumber * 10,
    chainId: 1,
    txHash,
    transactionIndex: 0,
    order: 0,
    wallet: WALLET,
    walletLabel: 'Main',
    direction: 'in',
    kind: 'native',
    asset: 'ETH',
    assetContract: '',
    tokenId: '',
    decimals: 18,
    amount: '',
    counterparty: '0x3333333333333333333333333333333333333333',
    counterpartyLabel: '',
    category: 'transfer',
    status: 'ok',
    method: '',
    spam: '',
    note: '',
    provenance: { stream: 'txlist', ref: '0' },
    ...fields,
  };
}
