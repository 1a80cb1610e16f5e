import { getChain } from '../chains/chains.js';
import { BLOB_GAS_PER_TX } from './ChainBuilder.js';
import { derivedHex, mix32 } from './Prng.js';
import { NONE } from './Table.js';
import { amountOf, type World } from './World.js';
import { hex, INPUT_SALT, type WireRenderer } from './renderWire.js';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';

/**
 * The proxy module's objects (a receipt with its logs, a transaction by hash) as a node sends them: hex
 * quantities, each fee model's extra fields; derived from the same rows and ids as the list records.
 */
export class ProxyRenderer {
  constructor(
    private readonly world: World,
    private readonly wire: WireRenderer,
  ) {}

  /** proxy eth_getTransactionReceipt: hex quantities, plus each fee model's extra fields. */
  receipt(chainId: number, txId: number): Record<string, unknown> {
    const chain = this.wire.chain(chainId);
    const t = chain.txs;
    const block = t.get('block', txId);
    const gasUsed = t.get('gasUsed', txId);
    const created = t.get('created', txId);
    const receipt: Record<string, unknown> = {
      blockHash: this.world.blockHash(chainId, block),
      blockNumber: hex(block),
      contractAddress: created === NONE ? null : this.wire.address(created),
      cumulativeGasUsed: hex(this.wire.cumulativeGas(chain, txId)),
      effectiveGasPrice: hex(t.get('effectiveGasPrice', txId)),
      from: this.wire.address(t.get('from', txId)),
      gasUsed: hex(gasUsed),
      logs: this.logs(chainId, txId),
      logsBloom: `0x${'0'.repeat(512)}`,
      status: t.get('status', txId) === 1 ? '0x1' : '0x0',
      to: t.get('to', txId) === NONE ? null : this.wire.address(t.get('to', txId)),
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
    const chain = this.wire.chain(chainId);
    const t = chain.txs;
    const block = t.get('block', txId);
    const type = t.get('type', txId);
    const price = t.get('effectiveGasPrice', txId);
    const signature = derivedHex(16, INPUT_SALT ^ 0x5197, chainId, txId);
    const tx: Record<string, unknown> = {
      blockHash: this.world.blockHash(chainId, block),
      blockNumber: hex(block),
      from: this.wire.address(t.get('from', txId)),
      gas: hex(t.get('gas', txId)),
      gasPrice: hex(price),
    };
    if (type >= 2)
      Object.assign(tx, { maxFeePerGas: hex(t.get('gasPrice', txId) * 2), maxPriorityFeePerGas: hex(Math.min(price, 1_000_000_000)) });
    if (type === 3)
      Object.assign(tx, { maxFeePerBlobGas: hex(t.get('blobGasPrice', txId) * 2), blobVersionedHashes: [`0x01${signature.slice(2, 64)}`] });
    Object.assign(tx, {
      hash: this.world.txHash(chainId, txId),
      input: this.wire.input(chainId, txId),
      nonce: hex(t.get('nonce', txId)),
      to: t.get('to', txId) === NONE ? null : this.wire.address(t.get('to', txId)),
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
    const chain = this.wire.chain(chainId);
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
    const topicOf = (addressIndex: number): string => `0x${this.wire.address(addressIndex).slice(2).padStart(64, '0')}`;
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
}
