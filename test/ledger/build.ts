import { getChain } from '../../src/chains/chains.js';
import type { Wire1155Tx, WireInternalTx, WireNftTx, WireReceipt, WireTokenTx, WireTx } from '../../src/etherscan/wire.js';
import { groupTransactions, type StoredRecord } from '../../src/ledger/groupTransactions.js';
import type { LedgerContext } from '../../src/ledger/LedgerContext.js';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import type { TxGroup } from '../../src/ledger/TxGroup.js';
import { etherscanSample } from '../support/samples.js';

/** Hand-built wire rows for the ledger tests: realistic defaults, only the fields a rule reads overridden. */
export const ALICE = '0xa11ce00000000000000000000000000000000001';
export const BOB = '0xb0b0000000000000000000000000000000000002';
export const SAFE = '0x5afe000000000000000000000000000000000003';
export const STRANGER = '0x5772a46e00000000000000000000000000000004';
export const ROUTER = '0x7007e40000000000000000000000000000000005';
export const TOKEN = '0x70ce000000000000000000000000000000000006';
export const ZERO = '0x0000000000000000000000000000000000000000';
export const HASH = '0x' + 'ab'.repeat(32);

/** The rows of a recorded body from test/etherscan/samples. */
export function sample<T>(file: string): T[] {
  const body = etherscanSample(file) as { result?: unknown; res?: unknown };
  const rows = body.result ?? body.res ?? body;
  return (Array.isArray(rows) ? rows : [rows]) as T[];
}

const block = { blockNumber: '100', timeStamp: '1700000000', hash: HASH, blockHash: '0x' + 'cd'.repeat(32), confirmations: '5' };

export function tx(fields: Partial<WireTx> = {}): WireTx {
  return {
    ...block,
    nonce: '1',
    transactionIndex: '7',
    from: ALICE,
    to: STRANGER,
    value: '0',
    gas: '30000',
    gasPrice: '20',
    isError: '0',
    txreceipt_status: '1',
    input: '0x',
    contractAddress: '',
    cumulativeGasUsed: '21000',
    gasUsed: '21000',
    methodId: '0x',
    functionName: '',
    ...fields,
  };
}

export function internal(fields: Partial<WireInternalTx> = {}): WireInternalTx {
  return {
    ...block,
    from: ROUTER,
    to: ALICE,
    value: '0',
    contractAddress: '',
    input: '',
    type: 'call',
    gas: '2300',
    gasUsed: '0',
    traceId: '0',
    isError: '0',
    errCode: '',
    ...fields,
  };
}

const tokenCommon = {
  ...block,
  nonce: '1',
  transactionIndex: '7',
  gas: '90000',
  gasPrice: '20',
  gasUsed: '50000',
  cumulativeGasUsed: '50000',
  input: 'deprecated',
  methodId: '0xa9059cbb',
  functionName: 'transfer(address _to, uint256 _value)',
};

export function erc20(fields: Partial<WireTokenTx> = {}): WireTokenTx {
  return {
    ...tokenCommon,
    from: STRANGER,
    to: ALICE,
    contractAddress: TOKEN,
    value: '0',
    tokenName: 'Token',
    tokenSymbol: 'TOK',
    tokenDecimal: '6',
    ...fields,
  };
}

export function nft(fields: Partial<WireNftTx> = {}): WireNftTx {
  return {
    ...tokenCommon,
    from: STRANGER,
    to: ALICE,
    contractAddress: TOKEN,
    tokenID: '42',
    tokenName: 'Kitties',
    tokenSymbol: 'CK',
    tokenDecimal: '0',
    ...fields,
  };
}

export function erc1155(fields: Partial<Wire1155Tx> = {}): Wire1155Tx {
  return {
    ...tokenCommon,
    from: STRANGER,
    to: ALICE,
    contractAddress: TOKEN,
    tokenID: '7',
    tokenValue: '1',
    tokenName: 'Items',
    tokenSymbol: 'ITM',
    ...fields,
  };
}

export function receipt(fields: Partial<WireReceipt> = {}): WireReceipt {
  return {
    transactionHash: HASH,
    blockNumber: '0x64',
    transactionIndex: '0x7',
    from: ALICE,
    to: STRANGER,
    gasUsed: '0x5208',
    effectiveGasPrice: '0xa',
    status: '0x1',
    type: '0x2',
    ...fields,
  };
}

/** The one TxGroup the rows make (they must share a hash), grouped the way the store's rows will be. */
export function groupOf(chainId: number, rows: StoredRecord[], txReceipt: WireReceipt | null = null): TxGroup {
  const groups = [
    ...groupTransactions(
      chainId,
      rows.map((row) => ({ ...row, receipt: txReceipt })),
    ),
  ];
  if (groups.length !== 1 || groups[0] === undefined) throw new Error(`expected one group, got ${groups.length}`);
  return groups[0];
}

export function contextOf(chainId: number, wallets: Record<string, string>, extra: Partial<LedgerContext> = {}): LedgerContext {
  return {
    chain: getChain(chainId),
    wallets: new Map(Object.entries(wallets).map(([address, label]) => [address, { label }])),
    labels: {},
    spam: { allow: [], deny: [] },
    ...extra,
  };
}

/** One readable line per entry: `Alice out erc20 1.5 TOK transfer [spam] (note)`. */
export function lines(entries: readonly LedgerEntry[]): string[] {
  return entries.map((entry) =>
    [
      entry.walletLabel,
      entry.direction,
      entry.kind,
      entry.amount,
      entry.asset,
      entry.category,
      ...(entry.status === 'failed' ? ['failed'] : []),
      ...(entry.spam === '' ? [] : [`[${entry.spam}]`]),
      ...(entry.note === '' ? [] : [`(${entry.note})`]),
    ].join(' '),
  );
}
