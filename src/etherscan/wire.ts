/**
 * Wire types: records exactly as the Etherscan v2 API sends them. Every value is a string;
 * nothing here is parsed. Domain types live in src/ledger.
 */

/** The five account list actions we page with a block cursor. */
export const STREAMS = ['txlist', 'txlistinternal', 'tokentx', 'tokennfttx', 'token1155tx'] as const;
export type Stream = (typeof STREAMS)[number];

export interface WireTx {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  nonce: string;
  blockHash: string;
  transactionIndex: string;
  from: string;
  to: string;
  value: string;
  gas: string;
  gasPrice: string;
  isError: string;
  txreceipt_status: string;
  input: string;
  contractAddress: string;
  cumulativeGasUsed: string;
  gasUsed: string;
  confirmations: string;
  methodId?: string;
  functionName?: string;
}

export interface WireInternalTx {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  from: string;
  to: string;
  value: string;
  contractAddress: string;
  input: string;
  type: string;
  gas: string;
  gasUsed: string;
  traceId: string;
  isError: string;
  errCode: string;
}

/** tokentx: one row per Transfer log. No logIndex: two identical rows in one transaction are real. */
export interface WireTokenTx {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  nonce: string;
  blockHash: string;
  from: string;
  contractAddress: string;
  to: string;
  value: string;
  tokenName: string;
  tokenSymbol: string;
  tokenDecimal: string;
  transactionIndex: string;
  gas: string;
  gasPrice: string;
  gasUsed: string;
  cumulativeGasUsed: string;
  input: string;
  methodId?: string;
  functionName?: string;
  confirmations: string;
}

/** tokennfttx: as tokentx with tokenID instead of value. */
export interface WireNftTx {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  nonce: string;
  blockHash: string;
  from: string;
  contractAddress: string;
  to: string;
  tokenID: string;
  tokenName: string;
  tokenSymbol: string;
  tokenDecimal: string;
  transactionIndex: string;
  gas: string;
  gasPrice: string;
  gasUsed: string;
  cumulativeGasUsed: string;
  input: string;
  methodId?: string;
  functionName?: string;
  confirmations: string;
}

/** token1155tx: no tokenDecimal and no value; the amount is tokenValue. */
export interface Wire1155Tx {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  nonce: string;
  blockHash: string;
  transactionIndex: string;
  gas: string;
  gasPrice: string;
  gasUsed: string;
  cumulativeGasUsed: string;
  input: string;
  methodId?: string;
  functionName?: string;
  contractAddress: string;
  from: string;
  to: string;
  tokenID: string;
  tokenValue: string;
  tokenName: string;
  tokenSymbol: string;
  confirmations: string;
}

export interface WireRecordOf {
  txlist: WireTx;
  txlistinternal: WireInternalTx;
  tokentx: WireTokenTx;
  tokennfttx: WireNftTx;
  token1155tx: Wire1155Tx;
}
export type WireRecord = WireRecordOf[Stream];

/** proxy eth_getTransactionReceipt result (hex quantities). Only the fields we read are typed. */
export interface WireReceipt {
  transactionHash: string;
  blockNumber: string;
  transactionIndex: string;
  from: string;
  to: string | null;
  gasUsed: string;
  /** Absent before the London fork. */
  effectiveGasPrice?: string;
  /** "0x1" success, "0x0" failure; absent before Byzantium (then `root`). */
  status?: string;
  type?: string;
  /** OP-stack: the L1 data fee, charged on top of gasUsed × effectiveGasPrice. */
  l1Fee?: string;
  /** Arbitrum: informative only, already inside gasUsed. */
  gasUsedForL1?: string;
  /** EIP-4844 blob transactions. */
  blobGasUsed?: string;
  blobGasPrice?: string;
  [field: string]: unknown;
}

/** proxy eth_getBlockByNumber result (hex quantities). Only the fields we read are typed. */
export interface WireBlock {
  number: string;
  timestamp: string;
  [field: string]: unknown;
}

/** The standard envelope of every module except proxy. */
export interface WireEnvelope {
  status: string;
  message: string;
  result: unknown;
}

/** The JSON-RPC envelope of module=proxy. */
export interface WireJsonRpc {
  jsonrpc: string;
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}
