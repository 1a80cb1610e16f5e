import { LedgerscanError } from '../errors/LedgerscanError.js';
import { categorise } from './categorise.js';
import { entryId } from './entryId.js';
import { isFailedTransaction } from './isFailedTransaction.js';
import type { LedgerContext } from './LedgerContext.js';
import type { Category, LedgerEntry } from './LedgerEntry.js';
import { formatUnits } from './money.js';
import type { Movement } from './Movement.js';
import { NO_HISTORY, type TokenHistory } from './SentTokens.js';
import { spamReason } from './spamReason.js';
import { transactionFee } from './transactionFee.js';
import type { TxGroup, WalletRecords } from './TxGroup.js';
import { walletMovements } from './walletMovements.js';

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

function entriesOf(group: TxGroup, context: LedgerContext, history: TokenHistory): LedgerEntry[] {
  const failed = isFailedTransaction(group);
  const wallets = [...group.byWallet.keys()].filter((wallet) => context.wallets.has(wallet)).sort();
  const movements: Movement[] = [];
  const fees: FeeMovement[] = [];
  const senders = new Set<string>();
  for (const wallet of wallets) {
    const records = group.byWallet.get(wallet) as WalletRecords;
    const own = failed ? { movements: [], selfTransfer: false } : walletMovements(wallet, records, context.chain);
    movements.push(...own.movements);
    const sent = records.txlist.find(({ record }) => record.from.toLowerCase() === wallet);
    if (sent === undefined) continue;
    senders.add(wallet);
    const fee = transactionFee(sent.record, group.receipt, context.chain);
    if (fee.raw === 0n) continue;
    const notes = [...(fee.fromReceipt ? [] : ['fee_from_list']), ...(own.selfTransfer ? ['self_transfer'] : [])];
    fees.push({
      fromReceipt: fee.fromReceipt,
      movement: {
        wallet, direction: 'out', kind: 'fee', asset: context.chain.nativeSymbol, assetContract: '', tokenId: '',
        amountRaw: fee.raw, decimals: context.chain.nativeDecimals,
        counterparty: '', tokenName: '', stream: 'txlist', ref: sent.ref, genesis: false, notes,
      },
    });
  }

  const method = methodOf(group);
  const categories = categorise(movements, context.wallets);
  const entry = (movement: Movement, order: number, category: Category, provenanceStream: string): LedgerEntry => ({
    entryId: entryId({
      chainId: group.chainId, txHash: group.txHash, wallet: movement.wallet, stream: movement.stream, ref: movement.ref,
      leg: movement.kind === 'fee' ? 'fee' : 'value',
    }),
    timestamp: group.timestamp,
    chainId: group.chainId,
    blockNumber: group.blockNumber,
    txHash: group.txHash,
    transactionIndex: group.transactionIndex,
    order,
    wallet: movement.wallet,
    walletLabel: context.wallets.get(movement.wallet)?.label ?? '',
    direction: movement.direction,
    kind: movement.kind,
    asset: movement.asset,
    assetContract: movement.assetContract,
    tokenId: movement.tokenId,
    amountRaw: movement.amountRaw,
    decimals: movement.decimals,
    amount: movement.decimals === null ? movement.amountRaw.toString() : formatUnits(movement.amountRaw, movement.decimals),
    counterparty: movement.counterparty,
    counterpartyLabel: labelOf(movement.counterparty, context),
    category,
    status: failed ? 'failed' : 'ok',
    method,
    spam: spamReason(movement, context, history, senders.has(movement.wallet)),
    note: movement.notes.join(' '),
    provenance: { stream: provenanceStream, ref: movement.ref },
  });

  return [
    ...movements.map((movement, index) => entry(movement, index, categories[index] ?? 'transfer', movement.stream)),
    ...fees.map(({ movement, fromReceipt }, index) =>
      entry(movement, movements.length + index, failed ? 'failed_fee' : 'fee', fromReceipt ? 'receipt' : 'txlist'),
    ),
  ];
}

function labelOf(address: string, context: LedgerContext): string {
  if (address === '') return '';
  return context.labels[address] ?? context.wallets.get(address)?.label ?? '';
}

/** `transfer(address,uint256)` → `transfer`; the first row that names the function decides. */
function methodOf(group: TxGroup): string {
  for (const records of group.byWallet.values()) {
    for (const rows of [records.txlist, records.tokentx, records.tokennfttx, records.token1155tx]) {
      for (const { record } of rows) {
        const name = (record.functionName ?? '').split('(')[0]?.trim() ?? '';
        if (name !== '') return name;
      }
    }
  }
  return '';
}
