import type { Wire1155Tx, WireInternalTx, WireNftTx, WireRecordOf, WireTokenTx, WireTx, Stream } from '../etherscan/wire.js';
import { METHOD_NAMES, METHODS } from './methods.js';
import { derivedHex, mix32 } from './Prng.js';
import { NONE } from './Table.js';
import { amountOf, CALL_TYPES, type ChainData, type World } from './World.js';

export const INPUT_SALT = 0x1a9_0e7;

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

  /** The parent tx's fields that token rows repeat. */
  private tokenCommon(chainId: number, txId: number): Required<WireTx> {
    return this.txRecord(chainId, txId, false);
  }

  /** Calldata: the selector, then argument words rotated out of one derived word (cheap, and stable per tx). */
  input(chainId: number, txId: number): string {
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

  cumulativeGas(chain: ChainData, txId: number): number {
    const index = chain.txs.get('txIndex', txId);
    return chain.txs.get('gasUsed', txId) + index * 45_000 + (mix32(txId ^ chain.chainId) % 30_000);
  }

  private value(t: ChainData['txs'], txId: number): string {
    return amountOf(t.get('valueM', txId), t.get('valueE', txId)).toString();
  }

  address(index: number): string {
    return index === NONE ? '' : this.world.addresses.at(index);
  }

  chain(chainId: number): ChainData {
    const chain = this.world.chain(chainId);
    if (chain === undefined) throw new RangeError(`chain ${chainId} is not in this world`);
    return chain;
  }
}

export function hex(value: number): string {
  return `0x${value.toString(16)}`;
}
