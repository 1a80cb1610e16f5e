import type { FeeModel } from '../chains/chains.js';
import { STREAMS, type Stream } from '../etherscan/wire.js';
import { METHOD_NAMES, type MethodName } from './methods.js';
import type { Prng } from './Prng.js';
import { NONE, Table } from './Table.js';
import {
  amountOf,
  CALL_TYPES,
  type CallType,
  type InternalColumn,
  type MultiColumn,
  type NftColumn,
  type TokenColumn,
  type TxColumn,
} from './World.js';

/** An exact amount as mantissa × 10^exponent (see amountOf). */
export interface Amount {
  m: number;
  e: number;
}
export const ZERO: Amount = { m: 0, e: 0 };

export interface TxSpec {
  from: number;
  /** NONE for a contract creation. */
  to: number;
  value?: Amount;
  method: MethodName;
  gasUsed: number;
  failed?: boolean;
  created?: number;
  blob?: boolean;
}

export interface InternalSpec {
  from: number;
  to: number;
  value?: Amount;
  callType?: CallType;
  failed?: boolean;
  created?: number;
}

/**
 * How a world prices its transactions beyond the chain's fee model. Default worlds leave it out, so their
 * random draws (and every output built on them) stay as they were.
 */
export interface FeeMarketPricing {
  /** Transactions before this block are legacy-priced (type 0, price paid = txlist gasPrice). */
  feeMarketBlock: number;
  /** After it, a type-2 transaction's txlist gasPrice is its bid, above the effective price only the receipt has. */
  listShowsBid: boolean;
}

/** Blob gas of one blob (EIP-4844). */
export const BLOB_GAS_PER_TX = 131072;

/**
 * Appends one chain's records in block order and keeps a running balance per (address, asset)
 * so the scenario never spends what a wallet does not have. These running balances are only a
 * guard for the generator; the world's truth is recomputed from the stored rows.
 */
export class ChainBuilder {
  readonly txs = new Table<TxColumn>({
    block: 'u32',
    txIndex: 'u32',
    from: 'u32',
    to: 'u32',
    created: 'u32',
    nonce: 'u32',
    valueM: 'u32',
    valueE: 'u32',
    gas: 'u32',
    gasUsed: 'u32',
    gasPrice: 'f64',
    effectiveGasPrice: 'f64',
    l1Fee: 'f64',
    blobGasPrice: 'f64',
    type: 'u32',
    status: 'u32',
    method: 'u32',
  });
  readonly internals = new Table<InternalColumn>({
    tx: 'u32',
    from: 'u32',
    to: 'u32',
    created: 'u32',
    valueM: 'u32',
    valueE: 'u32',
    callType: 'u32',
    traceId: 'u32',
    isError: 'u32',
  });
  readonly tokentx = new Table<TokenColumn>({ tx: 'u32', token: 'u32', from: 'u32', to: 'u32', valueM: 'u32', valueE: 'u32' });
  readonly nfttx = new Table<NftColumn>({ tx: 'u32', token: 'u32', from: 'u32', to: 'u32', tokenId: 'u32' });
  readonly multitx = new Table<MultiColumn>({ tx: 'u32', token: 'u32', from: 'u32', to: 'u32', tokenId: 'u32', amount: 'u32' });
  readonly silent = new Table<TokenColumn>({ tx: 'u32', token: 'u32', from: 'u32', to: 'u32', valueM: 'u32', valueE: 'u32' });

  /** Running balances, keyed address × 64 + asset slot. */
  private readonly balances = new Map<number, bigint>();
  private readonly assetSlots = new Map<string, number>();
  private readonly nonces = new Map<number, number>();
  /** Rows per (address, stream), keyed address × 8 + stream index. */
  private readonly rows = new Map<number, number>();
  private block = 0;
  private txIndex = 0;
  private tracesInTx = 0;

  constructor(
    private readonly feeModel: FeeModel,
    private readonly prng: Prng,
    /** Only these addresses get running balances and row counts: nobody asks about counterparties. */
    private readonly tracked: ReadonlySet<number>,
    private readonly pricing?: FeeMarketPricing,
  ) {}

  get currentBlock(): number {
    return this.block;
  }

  /** Moves to `block` (never backwards); later transactions in the same block get the next index. */
  at(block: number): void {
    const target = Math.max(block, this.block);
    if (target !== this.block || this.txs.length === 0) this.txIndex = this.prng.int(0, 120);
    this.block = target;
  }

  /** Rows of `stream` that involve `address` so far. */
  rowCount(address: number, stream: Stream): number {
    return this.rows.get(address * 8 + STREAMS.indexOf(stream)) ?? 0;
  }

  balance(address: number, asset: string): bigint {
    return this.balances.get(this.balanceKey(address, asset)) ?? 0n;
  }

  genesis(to: number, genesisFrom: number, value: Amount): number {
    const id = this.txs.push({
      block: 0,
      txIndex: 0,
      from: genesisFrom,
      to,
      created: NONE,
      nonce: 0,
      valueM: value.m,
      valueE: value.e,
      gas: 0,
      gasUsed: 0,
      gasPrice: 0,
      effectiveGasPrice: 0,
      l1Fee: 0,
      blobGasPrice: 0,
      type: 0,
      status: 1,
      method: METHOD_NAMES.indexOf('genesis'),
    });
    this.move(to, 'native', amountOf(value.m, value.e));
    return id;
  }

