import type { Chain } from '../chains/chains.js';
import { contractAddress } from './contractAddress.js';
import { derivedWrapLegs } from './derivedWrapLegs.js';
import type { Direction, EntryKind } from './LedgerEntry.js';
import type { Movement } from './Movement.js';
import { parseInteger } from './money.js';
import { tokenDecimals } from './tokenDecimals.js';
import type { WalletRecords } from './TxGroup.js';
import { WRAPPED_NATIVE } from './wrappedNative.js';

export interface WalletMovements {
  movements: Movement[];
  /** The wallet sent something to itself: no value entries, so it is neither income nor disposal. */
  selfTransfer: boolean;
}

type Side = Direction | 'self' | null;

/** Most movements have no note; they share this empty list instead of each allocating one. */
const NO_NOTES: readonly string[] = [];

/**
 * The value movements one owned wallet's records describe. Each wallet reads only its own rows, so a
 * transfer between two owned wallets yields exactly one `out` and one `in` however many streams list it.
 * Zero amounts move nothing and make no entry. A wrap's or unwrap's token leg that no list shows is derived
 * from its native leg (`derivedWrapLegs`).
 *
 * Every movement is written out as one object literal of the same shape: this runs once per record of a
 * million-entry history, where spreading partial objects cost more than the rules.
 */
export function walletMovements(wallet: string, records: WalletRecords, chain: Chain): WalletMovements {
  const found: WalletMovements = { movements: [], selfTransfer: false };

  for (const { record, ref } of records.txlist) {
    const genesis = record.from === 'GENESIS';
    const from = genesis ? '' : record.from.toLowerCase();
    const to = recipient(record.to, record.contractAddress);
    const side = sideOf(wallet, from, to);
    const amountRaw = parseInteger(record.value);
    if (!moves(found, side, amountRaw)) continue;
    found.movements.push(nativeMovement(wallet, side, from, to, 'native', amountRaw, chain, 'txlist', ref, genesis));
  }
  for (const { record, ref } of records.txlistinternal) {
    // Failed traces moved nothing; a delegatecall runs in the caller's context, so its value would count twice.
    if (record.isError === '1' || record.type.toLowerCase() === 'delegatecall') continue;
    const from = record.from.toLowerCase();
    const to = recipient(record.to, record.contractAddress);
    const side = sideOf(wallet, from, to);
    const amountRaw = parseInteger(record.value);
    if (!moves(found, side, amountRaw)) continue;
    found.movements.push(nativeMovement(wallet, side, from, to, 'internal', amountRaw, chain, 'txlistinternal', ref, false));
  }
  for (const { record, ref } of records.tokentx) {
    const from = record.from.toLowerCase();
    const to = record.to.toLowerCase();
    const side = sideOf(wallet, from, to);
    const { decimals, note } = tokenDecimals(record);
    const amountRaw = parseInteger(record.value);
    if (!moves(found, side, amountRaw)) continue;
    found.movements.push({
      wallet,
      direction: side,
      kind: 'erc20',
      asset: record.tokenSymbol.trim(),
      assetContract: contractAddress(record.contractAddress),
      tokenId: '',
      amountRaw,
      decimals,
      counterparty: counterpartyOf(side, from, to),
      tokenName: record.tokenName.trim(),
      stream: 'tokentx',
      ref,
      genesis: false,
      derived: false,
      notes: note === '' ? NO_NOTES : [note],
    });
  }
  for (const { record, ref } of records.tokennfttx) {
    const from = record.from.toLowerCase();
    const to = record.to.toLowerCase();
    const side = sideOf(wallet, from, to);
    if (!moves(found, side, 1n)) continue;
    found.movements.push({
      wallet,
      direction: side,
      kind: 'erc721',
      asset: record.tokenSymbol.trim(),
      assetContract: contractAddress(record.contractAddress),
      tokenId: record.tokenID,
      amountRaw: 1n,
      decimals: 0,
      counterparty: counterpartyOf(side, from, to),
      tokenName: record.tokenName.trim(),
      stream: 'tokennfttx',
      ref,
      genesis: false,
      derived: false,
      notes: NO_NOTES,
    });
  }
  for (const { record, ref } of records.token1155tx) {
    const from = record.from.toLowerCase();
    const to = record.to.toLowerCase();
    const side = sideOf(wallet, from, to);
    const amountRaw = parseInteger(record.tokenValue);
    if (!moves(found, side, amountRaw)) continue;
    found.movements.push({
      wallet,
      direction: side,
      kind: 'erc1155',
      asset: record.tokenSymbol.trim(),
      assetContract: contractAddress(record.contractAddress),
      tokenId: record.tokenID,
      amountRaw,
      decimals: 0,
      counterparty: counterpartyOf(side, from, to),
      tokenName: record.tokenName.trim(),
      stream: 'token1155tx',
      ref,
      genesis: false,
      derived: false,
      notes: NO_NOTES,
    });
  }
  const wrapped = WRAPPED_NATIVE[chain.id];
  if (wrapped !== undefined && found.movements.length > 0) {
    for (const movement of derivedWrapLegs(found.movements, wrapped)) found.movements.push(movement);
  }
  return found;
}

/**
 * Whether a record moves value in or out of the wallet. A record not touching the wallet, or a zero
 * amount, moves nothing; a non-zero transfer to itself moves nothing either but marks the self-transfer.
 */
function moves(found: WalletMovements, side: Side, amountRaw: bigint): side is Direction {
  if (side === null || amountRaw === 0n) return false;
  if (side === 'self') {
    found.selfTransfer = true;
    return false;
  }
  return true;
}

function nativeMovement(
  wallet: string,
  direction: Direction,
  from: string,
  to: string,
  kind: EntryKind,
  amountRaw: bigint,
  chain: Chain,
  stream: 'txlist' | 'txlistinternal',
  ref: string,
  genesis: boolean,
): Movement {
  return {
    wallet,
    direction,
    kind,
    asset: chain.nativeSymbol,
    assetContract: '',
    tokenId: '',
    amountRaw,
    decimals: chain.nativeDecimals,
    counterparty: counterpartyOf(direction, from, to),
    tokenName: '',
    stream,
    ref,
    genesis,
    derived: false,
    notes: NO_NOTES,
  };
}

function sideOf(wallet: string, from: string, to: string): Side {
  if (from === wallet) return to === wallet ? 'self' : 'out';
  return to === wallet ? 'in' : null;
}

function counterpartyOf(direction: Direction, from: string, to: string): string {
  return direction === 'out' ? to : from;
}

/** A contract creation has no `to`; the value goes to the new contract. */
function recipient(to: string, contractAddress: string): string {
  return (to === '' ? contractAddress : to).toLowerCase();
}
