import type { Stream } from '../etherscan/wire.js';
import type { AddressBook } from './AddressBook.js';
import { BLOB_GAS_PER_TX } from './ChainBuilder.js';
import { derivedHex, mix32 } from './Prng.js';
import type { Table } from './Table.js';
import { amountOf, CALL_TYPES, type AssetKey, type AssetSums, type ChainData, type World, type WorldWallet } from './World.js';

const HASH_SALT = 0x7a5_11ed;
const BLOCK_SALT = 0xb10c_4a5;
const DELEGATECALL = CALL_TYPES.indexOf('delegatecall');

/** One wallet's movements on one chain, in no particular order: the source of every expected balance. */
interface Movements {
  blocks: number[];
  assets: string[];
  amounts: bigint[];
  /** 0 in, 1 out, 2 fee. */
  kinds: number[];
}

type AnyTable = Table<'tx' | 'from' | 'to'>;

/**
 * The generated world: compact tables plus everything derived from them on demand (hashes,
 * timestamps, per-address row indexes, balances). Hashes embed the tx id so looking one up
 * needs no map of a million strings.
 */
export class WorldModel implements World {
  readonly chainIds: readonly number[];
  private readonly chains: ReadonlyMap<number, ChainData>;
  private readonly rowIndex = new Map<string, Uint32Array>();
  private readonly movements = new Map<string, Movements>();

  constructor(
    readonly seed: number,
    readonly scale: number,
    readonly wallets: readonly WorldWallet[],
    readonly addresses: AddressBook,
    chains: readonly ChainData[],
  ) {
    this.chains = new Map(chains.map((chain) => [chain.chainId, chain]));
    this.chainIds = chains.map((chain) => chain.chainId);
  }

  chain(chainId: number): ChainData | undefined {
    return this.chains.get(chainId);
  }

  timestampOf(chainId: number, block: number): number {
    const chain = this.need(chainId);
    if (block <= 0) return chain.genesisTimestamp;
    const offset = ((block - chain.firstBlock) * chain.blockMillis) / 1000;
    return Math.max(chain.genesisTimestamp, chain.startTimestamp + Math.floor(offset));
  }

  blockByTime(chainId: number, timestamp: number, closest: 'before' | 'after'): number | null {
    const chain = this.need(chainId);
    // Binary search over a monotonic function: exact for every block-time and the pre-world stretch alike.
    let low = 0;
    let high = chain.headBlock;
    if (closest === 'before') {
      if (this.timestampOf(chainId, 0) > timestamp) return null;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (this.timestampOf(chainId, mid) <= timestamp) low = mid;
        else high = mid - 1;
      }
      return low;
    }
    if (this.timestampOf(chainId, chain.headBlock) < timestamp) return null;
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (this.timestampOf(chainId, mid) >= timestamp) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  blockHash(chainId: number, block: number): string {
    return `0x${derivedHex(8, BLOCK_SALT ^ this.seed, chainId, block)}`;
  }

  txHash(chainId: number, txId: number): string {
    const chain = this.need(chainId);
    if (chain.txs.get('from', txId) === this.addresses.find('GENESIS')) {
      return `GENESIS_${this.addresses.at(chain.txs.get('to', txId)).slice(2)}`;
    }
    const body = derivedHex(7, HASH_SALT ^ this.seed, chainId, txId);
    const tag = (txId ^ mix32(parseInt(body.slice(0, 8), 16) ^ chainId)) >>> 0;
    return `0x${body}${tag.toString(16).padStart(8, '0')}`;
  }

