import { getChain } from '../chains/chains.js';
import { InputError } from '../errors/LedgerscanError.js';
import { AddressBook } from './AddressBook.js';
import { type Amount, ChainBuilder, type FeeMarketPricing } from './ChainBuilder.js';
import { Prng } from './Prng.js';
import { NONE } from './Table.js';
import { amountOf, type ChainData, MAX_UINT_EXPONENT, type World, type WorldWallet } from './World.js';
import { WorldModel } from './WorldModel.js';
import { type DefiStage, defiShapes } from './defiShapes.js';
import { type TokenKey, worldTokens } from './worldTokens.js';
import { derivedAddress, ROLE, worldWallets } from './worldWallets.js';

export interface GenerateWorldOptions {
  seed: number;
  /** Multiplies the bulk: 1 ≈ 10k ledger entries, 10 ≈ 100k, 100 ≈ 1M. Special cases are always present. */
  scale: number;
  /** Default [1, 10, 42161]; the first is the home chain (genesis, Safe, NFTs, every token case). */
  chains?: readonly number[];
  /** Owned EOAs (≥ 2, default 3); a Safe is always added. */
  wallets?: number;
  /**
   * A world across the fee market: chain 1 starts on SPANNING_START (block 6,146,600) so it spans London
   * (12,965,000) with most of its bulk before it, every chain prices transactions before its fee market
   * as legacy (type 0), and a type-2 row's txlist gasPrice is its bid, so only the receipt has the fee.
   */
  spanFeeMarket?: boolean;
}

/** The world spans 2024-06-01 .. 2026-03-01 UTC, so a 2025 export has history before its period. */
export const WORLD_START = Date.UTC(2024, 5, 1) / 1000;
export const WORLD_END = Date.UTC(2026, 2, 1) / 1000;
/**
 * Every special case happens in this window, well inside calendar 2025 UTC, so the demo's
 * 2025 export shows each one; bulk activity still covers the whole span.
 */
export const SPECIALS_FROM = Date.UTC(2025, 0, 15) / 1000;
export const SPECIALS_TO = Date.UTC(2025, 11, 15) / 1000;
/** Where chain 1 starts in a `spanFeeMarket` world: a wallet active since 2019, two and a half years before London. */
export const SPANNING_START = Date.UTC(2019, 0, 1) / 1000;
/** Share of a spanning chain's bulk placed before its fee market: mainnet users moved to L2s as fees rose. */
const PRE_MARKET_SHARE = 0.55;

/** Chain 1 in a `spanFeeMarket` world: the block at SPANNING_START that puts London near its real date. */
const SPANNING_MAINNET = { firstBlock: 6_146_600, genesisTimestamp: 1438269973 };

/** Block numbers near the real ones at WORLD_START, and each chain's genesis time. */
const SHAPES: Readonly<Record<number, { firstBlock: number; genesisTimestamp: number }>> = {
  1: { firstBlock: 20_000_000, genesisTimestamp: 1438269973 },
  10: { firstBlock: 120_000_000, genesisTimestamp: 1636665385 },
  42161: { firstBlock: 218_000_000, genesisTimestamp: 1622243344 },
};

/**
 * Bulk events per wallet at scale 1 (× scale, rounded). With the default chains this gives Main
 * on mainnet ≈2,500 txlist and ≈1,500 tokentx rows and the whole world ≈10.5k ledger entries
 * (movements + fees); scale 10 ≈ 105k, scale 100 ≈ 1.05M (measured, seed 1).
 */
const BULK = {
  home: { Main: 2800, Trading: 450, Cold: 60, Safe: 160, extra: 200 },
  other: { Main: 800, Trading: 350, Cold: 0, Safe: 0, extra: 150 },
} as const;

type EoaKind =
  | 'nativeIn' | 'nativeOut' | 'erc20In' | 'erc20Out' | 'swapTokens' | 'swapEthForToken' | 'swapTokenForEth'
  | 'approve' | 'claim' | 'ownNative' | 'ownToken' | 'spam' | 'nftIn' | 'nftOut' | 'multiIn' | 'failed';
type SafeKind = 'safeNativeIn' | 'safeTokenIn' | 'safeExecNative' | 'safeExecToken';

