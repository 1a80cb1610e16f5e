import { LedgerscanError } from '../errors/LedgerscanError.js';
import { categorise, type Classified } from './categorise.js';
import { contextIndex, type ContextIndex } from './ContextIndex.js';
import { entryId } from './entryId.js';
import { isFailedTransaction } from './isFailedTransaction.js';
import type { LedgerContext } from './LedgerContext.js';
import type { LedgerRecord, LedgerRecordOf } from './LedgerRecord.js';
import type { LedgerEntry } from './LedgerEntry.js';
import { formatUnits } from './money.js';
import type { Movement } from './Movement.js';
import { NO_HISTORY, type TokenHistory } from './SentTokens.js';
import { spamReason } from './spamReason.js';
import { transactionFee } from './transactionFee.js';
import type { Sourced, TxGroup, WalletRecords } from './TxGroup.js';
import { walletMovements, type WalletMovements } from './walletMovements.js';

/** A failed transaction moves nothing for any wallet; only its fee is booked. */
const NOTHING_MOVED: WalletMovements = { movements: [], selfTransfer: false };

interface FeeMovement {
  movement: Movement;
  fromReceipt: boolean;
}

/**
 * The ledger entries of one transaction for every owned wallet. Order inside the transaction: wallets by
 * address, each wallet's movements in stream order (txlist, internal, ERC-20, ERC-721, ERC-1155) and API
 * order, then the fees last. A failed transaction yields only its fee.
 */
export function entriesForTransaction(group: TxGroup, context: LedgerContext, history: TokenHistory = NO_HISTORY): LedgerEntry[] {
  try {
    return entriesOf(group, context, history);
  } catch (error) {
    // parseInteger's RangeError names the bad text, not the record: add where it sits in the store.
    if (!(error instanceof RangeError)) throw error;
    throw new LedgerscanError('unreadable amount in a stored record', {
      details: { chain: group.chainId, block: group.blockNumber, tx: group.txHash, problem: error.message },
      cause: error,
    });
  }
}

/** What every entry of one transaction shares, worked out once per transaction. */
interface TxFacts {
  group: TxGroup;
  context: LedgerContext;
  index: ContextIndex;
  history: TokenHistory;
  failed: boolean;
  method: string;
  /** Owned wallets that sent the tx: what they receive in it is solicited. */
  senders: readonly string[];
}

function entriesOf(group: TxGroup, context: LedgerContext, history: TokenHistory): LedgerEntry[] {
  const failed = isFailedTransaction(group);
  const movements: Movement[] = [];
  const fees: FeeMovement[] = [];
  const senders: string[] = [];
  for (const wallet of ownedWallets(group, context)) {
    const records = group.byWallet.get(wallet) as WalletRecords;
    const own = failed ? NOTHING_MOVED : walletMovements(wallet, records, context.chain);
    for (const movement of own.movements) movements.push(movement);
    const sent = sentBy(wallet, records);
    if (sent === undefined) continue;
    senders.push(wallet);
    const fee = transactionFee(sent.record, group.receipt, context.chain);
    if (fee.raw === 0n) continue;
    const notes: string[] = [];
    if (!fee.exact) notes.push('fee_from_list');
    if (own.selfTransfer) notes.push('self_transfer');
    fees.push({
      fromReceipt: fee.fromReceipt,
      movement: {
        wallet,
        direction: 'out',
        kind: 'fee',
        asset: context.chain.nativeSymbol,
        assetContract: '',
        tokenId: '',
        amountRaw: fee.raw,
        decimals: context.chain.nativeDecimals,
        counterparty: '',
        tokenName: '',
        stream: 'txlist',
        ref: sent.ref,
        genesis: false,
        derived: false,
        notes,
      },
    });
  }

  const index = contextIndex(context);
  const facts: TxFacts = { group, context, index, history, failed, method: methodOf(group), senders };
  const classified = categorise(movements, index, context.wallets);
  const entries: LedgerEntry[] = [];
  for (let order = 0; order < movements.length; order += 1) {
    const movement = movements[order] as Movement;
    entries.push(entryOf(facts, movement, order, classified[order] ?? TRANSFER, movement.stream));
  }
  for (const { movement, fromReceipt } of fees) {
    entries.push(entryOf(facts, movement, entries.length, failed ? FAILED_FEE : FEE, fromReceipt ? 'receipt' : 'txlist'));
  }
  return entries;
}

/** The group's owned wallets, by address: most transactions touch one, which needs no array spread, filtered and sorted. */
function ownedWallets(group: TxGroup, context: LedgerContext): string[] {
  const wallets: string[] = [];
  for (const wallet of group.byWallet.keys()) if (context.wallets.has(wallet)) wallets.push(wallet);
  if (wallets.length > 1) wallets.sort();
  return wallets;
}

