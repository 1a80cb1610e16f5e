import type { Amount } from './ChainBuilder.js';
import { NONE } from './Table.js';
import { GAS, ScenarioCast } from './ScenarioCast.js';
import { derivedAddress, ROLE } from './worldWallets.js';

export type EoaKind =
  | 'nativeIn'
  | 'nativeOut'
  | 'erc20In'
  | 'erc20Out'
  | 'swapTokens'
  | 'swapEthForToken'
  | 'swapTokenForEth'
  | 'approve'
  | 'claim'
  | 'ownNative'
  | 'ownToken'
  | 'spam'
  | 'nftIn'
  | 'nftOut'
  | 'multiIn'
  | 'failed';
export type SafeKind = 'safeNativeIn' | 'safeTokenIn' | 'safeExecNative' | 'safeExecToken';

/**
 * The events of one chain's story: a bulk event of an EOA or of the Safe by kind, and the fixed shapes the
 * special cases are made of (failed calls with internals, duplicate rows, mints and burns, Safe executions).
 */
export abstract class ScenarioEvents extends ScenarioCast {
  protected eoaEvent(w: number, kind: EoaKind): void {
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
        return this.spam(
          w,
          p.pick(this.home ? (['spamClaim', 'spamEth', 'spamUsdc', 'spamFormula'] as const) : (['spamClaim'] as const)),
          this.tokenAmount('usdc', 'in'),
        );
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
        this.b.tx({
          from: w,
          to: this.contracts.router,
          value,
          method: 'swapEthForTokens',
          gasUsed: this.gas([30_000, 90_000]),
          failed: true,
        });
        return;
      }
    }
  }

  protected safeEvent(kind: SafeKind): void {
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

  // ---- special shapes -------------------------------------------------------------------------

  protected failedWithInternal(): void {
    const tx = this.b.tx({
      from: this.main,
      to: this.contracts.router,
      value: { m: 5, e: 17 },
      method: 'swapEthForTokens',
      gasUsed: 48_211,
      failed: true,
    });
    this.b.internal(tx, { from: this.contracts.router, to: this.main, value: { m: 5, e: 17 }, failed: true });
  }

  protected claimWithEveryInternal(): void {
    const d = this.contracts.distributor;
    const tx = this.b.tx({ from: this.main, to: d, method: 'claim', gasUsed: 97_345 });
    this.b.internal(tx, { from: d, to: this.main, value: { m: 25, e: 16 } });
    this.b.internal(tx, { from: d, to: this.main, value: { m: 4, e: 18 }, failed: true });
    this.b.internal(tx, { from: d, to: this.main });
  }

  /** One tx with two identical Transfer rows to Main: both are real. */
  protected duplicateTransfers(): void {
    const d = this.contracts.distributor;
    const tx = this.b.tx({ from: this.prng.pick(this.counterparties), to: d, method: 'airdrop', gasUsed: 120_500 });
    this.token(tx, 'usdc', d, this.main, { m: 100, e: 6 });
    this.token(tx, 'usdc', d, this.main, { m: 100, e: 6 });
  }

  /**
   * A stranger's call in which the distributor pays Main through an internal transfer, after a tx of Main's own
   * in the same block: Main's lists hold that call only as an internal row, which carries no transaction index.
   */
  protected internalOnlyIn(): void {
    this.b.tx({ from: this.main, to: this.prng.pick(this.counterparties), value: { m: 2, e: 16 }, method: 'plain', gasUsed: GAS.plain });
    const tx = this.b.tx({ from: this.prng.pick(this.counterparties), to: this.contracts.distributor, method: 'claim', gasUsed: 61_250 });
    this.b.internal(tx, { from: this.contracts.distributor, to: this.main, value: { m: 3, e: 17 } });
  }

  /** An NFT minted to Main in a stranger's transaction (an airdrop): Main neither paid nor sent anything. */
  protected freeMint(): void {
    const tx = this.b.tx({ from: this.prng.pick(this.counterparties), to: this.tokenAddress('punks'), method: 'mint', gasUsed: 98_000 });
    this.nftMove(tx, this.zero, this.main, this.nextNftId++);
  }

  protected mintNft(): void {
    const tx = this.b.tx({ from: this.main, to: this.tokenAddress('punks'), value: { m: 5, e: 16 }, method: 'mint', gasUsed: 112_000 });
    this.nftMove(tx, this.zero, this.main, this.nextNftId++);
  }

  protected moveOwnedNft(to: number, method: 'nftTransfer' | 'burn'): void {
    const held = this.nftOwned.get(this.main) ?? [];
    const tokenId = held[0];
    if (tokenId === undefined) return;
    const tx = this.b.tx({ from: this.main, to: this.tokenAddress('punks'), method, gasUsed: this.gas([40_000, 70_000]) });
    this.nftMove(tx, this.main, to, tokenId);
  }

  protected multiInFixed(): void {
    const from = this.prng.pick(this.counterparties);
    const tx = this.b.tx({ from, to: this.tokenAddress('items'), method: 'multiTransfer', gasUsed: 58_000 });
    this.multiMove(tx, from, this.main, 3, 5);
  }

  protected multiOutFixed(): void {
    const tx = this.b.tx({ from: this.main, to: this.tokenAddress('items'), method: 'multiTransfer', gasUsed: 61_000 });
    this.multiMove(tx, this.main, this.prng.pick(this.counterparties), 3, 2);
  }

  protected blobTx(): void {
    this.b.tx({ from: this.main, to: this.contracts.bridge, method: 'blobSubmit', gasUsed: GAS.plain, blob: true });
  }

  protected deployContract(): void {
    const created = this.book.intern(derivedAddress(this.seed, ROLE.contract, this.chainId * 100 + 50 + this.nextDeployment++));
    this.b.tx({ from: this.main, to: NONE, created, method: 'deploy', gasUsed: this.gas([400_000, 1_500_000]) });
  }

  /** The factory creates the Safe: an internal `create` row whose contractAddress is the Safe. */
  protected createSafe(safe: number): void {
    const tx = this.b.tx({ from: this.main, to: this.contracts.factory, method: 'createProxy', gasUsed: 262_000 });
    this.b.internal(tx, { from: this.contracts.factory, to: NONE, created: safe, callType: 'create' });
  }

  /** Ether sent to the Safe proxy is delegatecalled into the singleton with the same value, which must not count twice. */
  protected safeNativeIn(value: Amount): void {
    const safe = this.safe!;
    const tx = this.nativeIn(safe, value, this.prng.pick(this.counterparties));
    this.b.internal(tx, { from: safe, to: this.contracts.singleton, value, callType: 'delegatecall' });
  }

  /** Main pays the gas; the Safe's ether leaves as an internal call. */
  protected safeExecNative(to: number, value: Amount): void {
    const safe = this.safe!;
    if (!this.canSpend(safe, 'native', value)) return this.safeNativeIn(this.ethAmount(8, 10));
    const tx = this.b.tx({ from: this.main, to: safe, method: 'execTransaction', gasUsed: this.gas([70_000, 110_000]) });
    this.b.internal(tx, { from: safe, to: this.contracts.singleton, callType: 'delegatecall' });
    this.b.internal(tx, { from: safe, to, value });
  }

  protected safeExecToken(to: number): void {
    const safe = this.safe!;
    const amount = this.tokenAmount('usdc', 'out');
    if (!this.canSpend(safe, 'usdc', amount)) return this.tokenIn(safe, 'usdc', this.tokenAmount('usdc', 'in'), this.contracts.exchange);
    const tx = this.b.tx({ from: this.main, to: safe, method: 'execTransaction', gasUsed: this.gas([80_000, 130_000]) });
    this.token(tx, 'usdc', safe, to, amount);
  }
}
