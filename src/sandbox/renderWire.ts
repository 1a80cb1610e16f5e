import type { Wire1155Tx, WireInternalTx, WireNftTx, WireRecordOf, WireTokenTx, WireTx, Stream } from '../etherscan/wire.js';
import { getChain } from '../chains/chains.js';
import { BLOB_GAS_PER_TX } from './ChainBuilder.js';
import { METHOD_NAMES, METHODS } from './methods.js';
import { derivedHex, mix32 } from './Prng.js';
import { NONE } from './Table.js';
import { amountOf, CALL_TYPES, type ChainData, type World } from './World.js';

const INPUT_SALT = 0x1a9_0e7;
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';

/**
 * Turns stored rows into wire records with exactly the API's field sets, key order and string
 * formats (docs/etherscan-api.md §8): everything a row does not store is derived from its ids.
 */
export class WireRenderer {
  constructor(private readonly world: World) {}

  record<S extends Stream>(chainId: number, stream: S, row: number): WireRecordOf[S] {
    const render: { [K in Stream]: (chainId: number, row: number) => WireRecordOf[K] } = {
      txlist: (c, r) => this.tx(c, r),
      txlistinternal: (c, r) => this.internal(c, r),
      tokentx: (c, r) => this.tokenTx(c, r),
      tokennfttx: (c, r) => this.nftTx(c, r),
      token1155tx: (c, r) => this.multiTx(c, r),
    };
    return render[stream](chainId, row);
  }

  tx(chainId: number, txId: number): Required<WireTx> {
    return this.txRecord(chainId, txId, true);
  }

  /** Token rows repeat their tx's fields but not its calldata, which is costly to derive. */
  private txRecord(chainId: number, txId: number, withInput: boolean): Required<WireTx> {
    const chain = this.chain(chainId);
    const t = chain.txs;
    const method = METHODS[METHOD_NAMES[t.get('method', txId)]!];
    const block = t.get('block', txId);
    if (method === METHODS.genesis) {
      return {
        blockNumber: '0',
        blockHash: '',
        timeStamp: String(this.world.timestampOf(chainId, 0)),
        hash: this.world.txHash(chainId, txId),
        nonce: '',
        transactionIndex: '0',
        from: 'GENESIS',
        to: this.address(t.get('to', txId)),
        value: this.value(t, txId),
        gas: '0',
        gasPrice: '0',
        input: '',
        methodId: '',
        functionName: '',
        contractAddress: '',
        cumulativeGasUsed: '0',
        txreceipt_status: '',
        gasUsed: '0',
        confirmations: String(chain.headBlock - block),
        isError: '0',
      };
    }
    const failed = t.get('status', txId) === 0;
    return {
      blockNumber: String(block),
      blockHash: this.world.blockHash(chainId, block),
      timeStamp: String(this.world.timestampOf(chainId, block)),
      hash: this.world.txHash(chainId, txId),
      nonce: String(t.get('nonce', txId)),
      transactionIndex: String(t.get('txIndex', txId)),
      from: this.address(t.get('from', txId)),
      to: this.address(t.get('to', txId)),
      value: this.value(t, txId),
      gas: String(t.get('gas', txId)),
      gasPrice: String(t.get('gasPrice', txId)),
      input: withInput ? this.input(chainId, txId) : 'deprecated',
      methodId: method.methodId,
      functionName: method.functionName,
      contractAddress: this.address(t.get('created', txId)),
      cumulativeGasUsed: String(this.cumulativeGas(chain, txId)),
      txreceipt_status: failed ? '0' : '1',
      gasUsed: String(t.get('gasUsed', txId)),
      confirmations: String(chain.headBlock - block),
      isError: failed ? '1' : '0',
    };
  }

