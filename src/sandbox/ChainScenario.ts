import { getChain } from '../chains/chains.js';
import type { AddressBook } from './AddressBook.js';
import { MAX_UINT_EXPONENT, type ChainData, type WorldWallet } from './World.js';
import { type DefiStage, defiShapes } from './defiShapes.js';
import { GAS } from './ScenarioCast.js';
import { type EoaKind, type SafeKind, ScenarioEvents } from './ScenarioEvents.js';
import { SPANNING_START, SPECIALS_FROM, SPECIALS_TO, WORLD_END, WORLD_START } from './worldSpan.js';

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

const EOA_WEIGHTS: Readonly<Record<EoaKind, number>> = {
  nativeIn: 20,
  nativeOut: 16,
  erc20In: 8,
  erc20Out: 14,
  swapTokens: 8,
  swapEthForToken: 5,
  swapTokenForEth: 5,
  approve: 8,
  claim: 5,
  ownNative: 3,
  ownToken: 3,
  spam: 3,
  nftIn: 1,
  nftOut: 1,
  multiIn: 1,
  failed: 1.5,
};
const COLD_WEIGHTS: Readonly<Partial<Record<EoaKind, number>>> = { nativeIn: 3, erc20In: 3, nativeOut: 1, erc20Out: 1 };
const SAFE_WEIGHTS: Readonly<Record<SafeKind, number>> = { safeNativeIn: 3, safeTokenIn: 3, safeExecNative: 2, safeExecToken: 2 };

/** One chain's story: prologue (funding, genesis, Safe creation), then bulk events over the whole span with the special cases spread over 2025. */
export class ChainScenario extends ScenarioEvents {
  private readonly boundaryBursts = new Set<string>();
  private readonly firstBlock: number;
  private readonly headBlock: number;
  private readonly genesisTimestamp: number;
  private readonly blockMillis: number;
  private readonly startTimestamp: number;
  /** Bulk before this block gets PRE_MARKET_SHARE of the slots; `undefined` spreads bulk evenly. */
  private readonly weightedBefore: number | undefined;

  constructor(
    seed: number,
    chainId: number,
    home: boolean,
    wallets: readonly WorldWallet[],
    book: AddressBook,
    private readonly scale: number,
    spanFeeMarket: boolean,
  ) {
    super(seed, chainId, home, wallets, book, spanFeeMarket);
    const chain = getChain(chainId);
    this.blockMillis = chain.blockSeconds * 1000;
    const spansMainnet = spanFeeMarket && chainId === 1;
    const shape = spansMainnet
      ? SPANNING_MAINNET
      : (SHAPES[chainId] ?? { firstBlock: 10_000_000, genesisTimestamp: WORLD_START - Math.floor((10_000_000 * this.blockMillis) / 1000) });
    this.startTimestamp = spansMainnet ? SPANNING_START : WORLD_START;
    this.firstBlock = shape.firstBlock;
    this.genesisTimestamp = shape.genesisTimestamp;
    this.headBlock = shape.firstBlock + Math.floor(((WORLD_END - this.startTimestamp) * 1000) / this.blockMillis);
    const feeMarket = this.feeMarketBlock;
    this.weightedBefore = spanFeeMarket && feeMarket > this.firstBlock + 1000 && feeMarket < this.headBlock ? feeMarket : undefined;
  }

  run(): ChainData {
    this.prologue();
    const slots = this.bulkSlots();
    const spaced = this.specials();
    // DeFi shapes happen at fixed times, so the two legs of a bridge land on their chains in the right order.
    const scheduled = [
      ...spaced.map((run, k) => ({
        block: this.blockAt(SPECIALS_FROM + Math.floor(((k + 1) * (SPECIALS_TO - SPECIALS_FROM)) / (spaced.length + 1))),
        run,
      })),
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
      chainId: this.chainId,
      firstBlock: this.firstBlock,
      startTimestamp: this.startTimestamp,
      blockMillis: this.blockMillis,
      headBlock: this.headBlock,
      genesisTimestamp: this.genesisTimestamp,
      txs: this.b.txs,
      internals: this.b.internals,
      tokentx: this.b.tokentx,
      nfttx: this.b.nfttx,
      multitx: this.b.multitx,
      silent: this.b.silent,
      tokens: this.tokens.list,
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
      () =>
        void this.b.tx({
          from: m,
          to: this.prng.pick(this.counterparties),
          value: { m: 1_234_567, e: 3 },
          method: 'shortInput',
          gasUsed: 21_064,
        }),
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
      chainId: this.chainId,
      home: this.home,
      b: this.b,
      book: this.book,
      main: this.main,
      router: this.contracts.router,
      zero: this.zero,
      counterparty: () => this.prng.pick(this.counterparties),
      token: (tx, key, from, to, amount) => this.token(tx, key, from, to, amount),
      tokenIndex: (key) => this.tokenIndex(key),
      tokenContract: (key) => this.tokenInfo(key).address,
      decimals: (key) => this.decimals(key),
      spam: (to, key, amount) => this.spam(to, key, amount),
    };
  }
}