const EOA_WEIGHTS: Readonly<Record<EoaKind, number>> = {
  nativeIn: 20, nativeOut: 16, erc20In: 8, erc20Out: 14, swapTokens: 8, swapEthForToken: 5, swapTokenForEth: 5,
  approve: 8, claim: 5, ownNative: 3, ownToken: 3, spam: 3, nftIn: 1, nftOut: 1, multiIn: 1, failed: 1.5,
};
const COLD_WEIGHTS: Readonly<Partial<Record<EoaKind, number>>> = { nativeIn: 3, erc20In: 3, nativeOut: 1, erc20Out: 1 };
const SAFE_WEIGHTS: Readonly<Record<SafeKind, number>> = { safeNativeIn: 3, safeTokenIn: 3, safeExecNative: 2, safeExecToken: 2 };

const GAS = { plain: 21000, transfer: [34_000, 65_000], swap: [110_000, 260_000], approve: [44_000, 48_000] } as const;

export function generateWorld(options: GenerateWorldOptions): World {
  const chainIds = options.chains ?? [1, 10, 42161];
  if (chainIds.length === 0) throw new InputError('a sandbox world needs at least one chain');
  if (!(options.scale >= 0)) throw new InputError(`scale must be ≥ 0, got ${options.scale}`);
  const book = new AddressBook();
  const wallets = worldWallets(options.seed, chainIds, options.wallets ?? 3);
  const spanning = options.spanFeeMarket === true;
  const chains = chainIds.map((chainId, n) => new ChainScenario(options.seed, chainId, n === 0, wallets, book, options.scale, spanning).run());
  return new WorldModel(options.seed, options.scale, wallets, book, chains);
}

/** One chain's story: prologue (funding, genesis, Safe creation), then bulk events over the whole span with the special cases spread over 2025. */
class ChainScenario {
  private readonly prng: Prng;
  private readonly b: ChainBuilder;
  private readonly tokens: ReturnType<typeof worldTokens>;
  private readonly owned: { wallet: WorldWallet; id: number }[];
  private readonly eoas: number[];
  private readonly main: number;
  private readonly safe: number | undefined;
  private readonly cold: number | undefined;
  private readonly zero: number;
  private readonly counterparties: number[] = [];
  private readonly contracts: Record<'router' | 'distributor' | 'bridge' | 'exchange' | 'factory' | 'singleton' | 'spammer', number>;
  private readonly nftOwned = new Map<number, number[]>();
  private readonly multiOwned = new Map<number, Map<number, number>>();
  private nextNftId = 1;
  private nextDeployment = 0;
  private readonly boundaryBursts = new Set<string>();
  private readonly firstBlock: number;
  private readonly headBlock: number;
  private readonly genesisTimestamp: number;
  private readonly blockMillis: number;
  private readonly startTimestamp: number;
  /** Bulk before this block gets PRE_MARKET_SHARE of the slots; `undefined` spreads bulk evenly. */
  private readonly weightedBefore: number | undefined;

  constructor(
    private readonly seed: number,
    private readonly chainId: number,
    private readonly home: boolean,
    wallets: readonly WorldWallet[],
    private readonly book: AddressBook,
    private readonly scale: number,
    spanFeeMarket: boolean,
  ) {
    const chain = getChain(chainId);
    this.prng = new Prng(seed * 1_000_003 + chainId);
    this.owned = wallets.filter((w) => w.chains.includes(chainId)).map((wallet) => ({ wallet, id: book.intern(wallet.address) }));
    const feeMarketBlock = chain.feeModel === 'legacy' ? Number.MAX_SAFE_INTEGER : (chain.feeMarketBlock ?? 0);
    const pricing: FeeMarketPricing | undefined = spanFeeMarket ? { feeMarketBlock, listShowsBid: true } : undefined;
    this.b = new ChainBuilder(chain.feeModel, this.prng, new Set(this.owned.map((o) => o.id)), pricing);
    this.tokens = worldTokens(seed, chainId, home);
    this.eoas = this.owned.filter((o) => !o.wallet.contract).map((o) => o.id);
    this.main = this.eoas[0]!;
    this.safe = this.owned.find((o) => o.wallet.contract)?.id;
    this.cold = this.owned.find((o) => o.wallet.label === 'Cold')?.id;
    this.zero = book.intern(`0x${'0'.repeat(40)}`);
    for (let n = 0; n < 400; n++) this.counterparties.push(book.intern(derivedAddress(seed, ROLE.counterparty, n)));
    const contract = (n: number, fixed?: string): number => book.intern(fixed ?? derivedAddress(seed, ROLE.contract, chainId * 100 + n));
    this.contracts = {
      router: contract(0, '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'),
      distributor: contract(1),
      bridge: contract(2),
      exchange: contract(3),
      factory: contract(4, '0xa6b71e26c5e0845f74c812102ca7114b6a896ab2'),
      singleton: contract(5, '0xd9db270c1b5e3bd161e8c8503c55ceabee709552'),
      spammer: contract(6),
    };
    this.blockMillis = chain.blockSeconds * 1000;
    const spansMainnet = spanFeeMarket && chainId === 1;
    const shape = spansMainnet
      ? SPANNING_MAINNET
      : (SHAPES[chainId] ?? { firstBlock: 10_000_000, genesisTimestamp: WORLD_START - Math.floor((10_000_000 * this.blockMillis) / 1000) });
    this.startTimestamp = spansMainnet ? SPANNING_START : WORLD_START;
    this.firstBlock = shape.firstBlock;
    this.genesisTimestamp = shape.genesisTimestamp;
    this.headBlock = shape.firstBlock + Math.floor(((WORLD_END - this.startTimestamp) * 1000) / this.blockMillis);
    this.weightedBefore = spanFeeMarket && feeMarketBlock > this.firstBlock + 1000 && feeMarketBlock < this.headBlock ? feeMarketBlock : undefined;
  }