  internal(chainId: number, row: number): WireInternalTx {
    const chain = this.chain(chainId);
    const r = chain.internals;
    const txId = r.get('tx', row);
    const block = chain.txs.get('block', txId);
    const failed = r.get('isError', row) === 1;
    const gas = 2300 + (mix32(row ^ chainId) % 200_000);
    return {
      blockNumber: String(block),
      timeStamp: String(this.world.timestampOf(chainId, block)),
      hash: this.world.txHash(chainId, txId),
      from: this.address(r.get('from', row)),
      to: this.address(r.get('to', row)),
      value: amountOf(r.get('valueM', row), r.get('valueE', row)).toString(),
      contractAddress: this.address(r.get('created', row)),
      input: '',
      type: CALL_TYPES[r.get('callType', row)]!,
      gas: String(gas),
      gasUsed: String(failed ? gas : Math.floor(gas / 3)),
      traceId: String(r.get('traceId', row)),
      isError: failed ? '1' : '0',
      errCode: failed ? 'Reverted' : '',
    };
  }

  tokenTx(chainId: number, row: number): WireTokenTx {
    const chain = this.chain(chainId);
    const r = chain.tokentx;
    const token = chain.tokens[r.get('token', row)]!;
    const common = this.tokenCommon(chainId, r.get('tx', row));
    return {
      blockNumber: common.blockNumber,
      timeStamp: common.timeStamp,
      hash: common.hash,
      nonce: common.nonce,
      blockHash: common.blockHash,
      from: this.address(r.get('from', row)),
      contractAddress: token.address,
      to: this.address(r.get('to', row)),
      value: amountOf(r.get('valueM', row), r.get('valueE', row)).toString(),
      tokenName: token.name,
      tokenSymbol: token.symbol,
      tokenDecimal: token.decimals,
      transactionIndex: common.transactionIndex,
      gas: common.gas,
      gasPrice: common.gasPrice,
      gasUsed: common.gasUsed,
      cumulativeGasUsed: common.cumulativeGasUsed,
      input: 'deprecated',
      methodId: common.methodId,
      functionName: common.functionName,
      confirmations: common.confirmations,
    };
  }

  nftTx(chainId: number, row: number): WireNftTx {
    const chain = this.chain(chainId);
    const r = chain.nfttx;
    const token = chain.tokens[r.get('token', row)]!;
    const common = this.tokenCommon(chainId, r.get('tx', row));
    return {
      blockNumber: common.blockNumber,
      timeStamp: common.timeStamp,
      hash: common.hash,
      nonce: common.nonce,
      blockHash: common.blockHash,
      from: this.address(r.get('from', row)),
      contractAddress: token.address,
      to: this.address(r.get('to', row)),
      tokenID: String(r.get('tokenId', row)),
      tokenName: token.name,
      tokenSymbol: token.symbol,
      tokenDecimal: token.decimals,
      transactionIndex: common.transactionIndex,
      gas: common.gas,
      gasPrice: common.gasPrice,
      gasUsed: common.gasUsed,
      cumulativeGasUsed: common.cumulativeGasUsed,
      input: 'deprecated',
      methodId: common.methodId,
      functionName: common.functionName,
      confirmations: common.confirmations,
    };
  }

  multiTx(chainId: number, row: number): Wire1155Tx {
    const chain = this.chain(chainId);
    const r = chain.multitx;
    const token = chain.tokens[r.get('token', row)]!;
    const common = this.tokenCommon(chainId, r.get('tx', row));
    return {
      blockNumber: common.blockNumber,
      timeStamp: common.timeStamp,
      hash: common.hash,
      nonce: common.nonce,
      blockHash: common.blockHash,
      transactionIndex: common.transactionIndex,
      gas: common.gas,
      gasPrice: common.gasPrice,
      gasUsed: common.gasUsed,
      cumulativeGasUsed: common.cumulativeGasUsed,
      input: 'deprecated',
      methodId: common.methodId,
      functionName: common.functionName,
      contractAddress: token.address,
      from: this.address(r.get('from', row)),
      to: this.address(r.get('to', row)),
      tokenID: String(r.get('tokenId', row)),
      tokenValue: String(r.get('amount', row)),
      tokenName: token.name,
      tokenSymbol: token.symbol,
      confirmations: common.confirmations,
    };
  }

