import type { Chain } from '../chains/chains.js';
import type { Direction } from './LedgerEntry.js';
import type { Movement } from './Movement.js';
import { parseInteger } from './money.js';
import { tokenDecimals } from './tokenDecimals.js';
import type { WalletRecords } from './TxGroup.js';

export interface WalletMovements {
  movements: Movement[];
  /** The wallet sent something to itself: no value entries, so it is neither income nor disposal. */
  selfTransfer: boolean;
}

type Side = Direction | 'self' | null;

/**
 * The value movements one owned wallet's records describe. Each wallet reads only its own rows, so a
 * transfer between two owned wallets yields exactly one `out` and one `in` however many streams list it.
 * Zero amounts move nothing and make no entry.
 */
export function walletMovements(wallet: string, records: WalletRecords, chain: Chain): WalletMovements {
  const movements: Movement[] = [];
  let selfTransfer = false;
  const native = { asset: chain.nativeSymbol, assetContract: '', tokenId: '', decimals: chain.nativeDecimals, tokenName: '' };

  const push = (side: Side, from: string, to: string, movement: Omit<Movement, 'wallet' | 'direction' | 'counterparty'>): void => {
    if (side === null || movement.amountRaw === 0n) return;
    if (side === 'self') {
      selfTransfer = true;
      return;
    }
    movements.push({ wallet, direction: side, counterparty: side === 'out' ? to : from, ...movement });
  };

  for (const { record, ref } of records.txlist) {
    const genesis = record.from === 'GENESIS';
    const from = genesis ? '' : record.from.toLowerCase();
    const to = recipient(record.to, record.contractAddress);
    push(sideOf(wallet, from, to), from, to, {
      kind: 'native', ...native, amountRaw: parseInteger(record.value), stream: 'txlist', ref, genesis, notes: [],
    });
  }
  for (const { record, ref } of records.txlistinternal) {
    // Failed traces moved nothing; a delegatecall runs in the caller's context, so its value would count twice.
    if (record.isError === '1' || record.type.toLowerCase() === 'delegatecall') continue;
    const from = record.from.toLowerCase();
    const to = recipient(record.to, record.contractAddress);
    push(sideOf(wallet, from, to), from, to, {
      kind: 'internal', ...native, amountRaw: parseInteger(record.value), stream: 'txlistinternal', ref, genesis: false, notes: [],
    });
  }
  for (const { record, ref } of records.tokentx) {
    const from = record.from.toLowerCase();
    const to = record.to.toLowerCase();
    const { decimals, note } = tokenDecimals(record);
    push(sideOf(wallet, from, to), from, to, {
      kind: 'erc20', ...token(record), tokenId: '', amountRaw: parseInteger(record.value), decimals,
      stream: 'tokentx', ref, genesis: false, notes: note === '' ? [] : [note],
    });
  }
  for (const { record, ref } of records.tokennfttx) {
    const from = record.from.toLowerCase();
    const to = record.to.toLowerCase();
    push(sideOf(wallet, from, to), from, to, {
      kind: 'erc721', ...token(record), tokenId: record.tokenID, amountRaw: 1n, decimals: 0,
      stream: 'tokennfttx', ref, genesis: false, notes: [],
    });
  }
  for (const { record, ref } of records.token1155tx) {
    const from = record.from.toLowerCase();
    const to = record.to.toLowerCase();
    push(sideOf(wallet, from, to), from, to, {
      kind: 'erc1155', ...token(record), tokenId: record.tokenID, amountRaw: parseInteger(record.tokenValue), decimals: 0,
      stream: 'token1155tx', ref, genesis: false, notes: [],
    });
  }
  return { movements, selfTransfer };
}

function sideOf(wallet: string, from: string, to: string): Side {
  if (from === wallet) return to === wallet ? 'self' : 'out';
  return to === wallet ? 'in' : null;
}

/** A contract creation has no `to`; the value goes to the new contract. */
function recipient(to: string, contractAddress: string): string {
  return (to === '' ? contractAddress : to).toLowerCase();
}

function token(record: { contractAddress: string; tokenSymbol: string; tokenName: string }): Pick<Movement, 'asset' | 'assetContract' | 'tokenName'> {
  return { asset: record.tokenSymbol.trim(), assetContract: record.contractAddress.toLowerCase(), tokenName: record.tokenName.trim() };
}