  txIdByHash(chainId: number, hash: string): number | undefined {
    const chain = this.chains.get(chainId);
    if (chain === undefined) return undefined;
    const lower = hash.toLowerCase();
    if (lower.startsWith('genesis_')) {
      const rows = this.rowsOf(chainId, 'txlist', `0x${lower.slice(8)}`);
      const first = rows[0];
      return first !== undefined && this.txHash(chainId, first).toLowerCase() === lower ? first : undefined;
    }
    if (!/^0x[0-9a-f]{64}$/.test(lower)) return undefined;
    const txId = (parseInt(lower.slice(58), 16) ^ mix32(parseInt(lower.slice(2, 10), 16) ^ chainId)) >>> 0;
    return txId < chain.txs.length && this.txHash(chainId, txId) === lower ? txId : undefined;
  }

  rowsOf(chainId: number, stream: Stream, address: string): Uint32Array {
    const id = this.addresses.find(address);
    if (id === undefined || !this.chains.has(chainId)) return new Uint32Array(0);
    const key = `${chainId}|${stream}|${id}`;
    let rows = this.rowIndex.get(key);
    if (rows === undefined) {
      rows = this.scan(this.table(chainId, stream), id, stream === 'txlist' || stream === 'txlistinternal');
      this.rowIndex.set(key, rows);
    }
    return rows;
  }

  txOfRow(chainId: number, stream: Stream, row: number): number {
    return stream === 'txlist' ? row : this.table(chainId, stream).get('tx', row);
  }

  rowsOfTx(chainId: number, stream: Stream, txId: number): [number, number] {
    if (stream === 'txlist') return [txId, txId + 1];
    const table = this.table(chainId, stream);
    return [table.lowerBound('tx', txId), table.lowerBound('tx', txId + 1)];
  }

  expectedBalance(chainId: number, wallet: string, asset: AssetKey, atBlock: number): bigint {
    const moves = this.movementsOf(chainId, wallet);
    const key = asset.toLowerCase();
    let balance = 0n;
    for (let i = 0; i < moves.blocks.length; i++) {
      if (moves.blocks[i]! > atBlock || moves.assets[i] !== key) continue;
      balance += moves.kinds[i] === 0 ? moves.amounts[i]! : -moves.amounts[i]!;
    }
    return balance;
  }

  expectedSums(chainId: number, wallet: string, fromBlock: number, toBlock: number): ReadonlyMap<AssetKey, AssetSums> {
    const moves = this.movementsOf(chainId, wallet);
    const sums = new Map<AssetKey, AssetSums>();
    for (let i = 0; i < moves.blocks.length; i++) {
      const block = moves.blocks[i]!;
      if (block < fromBlock || block > toBlock) continue;
      const asset = moves.assets[i]!;
      let entry = sums.get(asset);
      if (entry === undefined) sums.set(asset, (entry = { in: 0n, out: 0n, fees: 0n }));
      const kind = moves.kinds[i];
      if (kind === 0) entry.in += moves.amounts[i]!;
      else if (kind === 1) entry.out += moves.amounts[i]!;
      else entry.fees += moves.amounts[i]!;
    }
    return sums;
  }