const TRANSFER: Classified = { category: 'transfer', note: '' };
const FEE: Classified = { category: 'fee', note: '' };
const FAILED_FEE: Classified = { category: 'failed_fee', note: '' };

/**
 * The id the movement's row was stored with (`StoredEntryIds`: its record's leg, or a txlist row's fee), as a string
 * of its own: a slice of the row's line would keep the line alive in whatever keeps the id (a review, a lot). Undefined
 * for a derived leg and a row stored without ids, whose id is hashed.
 */
function storedId(group: TxGroup, movement: Movement): string | undefined {
  if (movement.derived) return undefined;
  const sourced = (group.byWallet.get(movement.wallet)?.[movement.stream] as readonly Sourced<LedgerRecord>[] | undefined)?.[
    Number(movement.ref)
  ];
  if (sourced === undefined || sourced.ref !== movement.ref) return undefined;
  const id = movement.kind === 'fee' ? sourced.record.feeId : sourced.record.valueId;
  return id === undefined || id.length !== ID_LENGTH ? undefined : ownId(id);
}

/** `x` and 16 hex digits (`entryId`). */
const ID_LENGTH = 17;
const idCodes = new Array<number>(ID_LENGTH).fill(0);

/** The id's characters in a new flat string: nothing of the line it was split from. */
function ownId(id: string): string {
  for (let i = 0; i < ID_LENGTH; i += 1) idCodes[i] = id.charCodeAt(i);
  return String.fromCharCode(...idCodes);
}

/** The wallet's txlist row that it sent, which makes it the fee payer. */
function sentBy(wallet: string, records: WalletRecords): Sourced<LedgerRecordOf<'txlist'>> | undefined {
  for (const sourced of records.txlist) if (sourced.record.from.toLowerCase() === wallet) return sourced;
  return undefined;
}

function entryOf(facts: TxFacts, movement: Movement, order: number, classified: Classified, provenanceStream: string): LedgerEntry {
  const { group, index } = facts;
  return {
    entryId:
      storedId(group, movement) ??
      entryId({
        chainId: group.chainId,
        txHash: group.txHash,
        wallet: movement.wallet,
        stream: movement.stream,
        ref: movement.ref,
        leg: movement.kind === 'fee' ? 'fee' : movement.derived ? 'derived' : 'value',
      }),
    timestamp: group.timestamp,
    chainId: group.chainId,
    blockNumber: group.blockNumber,
    txHash: group.txHash,
    transactionIndex: group.transactionIndex,
    order,
    wallet: movement.wallet,
    walletLabel: facts.context.wallets.get(movement.wallet)?.label ?? '',
    direction: movement.direction,
    kind: movement.kind,
    asset: movement.asset,
    assetContract: movement.assetContract,
    tokenId: movement.tokenId,
    amountRaw: movement.amountRaw,
    decimals: movement.decimals,
    amount: movement.decimals === null ? movement.amountRaw.toString() : formatUnits(movement.amountRaw, movement.decimals),
    counterparty: movement.counterparty,
    counterpartyLabel: movement.counterparty === '' ? '' : (index.labels.get(movement.counterparty) ?? ''),
    category: classified.category,
    status: facts.failed ? 'failed' : 'ok',
    method: facts.method,
    spam: spamReason(movement, index, facts.history, facts.senders.includes(movement.wallet)),
    note: noteOf(movement.notes, classified.note),
    provenance: { stream: provenanceStream, ref: movement.ref },
  };
}

/** `transfer(address,uint256)` → `transfer`; the first row that names the function decides. */
function methodOf(group: TxGroup): string {
  for (const records of group.byWallet.values()) {
    const name = namedIn(records.txlist) || namedIn(records.tokentx) || namedIn(records.tokennfttx) || namedIn(records.token1155tx);
    if (name !== '') return name;
  }
  return '';
}

function namedIn(rows: readonly Sourced<{ functionName?: string }>[]): string {
  for (const { record } of rows) {
    const name = nameOf(record.functionName ?? '');
    if (name !== '') return name;
  }
  return '';
}

/** The movement's notes and its rule's, space-separated; most entries have neither. */
function noteOf(notes: readonly string[], rule: string): string {
  if (notes.length === 0) return rule;
  return rule === '' ? notes.join(' ') : `${notes.join(' ')} ${rule}`;
}

function nameOf(signature: string): string {
  const paren = signature.indexOf('(');
  return (paren === -1 ? signature : signature.slice(0, paren)).trim();
}