  run(): ChainData {
    this.prologue();
    const slots = this.bulkSlots();
    const spaced = this.specials();
    // DeFi shapes happen at fixed times, so the two legs of a bridge land on their chains in the right order.
    const scheduled = [
      ...spaced.map((run, k) => ({ block: this.blockAt(SPECIALS_FROM + Math.floor(((k + 1) * (SPECIALS_TO - SPECIALS_FROM)) / (spaced.length + 1))), run })),
      ...defiShapes(this.defiStage()).map(({ at, run }) => ({ block: this.blockAt(at), run })),
    ].sort((x, y) => x.block - y.block);
    const specials = scheduled.map((event) => event.run);
    const specialBlocks = scheduled.map((event) => event.block);
    const span = this.headBlock - this.firstBlock - 2000;
    let special = 0;
    const specialsUpTo = (block: number): void => {
      for (; special < specials.length && specialBlocks[special]! <= block; special++) {
        this.b.at(specialBlocks[special]!);
        specials[special]!();
      }
    };
    for (let i = 0; i < slots.length; i++) {
      const block = this.firstBlock + 1000 + this.bulkOffset(i + this.prng.next(), slots.length, span);
      specialsUpTo(block);
      if (!this.prng.chance(0.12)) this.b.at(block);
      this.bulk(slots[i]!);
    }
    specialsUpTo(this.headBlock);
    return {
      chainId: this.chainId, firstBlock: this.firstBlock, startTimestamp: this.startTimestamp, blockMillis: this.blockMillis, headBlock: this.headBlock,
      genesisTimestamp: this.genesisTimestamp, txs: this.b.txs, internals: this.b.internals, tokentx: this.b.tokentx,
      nfttx: this.b.nfttx, multitx: this.b.multitx, silent: this.b.silent, tokens: this.tokens.list,
    };
  }

  // ---- timeline ------------------------------------------------------------------------------

  private blockAt(timestamp: number): number {
    return this.firstBlock + Math.floor(((timestamp - this.startTimestamp) * 1000) / this.blockMillis);
  }

  /** Blocks after the bulk's start for slot position `at` of `slots`: even, or weighted before the fee market. */
  private bulkOffset(at: number, slots: number, span: number): number {
    if (this.weightedBefore === undefined) return Math.floor((at * span) / slots);
    const share = at / slots;
    const before = this.weightedBefore - this.firstBlock - 1000;
    return share < PRE_MARKET_SHARE
      ? Math.floor((share / PRE_MARKET_SHARE) * before)
      : before + Math.floor(((share - PRE_MARKET_SHARE) / (1 - PRE_MARKET_SHARE)) * (span - before));
  }

  private prologue(): void {
    const units = Math.max(1, Math.ceil(this.scale));
    this.b.at(this.firstBlock + 10);
    if (this.home) this.b.genesis(this.main, this.book.intern('GENESIS'), { m: 5000 * units, e: 18 });
    for (const wallet of this.eoas) {
      if (!(this.home && wallet === this.main)) this.nativeIn(wallet, { m: 300 * units, e: 18 }, this.contracts.bridge);
      for (const key of ['usdc', 'weth', 'dai', 'gov'] as const) {
        if (this.tokens.index.has(key)) this.tokenIn(wallet, key, { m: 2_000_000 * units, e: this.decimals(key) }, this.contracts.exchange);
      }
      this.b.at(this.b.currentBlock + 3);
    }
    if (this.safe !== undefined) {
      this.createSafe(this.safe);
      this.safeNativeIn({ m: 200 * units, e: 18 });
      this.tokenIn(this.safe, 'usdc', { m: 1_000_000 * units, e: 6 }, this.contracts.exchange);
    }
  }