  tx(spec: TxSpec): number {
    const prng = this.prng;
    const value = spec.value ?? ZERO;
    let effective: number;
    let bid: number;
    let l1Fee = 0;
    if (this.feeModel === 'op-stack') {
      effective = prng.int(1_000_000, 300_000_000);
      bid = effective;
      l1Fee = prng.int(1_000, 8_000_000) * 1_000_000;
    } else if (this.feeModel === 'arbitrum') {
      effective = prng.int(10_000_000, 200_000_000);
      bid = effective + prng.int(1_000_000, effective);
    } else {
      effective = prng.int(1_000, 40_000) * 1_000_000 + prng.int(0, 999_999);
      bid = effective;
    }
    const blobGasPrice = spec.blob === true ? prng.int(1, 5_000_000_000) : 0;
    const legacyOnly = this.pricing !== undefined && this.block < this.pricing.feeMarketBlock;
    const type = spec.blob === true ? 3 : legacyOnly ? 0 : prng.chance(0.8) ? 2 : 0;
    if (type === 2 && this.pricing?.listShowsBid === true && bid === effective) bid = effective + prng.int(1_000_000, effective);
    const gas = spec.failed === true && prng.chance(0.5) ? spec.gasUsed : Math.ceil(spec.gasUsed * (1.2 + prng.next() * 0.3));
    const nonce = this.nonces.get(spec.from) ?? prng.int(0, 5000);
    this.nonces.set(spec.from, nonce + 1);
    this.tracesInTx = 0;
    const id = this.txs.push({
      block: this.block,
      txIndex: this.txIndex++,
      from: spec.from,
      to: spec.to,
      created: spec.created ?? NONE,
      nonce,
      valueM: value.m,
      valueE: value.e,
      gas,
      gasUsed: spec.gasUsed,
      gasPrice: bid,
      effectiveGasPrice: effective,
      l1Fee,
      blobGasPrice,
      type,
      status: spec.failed === true ? 0 : 1,
      method: METHOD_NAMES.indexOf(spec.method),
    });
    this.count('txlist', spec.from, spec.created ?? spec.to);
    if (this.tracked.has(spec.from)) {
      const fee = BigInt(spec.gasUsed) * BigInt(effective) + BigInt(l1Fee) + BigInt(BLOB_GAS_PER_TX) * BigInt(blobGasPrice);
      this.move(spec.from, 'native', -fee);
    }
    if (spec.failed !== true) this.transfer('native', spec.from, spec.created ?? spec.to, amountOf(value.m, value.e));
    return id;
  }

  internal(tx: number, spec: InternalSpec): number {
    const value = spec.value ?? ZERO;
    const callType = spec.callType ?? 'call';
    const row = this.internals.push({
      tx,
      from: spec.from,
      to: spec.to,
      created: spec.created ?? NONE,
      valueM: value.m,
      valueE: value.e,
      callType: CALL_TYPES.indexOf(callType),
      traceId: this.tracesInTx++,
      isError: spec.failed === true ? 1 : 0,
    });
    this.count('txlistinternal', spec.from, spec.created ?? spec.to);
    if (spec.failed !== true && callType !== 'delegatecall' && this.txs.get('status', tx) === 1) {
      this.transfer('native', spec.from, spec.created ?? spec.to, amountOf(value.m, value.e));
    }
    return row;
  }

  token(tx: number, token: number, contract: string, from: number, to: number, value: Amount): void {
    this.tokentx.push({ tx, token, from, to, valueM: value.m, valueE: value.e });
    this.count('tokentx', from, to);
    this.transfer(contract, from, to, amountOf(value.m, value.e));
  }

  /** A token balance change without a Transfer event (a WETH9 mint or burn): in balances, in no list. */
  silentToken(tx: number, token: number, contract: string, from: number, to: number, value: Amount): void {
    this.silent.push({ tx, token, from, to, valueM: value.m, valueE: value.e });
    this.transfer(contract, from, to, amountOf(value.m, value.e));
  }

  nft(tx: number, token: number, contract: string, from: number, to: number, tokenId: number): void {
    this.nfttx.push({ tx, token, from, to, tokenId });
    this.count('tokennfttx', from, to);
    this.transfer(contract, from, to, 1n);
  }

  multi(tx: number, token: number, contract: string, from: number, to: number, tokenId: number, amount: number): void {
    this.multitx.push({ tx, token, from, to, tokenId, amount });
    this.count('token1155tx', from, to);
    this.transfer(contract, from, to, BigInt(amount));
  }

  private count(stream: Stream, from: number, to: number): void {
    const index = STREAMS.indexOf(stream);
    for (const address of from === to ? [from] : [from, to]) {
      if (!this.tracked.has(address)) continue;
      const key = address * 8 + index;
      this.rows.set(key, (this.rows.get(key) ?? 0) + 1);
    }
  }

  private transfer(asset: string, from: number, to: number, amount: bigint): void {
    if (amount === 0n) return;
    this.move(from, asset, -amount);
    this.move(to, asset, amount);
  }

  private move(address: number, asset: string, delta: bigint): void {
    if (!this.tracked.has(address)) return;
    const key = this.balanceKey(address, asset);
    this.balances.set(key, (this.balances.get(key) ?? 0n) + delta);
  }

  private balanceKey(address: number, asset: string): number {
    let slot = this.assetSlots.get(asset);
    if (slot === undefined) this.assetSlots.set(asset, (slot = this.assetSlots.size));
    if (slot >= 64) throw new RangeError('more than 64 assets on one chain');
    return address * 64 + slot;
  }
}