  /** proxy eth_getTransactionReceipt: hex quantities, plus each fee model's extra fields. */
  receipt(chainId: number, txId: number): Record<string, unknown> {
    const chain = this.chain(chainId);
    const t = chain.txs;
    const block = t.get('block', txId);
    const gasUsed = t.get('gasUsed', txId);
    const created = t.get('created', txId);
    const receipt: Record<string, unknown> = {
      blockHash: this.world.blockHash(chainId, block),
      blockNumber: hex(block),
      contractAddress: created === NONE ? null : this.address(created),
      cumulativeGasUsed: hex(this.cumulativeGas(chain, txId)),
      effectiveGasPrice: hex(t.get('effectiveGasPrice', txId)),
      from: this.address(t.get('from', txId)),
      gasUsed: hex(gasUsed),
      logs: this.logs(chainId, txId),
      logsBloom: `0x${'0'.repeat(512)}`,
      status: t.get('status', txId) === 1 ? '0x1' : '0x0',
      to: t.get('to', txId) === NONE ? null : this.address(t.get('to', txId)),
      transactionHash: this.world.txHash(chainId, txId),
      transactionIndex: hex(t.get('txIndex', txId)),
      type: hex(t.get('type', txId)),
    };
    const feeModel = getChain(chainId).feeModel;
    if (feeModel === 'op-stack') {
      const l1GasUsed = 1600 + (mix32(txId) % 4000);
      const l1Fee = t.get('l1Fee', txId);
      Object.assign(receipt, {
        l1BaseFeeScalar: '0x146b',
        l1BlobBaseFee: '0x1',
        l1BlobBaseFeeScalar: '0xf79c5',
        l1Fee: hex(l1Fee),
        l1GasPrice: hex(Math.max(1, Math.floor(l1Fee / l1GasUsed))),
        l1GasUsed: hex(l1GasUsed),
      });
    } else if (feeModel === 'arbitrum') {
      receipt.gasUsedForL1 = hex(Math.floor(gasUsed * (0.1 + (mix32(txId) % 50) / 100)));
      receipt.l1BlockNumber = hex(20_000_000 + Math.floor((block - chain.firstBlock) / 48));
    }
    if (t.get('type', txId) === 3) {
      receipt.blobGasUsed = hex(BLOB_GAS_PER_TX);
      receipt.blobGasPrice = hex(t.get('blobGasPrice', txId));
    }
    return receipt;
  }

  /** proxy eth_getTransactionByHash. */
  transaction(chainId: number, txId: number): Record<string, unknown> {
    const chain = this.chain(chainId);
    const t = chain.txs;
    const block = t.get('block', txId);
    const type = t.get('type', txId);
    const price = t.get('effectiveGasPrice', txId);
    const signature = derivedHex(16, INPUT_SALT ^ 0x5197, chainId, txId);
    const tx: Record<string, unknown> = {
      blockHash: this.world.blockHash(chainId, block),
      blockNumber: hex(block),
      from: this.address(t.get('from', txId)),
      gas: hex(t.get('gas', txId)),
      gasPrice: hex(price),
    };
    if (type >= 2)
      Object.assign(tx, { maxFeePerGas: hex(t.get('gasPrice', txId) * 2), maxPriorityFeePerGas: hex(Math.min(price, 1_000_000_000)) });
    if (type === 3)
      Object.assign(tx, { maxFeePerBlobGas: hex(t.get('blobGasPrice', txId) * 2), blobVersionedHashes: [`0x01${signature.slice(2, 64)}`] });
    Object.assign(tx, {
      hash: this.world.txHash(chainId, txId),
      input: this.input(chainId, txId),
      nonce: hex(t.get('nonce', txId)),
      to: t.get('to', txId) === NONE ? null : this.address(t.get('to', txId)),
      transactionIndex: hex(t.get('txIndex', txId)),
      value: `0x${amountOf(t.get('valueM', txId), t.get('valueE', txId)).toString(16)}`,
      type: hex(type),
    });
    if (type >= 2) Object.assign(tx, { accessList: [], chainId: hex(chainId) });
    Object.assign(tx, { v: type >= 2 ? '0x0' : hex(chainId * 2 + 35), r: `0x${signature.slice(0, 64)}`, s: `0x${signature.slice(64)}` });
    if (type >= 2) tx.yParity = '0x0';
    return tx;
  }