  /** Who acts in each bulk slot, interleaved at random. */
  private bulkSlots(): number[] {
    const profile = this.home ? BULK.home : BULK.other;
    const slots: number[] = [];
    for (const { wallet, id } of this.owned) {
      const base = wallet.label in profile ? profile[wallet.label as keyof typeof profile] : profile.extra;
      for (let n = Math.round(base * this.scale); n > 0; n--) slots.push(id);
    }
    for (let i = slots.length - 1; i > 0; i--) {
      const j = this.prng.int(0, i);
      [slots[i], slots[j]] = [slots[j]!, slots[i]!];
    }
    return slots;
  }

  private bulk(wallet: number): void {
    if (wallet === this.safe) {
      this.safeEvent(this.prng.weighted(SAFE_WEIGHTS));
      return;
    }
    if (wallet === this.main) this.pageBoundaryBurst();
    const weights = wallet === this.cold ? COLD_WEIGHTS : EOA_WEIGHTS;
    this.eoaEvent(wallet, this.prng.weighted<EoaKind>(weights));
  }

  /** Right before Main's txlist or tokentx reaches a multiple of 1,000 rows, put several of its rows in one block so a page ends inside it. */
  private pageBoundaryBurst(): void {
    for (const stream of ['txlist', 'tokentx'] as const) {
      const count = this.b.rowCount(this.main, stream);
      const thousand = Math.floor((count + 6) / 1000);
      const key = `${stream}:${thousand}`;
      if (thousand === 0 || count % 1000 < 994 || this.boundaryBursts.has(key)) continue;
      this.boundaryBursts.add(key);
      this.b.at(this.b.currentBlock + 1);
      for (let n = 0; n < 9; n++) this.eoaEvent(this.main, 'erc20Out');
    }
  }

  // ---- events ---------------------------------------------------------------------------------

