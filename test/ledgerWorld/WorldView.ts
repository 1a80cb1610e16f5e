import type { Stream, Wire1155Tx, WireInternalTx, WireNftTx, WireTokenTx, WireTx } from '../../src/etherscan/wire.js';
import { ProxyRenderer } from '../../src/sandbox/renderProxy.js';
import { WireRenderer } from '../../src/sandbox/renderWire.js';
import type { World, WorldWallet } from '../../src/sandbox/World.js';
import { type TokenKey, worldTokens } from '../../src/sandbox/worldTokens.js';
import { derivedAddress, ROLE } from '../../src/sandbox/worldWallets.js';

/** One transaction of the world as the API shows it: its txlist row, receipt and log-derived rows. */
export interface WorldTx {
  chainId: number;
  /** Lowercase, or `GENESIS_…` as the API sends it. */
  hash: string;
  tx: Required<WireTx>;
  internals: WireInternalTx[];
  tokens: WireTokenTx[];
  nfts: WireNftTx[];
  multis: Wire1155Tx[];
}

/** The receipt fields a fee is made of, as the sandbox's eth_getTransactionReceipt sends them (hex). */
export interface ReceiptFees {
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  l1Fee: bigint | undefined;
  blobGasUsed: bigint | undefined;
  blobGasPrice: bigint | undefined;
}

/** Roles of the generator's contracts (generateWorld.ts numbers them chainId × 100 + n). */
const CONTRACT_ROLES = { router: -1, distributor: 1, bridge: 2, exchange: 3, factory: -1, singleton: -1, spammer: 6 } as const;
const FIXED_CONTRACTS = {
  router: '0x7a250d5630b4cf539739df2c5dacb4c659f2488d',
  factory: '0xa6b71e26c5e0845f74c812102ca7114b6a896ab2',
  singleton: '0xd9db270c1b5e3bd161e8c8503c55ceabee709552',
} as const;
export type ContractRole = keyof typeof CONTRACT_ROLES;

/**
 * Looks transactions up in a generated world through the same wire rows the sandbox serves, so a
 * test states its expectation from what the API said, not from the generator's internals.
 */
export class WorldView {
  private readonly wire: WireRenderer;
  private readonly proxy: ProxyRenderer;
  private readonly txRows = new Map<number, Required<WireTx>[]>();
  private readonly tokens = new Map<number, ReturnType<typeof worldTokens>>();

  constructor(readonly world: World) {
    this.wire = new WireRenderer(world);
    this.proxy = new ProxyRenderer(world, this.wire);
  }

  wallet(label: string): WorldWallet {
    const wallet = this.world.wallets.find((w) => w.label === label);
    if (wallet === undefined) throw new RangeError(`no world wallet labelled ${label}`);
    return wallet;
  }

  isOwned(address: string, chainId: number): boolean {
    return this.world.wallets.some((w) => w.address === address && w.chains.includes(chainId));
  }

  /**
   * Whether owned wallets see the transaction only through internal rows: not its sender or recipient, in none
   * of its token rows. Their lists then carry neither its transaction index nor its function name.
   */
  seenOnlyInternally(worldTx: WorldTx): boolean {
    const owned = (address: string): boolean => this.isOwned(address, worldTx.chainId);
    const touches = (row: { from: string; to: string }): boolean => owned(row.from) || owned(row.to);
    return (
      worldTx.internals.some(touches) && !touches(worldTx.tx) && ![...worldTx.tokens, ...worldTx.nfts, ...worldTx.multis].some(touches)
    );
  }

  contract(chainId: number, role: ContractRole): string {
    const n = CONTRACT_ROLES[role];
    return n === -1
      ? FIXED_CONTRACTS[role as keyof typeof FIXED_CONTRACTS]
      : derivedAddress(this.world.seed, ROLE.contract, chainId * 100 + n);
  }

  token(chainId: number, key: TokenKey): string {
    let tokens = this.tokens.get(chainId);
    if (tokens === undefined)
      this.tokens.set(chainId, (tokens = worldTokens(this.world.seed, chainId, chainId === this.world.chainIds[0])));
    const index = tokens.index.get(key);
    if (index === undefined) throw new RangeError(`token ${key} is not on chain ${chainId}`);
    return tokens.list[index]!.address;
  }

  /** Every transaction of the chain whose txlist row passes `filter`, fully rendered, in world order. */
  txs(chainId: number, filter: (tx: Required<WireTx>) => boolean = () => true): WorldTx[] {
    return this.txlist(chainId).flatMap((tx, id) => (filter(tx) ? [this.render(chainId, id, tx)] : []));
  }

  /** The only transaction passing `filter`; throws when the world has none or several. */
  one(chainId: number, filter: (tx: Required<WireTx>) => boolean): WorldTx {
    const found = this.txs(chainId, filter);
    if (found.length !== 1) throw new RangeError(`expected one matching transaction on chain ${chainId}, found ${found.length}`);
    return found[0]!;
  }

  byHash(chainId: number, hash: string): WorldTx {
    const id = this.world.txIdByHash(chainId, hash);
    if (id === undefined) throw new RangeError(`no transaction ${hash} on chain ${chainId}`);
    return this.render(chainId, id, this.txlist(chainId)[id]!);
  }

  receipt(worldTx: WorldTx): ReceiptFees {
    const id = this.world.txIdByHash(worldTx.chainId, worldTx.hash)!;
    const receipt = this.proxy.receipt(worldTx.chainId, id);
    const optional = (field: string): bigint | undefined => (typeof receipt[field] === 'string' ? BigInt(receipt[field]) : undefined);
    return {
      gasUsed: BigInt(receipt.gasUsed as string),
      effectiveGasPrice: BigInt(receipt.effectiveGasPrice as string),
      l1Fee: optional('l1Fee'),
      blobGasUsed: optional('blobGasUsed'),
      blobGasPrice: optional('blobGasPrice'),
    };
  }

  private txlist(chainId: number): Required<WireTx>[] {
    let rows = this.txRows.get(chainId);
    if (rows === undefined) {
      const chain = this.world.chain(chainId);
      if (chain === undefined) throw new RangeError(`chain ${chainId} is not in the world`);
      rows = Array.from({ length: chain.txs.length }, (_, id) => this.wire.tx(chainId, id));
      this.txRows.set(chainId, rows);
    }
    return rows;
  }

  private render(chainId: number, id: number, tx: Required<WireTx>): WorldTx {
    const rows = <T>(stream: Stream, render: (row: number) => T): T[] => {
      const [first, end] = this.world.rowsOfTx(chainId, stream, id);
      return Array.from({ length: end - first }, (_, n) => render(first + n));
    };
    return {
      chainId,
      hash: tx.hash,
      tx,
      internals: rows('txlistinternal', (row) => this.wire.internal(chainId, row)),
      tokens: rows('tokentx', (row) => this.wire.tokenTx(chainId, row)),
      nfts: rows('tokennfttx', (row) => this.wire.nftTx(chainId, row)),
      multis: rows('token1155tx', (row) => this.wire.multiTx(chainId, row)),
    };
  }
}