  /**
   * The truth, from the stored rows with the chain's rules: value of successful txs, internal
   * calls that neither failed nor were delegatecalls, token rows, the silent WETH9 mints and burns,
   * and every fee the wallet paid (failed txs included; l1Fee on OP-stack; blob gas).
   */
  private movementsOf(chainId: number, wallet: string): Movements {
    const key = `${chainId}|${wallet.toLowerCase()}`;
    const cached = this.movements.get(key);
    if (cached !== undefined) return cached;
    const chain = this.need(chainId);
    const me = this.addresses.find(wallet);
    const moves: Movements = { blocks: [], assets: [], amounts: [], kinds: [] };
    const add = (block: number, asset: string, amount: bigint, kind: number): void => {
      if (amount === 0n) return;
      moves.blocks.push(block);
      moves.assets.push(asset);
      moves.amounts.push(amount);
      moves.kinds.push(kind);
    };
    const txs = chain.txs;
    const ok = (tx: number): boolean => txs.get('status', tx) === 1;
    for (const tx of this.rowsOf(chainId, 'txlist', wallet)) {
      const block = txs.get('block', tx);
      const value = amountOf(txs.get('valueM', tx), txs.get('valueE', tx));
      if (txs.get('from', tx) === me) {
        const blob = txs.get('type', tx) === 3 ? BigInt(BLOB_GAS_PER_TX) * BigInt(txs.get('blobGasPrice', tx)) : 0n;
        add(
          block,
          'native',
          BigInt(txs.get('gasUsed', tx)) * BigInt(txs.get('effectiveGasPrice', tx)) + BigInt(txs.get('l1Fee', tx)) + blob,
          2,
        );
        if (ok(tx)) add(block, 'native', value, 1);
      }
      if (ok(tx) && (txs.get('to', tx) === me || txs.get('created', tx) === me)) add(block, 'native', value, 0);
    }
    const internals = chain.internals;
    for (const row of this.rowsOf(chainId, 'txlistinternal', wallet)) {
      const tx = internals.get('tx', row);
      if (!ok(tx) || internals.get('isError', row) === 1 || internals.get('callType', row) === DELEGATECALL) continue;
      const value = amountOf(internals.get('valueM', row), internals.get('valueE', row));
      if (internals.get('from', row) === me) add(txs.get('block', tx), 'native', value, 1);
      if (internals.get('to', row) === me || internals.get('created', row) === me) add(txs.get('block', tx), 'native', value, 0);
    }
    const tokenStreams: [Exclude<Stream, 'txlist' | 'txlistinternal'>, (row: number) => bigint][] = [
      ['tokentx', (row) => amountOf(chain.tokentx.get('valueM', row), chain.tokentx.get('valueE', row))],
      ['tokennfttx', () => 1n],
      ['token1155tx', (row) => BigInt(chain.multitx.get('amount', row))],
    ];
    for (const [stream, amountOfRow] of tokenStreams) {
      const table = this.table(chainId, stream) as Table<'tx' | 'from' | 'to' | 'token'>;
      for (const row of this.rowsOf(chainId, stream, wallet)) {
        const tx = table.get('tx', row);
        if (!ok(tx)) continue;
        const asset = chain.tokens[table.get('token', row)]!.address;
        const amount = amountOfRow(row);
        if (table.get('from', row) === me) add(txs.get('block', tx), asset, amount, 1);
        if (table.get('to', row) === me) add(txs.get('block', tx), asset, amount, 0);
      }
    }
    const silent = chain.silent;
    for (let row = 0; row < silent.length; row++) {
      const tx = silent.get('tx', row);
      const from = silent.get('from', row);
      const to = silent.get('to', row);
      if ((from !== me && to !== me) || !ok(tx)) continue;
      const asset = chain.tokens[silent.get('token', row)]!.address;
      const amount = amountOf(silent.get('valueM', row), silent.get('valueE', row));
      if (from === me) add(txs.get('block', tx), asset, amount, 1);
      if (to === me) add(txs.get('block', tx), asset, amount, 0);
    }
    this.movements.set(key, moves);
    return moves;
  }

  private scan(table: AnyTable, id: number, withCreated: boolean): Uint32Array {
    const found: number[] = [];
    const created = table as unknown as Table<'created'>;
    for (let row = 0; row < table.length; row++) {
      if (table.get('from', row) === id || table.get('to', row) === id || (withCreated && created.get('created', row) === id))
        found.push(row);
    }
    return Uint32Array.from(found);
  }

  private table(chainId: number, stream: Stream): AnyTable {
    const chain = this.need(chainId);
    const tables: Record<Stream, unknown> = {
      txlist: chain.txs,
      txlistinternal: chain.internals,
      tokentx: chain.tokentx,
      tokennfttx: chain.nfttx,
      token1155tx: chain.multitx,
    };
    return tables[stream] as AnyTable;
  }

  private need(chainId: number): ChainData {
    const chain = this.chains.get(chainId);
    if (chain === undefined) throw new RangeError(`chain ${chainId} is not in this world`);
    return chain;
  }
}