  private eoaEvent(w: number, kind: EoaKind): void {
    const p = this.prng;
    switch (kind) {
      case 'nativeIn':
        return void this.nativeIn(w, this.ethAmount(8, 10), p.pick(this.counterparties));
      case 'nativeOut': {
        const value = this.ethAmount(6, 9);
        if (!this.canSpend(w, 'native', value)) return this.eoaEvent(w, 'nativeIn');
        return void this.b.tx({ from: w, to: p.pick(this.counterparties), value, method: 'plain', gasUsed: GAS.plain });
      }
      case 'erc20In': {
        const key = this.bulkToken();
        return this.tokenIn(w, key, this.tokenAmount(key, 'in'), p.pick(this.counterparties));
      }
      case 'erc20Out':
        return this.tokenOut(w, this.bulkToken(), p.pick(this.counterparties));
      case 'ownNative': {
        const to = this.otherOwned(w);
        const value = this.ethAmount(7, 9);
        if (to === undefined || !this.canSpend(w, 'native', value)) return this.eoaEvent(w, 'nativeIn');
        return void this.b.tx({ from: w, to, value, method: 'plain', gasUsed: GAS.plain });
      }
      case 'ownToken': {
        const to = this.otherOwned(w);
        return to === undefined ? this.eoaEvent(w, 'erc20In') : this.tokenOut(w, this.bulkToken(), to);
      }
      case 'swapTokens': {
        const [sell, buy] = this.twoTokens();
        const amount = this.tokenAmount(sell, 'out');
        if (!this.canSpend(w, sell, amount)) return this.eoaEvent(w, 'erc20In');
        const tx = this.b.tx({ from: w, to: this.contracts.router, method: 'swapTokensForTokens', gasUsed: this.gas(GAS.swap) });
        this.token(tx, sell, w, this.contracts.router, amount);
        this.token(tx, buy, this.contracts.router, w, this.tokenAmount(buy, 'in'));
        return;
      }
      case 'swapEthForToken': {
        const value = this.ethAmount(6, 9);
        if (!this.canSpend(w, 'native', value)) return this.eoaEvent(w, 'nativeIn');
        const buy = this.bulkToken();
        const tx = this.b.tx({ from: w, to: this.contracts.router, value, method: 'swapEthForTokens', gasUsed: this.gas(GAS.swap) });
        this.token(tx, buy, this.contracts.router, w, this.tokenAmount(buy, 'in'));
        return;
      }
      case 'swapTokenForEth': {
        const sell = this.bulkToken();
        const amount = this.tokenAmount(sell, 'out');
        if (!this.canSpend(w, sell, amount)) return this.eoaEvent(w, 'erc20In');
        const tx = this.b.tx({ from: w, to: this.contracts.router, method: 'swapTokensForEth', gasUsed: this.gas(GAS.swap) });
        this.token(tx, sell, w, this.contracts.router, amount);
        const weth = this.tokenAddress('weth');
        const out = this.ethAmount(6, 9);
        this.b.internal(tx, { from: weth, to: this.contracts.router, value: out });
        this.b.internal(tx, { from: this.contracts.router, to: w, value: out });
        return;
      }
      case 'approve':
        return void this.b.tx({ from: w, to: this.tokenAddress(this.bulkToken()), method: 'approve', gasUsed: this.gas(GAS.approve) });
      case 'claim': {
        const tx = this.b.tx({ from: w, to: this.contracts.distributor, method: 'claim', gasUsed: this.gas([60_000, 120_000]) });
        this.b.internal(tx, { from: this.contracts.distributor, to: w, value: this.ethAmount(6, 8) });
        if (p.chance(0.3)) this.b.internal(tx, { from: this.contracts.distributor, to: w, callType: 'call' });
        return;
      }
      case 'spam':
        return this.spam(w, p.pick(this.home ? (['spamClaim', 'spamEth', 'spamUsdc', 'spamFormula'] as const) : (['spamClaim'] as const)), this.tokenAmount('usdc', 'in'));
      case 'nftIn': {
        if (!this.home) return this.eoaEvent(w, 'erc20In');
        const from = p.pick(this.counterparties);
        const tx = this.b.tx({ from, to: this.tokenAddress('punks'), method: 'nftTransfer', gasUsed: this.gas([50_000, 90_000]) });
        this.nftMove(tx, from, w, this.nextNftId++);
        return;
      }
      case 'nftOut': {
        const held = this.nftOwned.get(w) ?? [];
        if (!this.home || held.length === 0) return this.eoaEvent(w, 'nftIn');
        const tx = this.b.tx({ from: w, to: this.tokenAddress('punks'), method: 'nftTransfer', gasUsed: this.gas([50_000, 90_000]) });
        this.nftMove(tx, w, p.pick(this.counterparties), held[p.int(0, held.length - 1)]!);
        return;
      }
      case 'multiIn': {
        if (!this.home) return this.eoaEvent(w, 'erc20In');
        const from = p.pick(this.counterparties);
        const tx = this.b.tx({ from, to: this.tokenAddress('items'), method: 'multiTransfer', gasUsed: this.gas([50_000, 90_000]) });
        this.multiMove(tx, from, w, p.int(1, 12), p.int(1, 20));
        return;
      }
      case 'failed': {
        const value = this.ethAmount(6, 8);
        if (!this.canSpend(w, 'native', value)) return this.eoaEvent(w, 'nativeIn');
        this.b.tx({ from: w, to: this.contracts.router, value, method: 'swapEthForTokens', gasUsed: this.gas([30_000, 90_000]), failed: true });
        return;
      }
    }
  }

  private safeEvent(kind: SafeKind): void {
    const p = this.prng;
    switch (kind) {
      case 'safeNativeIn':
        return this.safeNativeIn(this.ethAmount(8, 10));
      case 'safeTokenIn':
        return this.tokenIn(this.safe!, this.bulkToken(), this.tokenAmount('usdc', 'in'), p.pick(this.counterparties));
      case 'safeExecNative':
        return this.safeExecNative(p.chance(0.2) ? this.main : p.pick(this.counterparties), this.ethAmount(7, 9));
      case 'safeExecToken':
        return this.safeExecToken(p.pick(this.counterparties));
    }
  }