  private logs(chainId: number, txId: number): Record<string, unknown>[] {
    const chain = this.chain(chainId);
    const block = chain.txs.get('block', txId);
    const logs: Record<string, unknown>[] = [];
    const base = {
      blockNumber: hex(block),
      transactionHash: this.world.txHash(chainId, txId),
      transactionIndex: hex(chain.txs.get('txIndex', txId)),
      blockHash: this.world.blockHash(chainId, block),
    };
    const push = (address: string, topics: string[], data: string): void => {
      logs.push({ address, topics, data, ...base, logIndex: hex(logs.length), removed: false });
    };
    const word = (value: bigint | number): string => `0x${BigInt(value).toString(16).padStart(64, '0')}`;
    const topicOf = (addressIndex: number): string => `0x${this.address(addressIndex).slice(2).padStart(64, '0')}`;
    const [t0, t1] = this.world.rowsOfTx(chainId, 'tokentx', txId);
    for (let row = t0; row < t1; row++) {
      const r = chain.tokentx;
      push(
        chain.tokens[r.get('token', row)]!.address,
        [TRANSFER_TOPIC, topicOf(r.get('from', row)), topicOf(r.get('to', row))],
        word(amountOf(r.get('valueM', row), r.get('valueE', row))),
      );
    }
    const [n0, n1] = this.world.rowsOfTx(chainId, 'tokennfttx', txId);
    for (let row = n0; row < n1; row++) {
      const r = chain.nfttx;
      push(
        chain.tokens[r.get('token', row)]!.address,
        [TRANSFER_TOPIC, topicOf(r.get('from', row)), topicOf(r.get('to', row)), word(r.get('tokenId', row))],
        '0x',
      );
    }
    const [m0, m1] = this.world.rowsOfTx(chainId, 'token1155tx', txId);
    for (let row = m0; row < m1; row++) {
      const r = chain.multitx;
      push(
        chain.tokens[r.get('token', row)]!.address,
        [TRANSFER_SINGLE_TOPIC, topicOf(chain.txs.get('from', txId)), topicOf(r.get('from', row)), topicOf(r.get('to', row))],
        `${word(r.get('tokenId', row))}${word(r.get('amount', row)).slice(2)}`,
      );
    }
    return logs;
  }

  /** The parent tx's fields that token rows repeat. */
  private tokenCommon(chainId: number, txId: number): Required<WireTx> {
    return this.txRecord(chainId, txId, false);
  }

  /** Calldata: the selector, then argument words rotated out of one derived word (cheap, and stable per tx). */
  private input(chainId: number, txId: number): string {
    const method = METHODS[METHOD_NAMES[this.chain(chainId).txs.get('method', txId)]!];
    if (method.argWords === 0) return method.methodId;
    const word = derivedHex(8, INPUT_SALT, chainId, txId);
    let input = method.methodId;
    for (let n = 0; n < method.argWords; n++) {
      const turn = (n * 11) % 64;
      input += word.slice(turn) + word.slice(0, turn);
    }
    return input;
  }

  private cumulativeGas(chain: ChainData, txId: number): number {
    const index = chain.txs.get('txIndex', txId);
    return chain.txs.get('gasUsed', txId) + index * 45_000 + (mix32(txId ^ chain.chainId) % 30_000);
  }

  private value(t: ChainData['txs'], txId: number): string {
    return amountOf(t.get('valueM', txId), t.get('valueE', txId)).toString();
  }

  private address(index: number): string {
    return index === NONE ? '' : this.world.addresses.at(index);
  }

  private chain(chainId: number): ChainData {
    const chain = this.world.chain(chainId);
    if (chain === undefined) throw new RangeError(`chain ${chainId} is not in this world`);
    return chain;
  }
}

function hex(value: number): string {
  return `0x${value.toString(16)}`;
}