  /** Every ledger case at least once, whatever the scale. Order matters (mint before burn). */
  private specials(): (() => void)[] {
    const m = this.main;
    const list: (() => void)[] = [
      () => this.eoaEvent(m, 'ownNative'),
      () => this.eoaEvent(m, 'swapTokens'),
      () => this.failedWithInternal(),
    ];
    if (!this.home) return list;
    const cold = this.eoas[2] ?? this.eoas[1]!;
    return [
      ...list,
      () => this.tokenOut(m, 'usdc', cold),
      () => this.eoaEvent(m, 'swapTokenForEth'),
      () => this.eoaEvent(m, 'swapEthForToken'),
      () => this.claimWithEveryInternal(),
      () => this.duplicateTransfers(),
      () => this.tokenIn(m, 'mystery', { m: 21460171, e: 18 }, this.contracts.distributor),
      () => this.tokenIn(m, 'nometa', { m: 5000, e: 0 }, this.contracts.distributor),
      () => this.tokenIn(m, 'pix', { m: 7, e: 0 }, this.contracts.distributor),
      () => this.tokenOut(m, 'pix', this.prng.pick(this.counterparties), { m: 2, e: 0 }),
      () => this.spam(m, 'spamClaim', { m: 0, e: MAX_UINT_EXPONENT }),
      () => this.spam(m, 'spamEth', { m: 15, e: 17 }),
      () => this.spam(m, 'spamUsdc', { m: 25_000, e: 6 }),
      () => this.spam(m, 'spamFormula', { m: 1, e: 18 }),
      () => this.mintNft(),
      () => this.mintNft(),
      () => this.mintNft(),
      () => this.moveOwnedNft(this.prng.pick(this.counterparties), 'nftTransfer'),
      () => this.moveOwnedNft(this.zero, 'burn'),
      () => this.multiInFixed(),
      () => this.multiOutFixed(),
      () => this.blobTx(),
      () => this.blobTx(),
      () => this.blobTx(),
      () => void this.b.tx({ from: m, to: this.prng.pick(this.counterparties), value: { m: 1_234_567, e: 3 }, method: 'shortInput', gasUsed: 21_064 }),
      () => this.deployContract(),
      () => void this.b.tx({ from: m, to: m, value: { m: 1, e: 17 }, method: 'plain', gasUsed: GAS.plain }),
      () => this.eoaEvent(this.eoas[1]!, 'ownNative'),
      () => this.safeNativeIn({ m: 3, e: 18 }),
      () => this.safeExecNative(this.prng.pick(this.counterparties), { m: 5, e: 17 }),
      () => this.safeExecNative(m, { m: 1, e: 18 }),
      () => this.safeExecToken(this.prng.pick(this.counterparties)),
      () => this.internalOnlyIn(),
      () => this.freeMint(),
    ];
  }

  private defiStage(): DefiStage {
    return {
      chainId: this.chainId, home: this.home, b: this.b, book: this.book, main: this.main, router: this.contracts.router, zero: this.zero,
      counterparty: () => this.prng.pick(this.counterparties),
      token: (tx, key, from, to, amount) => this.token(tx, key, from, to, amount),
      tokenIndex: (key) => this.tokenIndex(key),
      tokenContract: (key) => this.tokenInfo(key).address,
      decimals: (key) => this.decimals(key),
      spam: (to, key, amount) => this.spam(to, key, amount),
    };
  }

  // ---- building blocks ------------------------------------------------------------------------

  private nativeIn(to: number, value: Amount, from: number): number {
    return this.b.tx({ from, to, value, method: 'plain', gasUsed: GAS.plain });
  }

  private tokenIn(to: number, key: TokenKey, amount: Amount, from: number): void {
    const tx = this.b.tx({ from, to: this.tokenAddress(key), method: 'transfer', gasUsed: this.gas(GAS.transfer) });
    this.token(tx, key, from, to, amount);
  }

  private tokenOut(from: number, key: TokenKey, to: number, fixed?: Amount): void {
    const amount = fixed ?? this.tokenAmount(key, 'out');
    if (!this.canSpend(from, key, amount)) return this.tokenIn(from, key, this.tokenAmount(key, 'in'), this.prng.pick(this.counterparties));
    const tx = this.b.tx({ from, to: this.tokenAddress(key), method: 'transfer', gasUsed: this.gas(GAS.transfer) });
    this.token(tx, key, from, to, amount);
  }

  private spam(to: number, key: TokenKey, amount: Amount): void {
    const tx = this.b.tx({ from: this.contracts.spammer, to: this.tokenAddress(key), method: 'airdrop', gasUsed: this.gas([90_000, 400_000]) });
    this.token(tx, key, this.contracts.spammer, this.prng.pick(this.counterparties), amount);
    this.token(tx, key, this.contracts.spammer, to, amount);
  }

  private failedWithInternal(): void {
    const tx = this.b.tx({ from: this.main, to: this.contracts.router, value: { m: 5, e: 17 }, method: 'swapEthForTokens', gasUsed: 48_211, failed: true });
    this.b.internal(tx, { from: this.contracts.router, to: this.main, value: { m: 5, e: 17 }, failed: true });
  }

  private claimWithEveryInternal(): void {
    const d = this.contracts.distributor;
    const tx = this.b.tx({ from: this.main, to: d, method: 'claim', gasUsed: 97_345 });
    this.b.internal(tx, { from: d, to: this.main, value: { m: 25, e: 16 } });
    this.b.internal(tx, { from: d, to: this.main, value: { m: 4, e: 18 }, failed: true });
    this.b.internal(tx, { from: d, to: this.main });
  }

  /** One tx with two identical Transfer rows to Main: both are real. */
  private duplicateTransfers(): void {
    const d = this.contracts.distributor;
    const tx = this.b.tx({ from: this.prng.pick(this.counterparties), to: d, method: 'airdrop', gasUsed: 120_500 });
    this.token(tx, 'usdc', d, this.main, { m: 100, e: 6 });
    this.token(tx, 'usdc', d, this.main, { m: 100, e: 6 });
  }

  /**
   * A stranger's call in which the distributor pays Main through an internal transfer, after a tx of Main's own
   * in the same block: Main's lists hold that call only as an internal row, which carries no transaction index.
   */
  private internalOnlyIn(): void {
    this.b.tx({ from: this.main, to: this.prng.pick(this.counterparties), value: { m: 2, e: 16 }, method: 'plain', gasUsed: GAS.plain });
    const tx = this.b.tx({ from: this.prng.pick(this.counterparties), to: this.contracts.distributor, method: 'claim', gasUsed: 61_250 });
    this.b.internal(tx, { from: this.contracts.distributor, to: this.main, value: { m: 3, e: 17 } });
  }

  /** An NFT minted to Main in a stranger's transaction (an airdrop): Main neither paid nor sent anything. */
  private freeMint(): void {
    const tx = this.b.tx({ from: this.prng.pick(this.counterparties), to: this.tokenAddress('punks'), method: 'mint', gasUsed: 98_000 });
    this.nftMove(tx, this.zero, this.main, this.nextNftId++);
  }

  private mintNft(): void {
    const tx = this.b.tx({ from: this.main, to: this.tokenAddress('punks'), value: { m: 5, e: 16 }, method: 'mint', gasUsed: 112_000 });
    this.nftMove(tx, this.zero, this.main, this.nextNftId++);
  }

  private moveOwnedNft(to: number, method: 'nftTransfer' | 'burn'): void {
    const held = this.nftOwned.get(this.main) ?? [];
    const tokenId = held[0];
    if (tokenId === undefined) return;
    const tx = this.b.tx({ from: this.main, to: this.tokenAddress('punks'), method, gasUsed: this.gas([40_000, 70_000]) });
    this.nftMove(tx, this.main, to, tokenId);
  }

  private multiInFixed(): void {
    const from = this.prng.pick(this.counterparties);
    const tx = this.b.tx({ from, to: this.tokenAddress('items'), method: 'multiTransfer', gasUsed: 58_000 });
    this.multiMove(tx, from, this.main, 3, 5);
  }

  private multiOutFixed(): void {
    const tx = this.b.tx({ from: this.main, to: this.tokenAddress('items'), method: 'multiTransfer', gasUsed: 61_000 });
    this.multiMove(tx, this.main, this.prng.pick(this.counterparties), 3, 2);
  }

  private blobTx(): void {
    this.b.tx({ from: this.main, to: this.contracts.bridge, method: 'blobSubmit', gasUsed: GAS.plain, blob: true });
  }

  private deployContract(): void {
    const created = this.book.intern(derivedAddress(this.seed, ROLE.contract, this.chainId * 100 + 50 + this.nextDeployment++));
    this.b.tx({ from: this.main, to: NONE, created, method: 'deploy', gasUsed: this.gas([400_000, 1_500_000]) });
  }

  /** The factory creates the Safe: an internal `create` row whose contractAddress is the Safe. */
  private createSafe(safe: number): void {
    const tx = this.b.tx({ from: this.main, to: this.contracts.factory, method: 'createProxy', gasUsed: 262_000 });
    this.b.internal(tx, { from: this.contracts.factory, to: NONE, created: safe, callType: 'create' });
  }

  /** Ether sent to the Safe proxy is delegatecalled into the singleton with the same value, which must not count twice. */
  private safeNativeIn(value: Amount): void {
    const safe = this.safe!;
    const tx = this.nativeIn(safe, value, this.prng.pick(this.counterparties));
    this.b.internal(tx, { from: safe, to: this.contracts.singleton, value, callType: 'delegatecall' });
  }

  /** Main pays the gas; the Safe's ether leaves as an internal call. */
  private safeExecNative(to: number, value: Amount): void {
    const safe = this.safe!;
    if (!this.canSpend(safe, 'native', value)) return this.safeNativeIn(this.ethAmount(8, 10));
    const tx = this.b.tx({ from: this.main, to: safe, method: 'execTransaction', gasUsed: this.gas([70_000, 110_000]) });
    this.b.internal(tx, { from: safe, to: this.contracts.singleton, callType: 'delegatecall' });
    this.b.internal(tx, { from: safe, to, value });
  }

  private safeExecToken(to: number): void {
    const safe = this.safe!;
    const amount = this.tokenAmount('usdc', 'out');
    if (!this.canSpend(safe, 'usdc', amount)) return this.tokenIn(safe, 'usdc', this.tokenAmount('usdc', 'in'), this.contracts.exchange);
    const tx = this.b.tx({ from: this.main, to: safe, method: 'execTransaction', gasUsed: this.gas([80_000, 130_000]) });
    this.token(tx, 'usdc', safe, to, amount);
  }

  private token(tx: number, key: TokenKey, from: number, to: number, amount: Amount): void {
    this.b.token(tx, this.tokenIndex(key), this.tokenInfo(key).address, from, to, amount);
  }

  private nftMove(tx: number, from: number, to: number, tokenId: number): void {
    this.b.nft(tx, this.tokenIndex('punks'), this.tokenInfo('punks').address, from, to, tokenId);
    const held = this.nftOwned.get(from);
    if (held !== undefined) held.splice(held.indexOf(tokenId), 1);
    const receiver = this.nftOwned.get(to);
    if (receiver === undefined) this.nftOwned.set(to, [tokenId]);
    else receiver.push(tokenId);
  }

  private multiMove(tx: number, from: number, to: number, tokenId: number, amount: number): void {
    this.b.multi(tx, this.tokenIndex('items'), this.tokenInfo('items').address, from, to, tokenId, amount);
    const add = (who: number, delta: number): void => {
      const ids = this.multiOwned.get(who) ?? new Map<number, number>();
      ids.set(tokenId, (ids.get(tokenId) ?? 0) + delta);
      this.multiOwned.set(who, ids);
    };
    add(from, -amount);
    add(to, amount);
  }

  // ---- amounts and picks ---------------------------------------------------------------------

  /** An EOA keeps a reserve for gas so its ether never goes negative; the Safe's gas is paid by Main. */
  private canSpend(wallet: number, asset: TokenKey | 'native', amount: Amount): boolean {
    const reserve = wallet === this.safe ? 0n : 5n * 10n ** 17n;
    const native = this.b.balance(wallet, 'native');
    if (asset === 'native') return native >= amountOf(amount.m, amount.e) + reserve;
    return native >= reserve && this.b.balance(wallet, this.tokenInfo(asset).address) >= amountOf(amount.m, amount.e);
  }

  private ethAmount(minExponent: number, maxExponent: number): Amount {
    return { m: this.prng.int(1_000_000, 999_999_999), e: this.prng.int(minExponent, maxExponent) };
  }

  private tokenAmount(key: TokenKey, direction: 'in' | 'out'): Amount {
    const decimals = this.decimals(key);
    const top = direction === 'in' ? decimals - 4 : decimals - 5;
    return { m: this.prng.int(1_000, 999_999_999), e: Math.max(0, top - this.prng.int(0, 2)) };
  }

  private decimals(key: TokenKey): number {
    return Number(this.tokenInfo(key).decimals || '18');
  }

  private bulkToken(): TokenKey {
    return this.prng.pick(this.home ? (['usdc', 'weth', 'dai', 'gov'] as const) : (['usdc', 'weth', 'gov'] as const));
  }

  private twoTokens(): [TokenKey, TokenKey] {
    const sell = this.bulkToken();
    let buy = this.bulkToken();
    while (buy === sell) buy = this.bulkToken();
    return [sell, buy];
  }

  private otherOwned(wallet: number): number | undefined {
    const others = this.eoas.filter((id) => id !== wallet);
    return others.length === 0 ? undefined : this.prng.pick(others);
  }

  private gas(range: readonly [number, number]): number {
    return this.prng.int(range[0], range[1]);
  }

  private tokenIndex(key: TokenKey): number {
    const index = this.tokens.index.get(key);
    if (index === undefined) throw new RangeError(`token ${key} is not on chain ${this.chainId}`);
    return index;
  }

  private tokenInfo(key: TokenKey): ChainData['tokens'][number] {
    return this.tokens.list[this.tokenIndex(key)]!;
  }

  private tokenAddress(key: TokenKey): number {
    return this.book.intern(this.tokenInfo(key).address);
  }
}
