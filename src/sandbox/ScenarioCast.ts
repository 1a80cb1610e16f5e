import { getChain } from '../chains/chains.js';
import type { AddressBook } from './AddressBook.js';
import { type Amount, ChainBuilder, type FeeMarketPricing } from './ChainBuilder.js';
import { Prng } from './Prng.js';
import { amountOf, type ChainData, type WorldWallet } from './World.js';
import { type TokenKey, worldTokens } from './worldTokens.js';
import { derivedAddress, ROLE } from './worldWallets.js';

/** Gas used by the common transaction shapes (a range: drawn per transaction). */
export const GAS = { plain: 21000, transfer: [34_000, 65_000], swap: [110_000, 260_000], approve: [44_000, 48_000] } as const;

/**
 * Who takes part in one chain's story (the owned wallets, 400 counterparties, the contracts, the tokens, one
 * seeded PRNG and the chain's builder) and the moves every event is made of: plain transfers, token, NFT and
 * multi-token legs, amounts and picks. `ScenarioEvents` and `ChainScenario` build the story on top.
 */
export abstract class ScenarioCast {
  protected readonly prng: Prng;
  protected readonly b: ChainBuilder;
  protected readonly tokens: ReturnType<typeof worldTokens>;
  protected readonly owned: { wallet: WorldWallet; id: number }[];
  protected readonly eoas: number[];
  protected readonly main: number;
  protected readonly safe: number | undefined;
  protected readonly cold: number | undefined;
  protected readonly zero: number;
  protected readonly counterparties: number[] = [];
  protected readonly contracts: Record<'router' | 'distributor' | 'bridge' | 'exchange' | 'factory' | 'singleton' | 'spammer', number>;
  protected readonly nftOwned = new Map<number, number[]>();
  protected readonly multiOwned = new Map<number, Map<number, number>>();
  protected nextNftId = 1;
  protected nextDeployment = 0;
  /** The block the chain's fee market starts at (`MAX_SAFE_INTEGER` on a legacy chain). */
  protected readonly feeMarketBlock: number;

  constructor(
    protected readonly seed: number,
    protected readonly chainId: number,
    protected readonly home: boolean,
    wallets: readonly WorldWallet[],
    protected readonly book: AddressBook,
    spanFeeMarket: boolean,
  ) {
    const chain = getChain(chainId);
    this.prng = new Prng(seed * 1_000_003 + chainId);
    this.owned = wallets.filter((w) => w.chains.includes(chainId)).map((wallet) => ({ wallet, id: book.intern(wallet.address) }));
    this.feeMarketBlock = chain.feeModel === 'legacy' ? Number.MAX_SAFE_INTEGER : (chain.feeMarketBlock ?? 0);
    const pricing: FeeMarketPricing | undefined = spanFeeMarket ? { feeMarketBlock: this.feeMarketBlock, listShowsBid: true } : undefined;
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
  }

  // ---- moves ----------------------------------------------------------------------------------

  protected nativeIn(to: number, value: Amount, from: number): number {
    return this.b.tx({ from, to, value, method: 'plain', gasUsed: GAS.plain });
  }

  protected tokenIn(to: number, key: TokenKey, amount: Amount, from: number): void {
    const tx = this.b.tx({ from, to: this.tokenAddress(key), method: 'transfer', gasUsed: this.gas(GAS.transfer) });
    this.token(tx, key, from, to, amount);
  }

  protected tokenOut(from: number, key: TokenKey, to: number, fixed?: Amount): void {
    const amount = fixed ?? this.tokenAmount(key, 'out');
    if (!this.canSpend(from, key, amount)) return this.tokenIn(from, key, this.tokenAmount(key, 'in'), this.prng.pick(this.counterparties));
    const tx = this.b.tx({ from, to: this.tokenAddress(key), method: 'transfer', gasUsed: this.gas(GAS.transfer) });
    this.token(tx, key, from, to, amount);
  }

  protected spam(to: number, key: TokenKey, amount: Amount): void {
    const tx = this.b.tx({
      from: this.contracts.spammer,
      to: this.tokenAddress(key),
      method: 'airdrop',
      gasUsed: this.gas([90_000, 400_000]),
    });
    this.token(tx, key, this.contracts.spammer, this.prng.pick(this.counterparties), amount);
    this.token(tx, key, this.contracts.spammer, to, amount);
  }

  protected token(tx: number, key: TokenKey, from: number, to: number, amount: Amount): void {
    this.b.token(tx, this.tokenIndex(key), this.tokenInfo(key).address, from, to, amount);
  }

  protected nftMove(tx: number, from: number, to: number, tokenId: number): void {
    this.b.nft(tx, this.tokenIndex('punks'), this.tokenInfo('punks').address, from, to, tokenId);
    const held = this.nftOwned.get(from);
    if (held !== undefined) held.splice(held.indexOf(tokenId), 1);
    const receiver = this.nftOwned.get(to);
    if (receiver === undefined) this.nftOwned.set(to, [tokenId]);
    else receiver.push(tokenId);
  }

  protected multiMove(tx: number, from: number, to: number, tokenId: number, amount: number): void {
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
  protected canSpend(wallet: number, asset: TokenKey | 'native', amount: Amount): boolean {
    const reserve = wallet === this.safe ? 0n : 5n * 10n ** 17n;
    const native = this.b.balance(wallet, 'native');
    if (asset === 'native') return native >= amountOf(amount.m, amount.e) + reserve;
    return native >= reserve && this.b.balance(wallet, this.tokenInfo(asset).address) >= amountOf(amount.m, amount.e);
  }

  protected ethAmount(minExponent: number, maxExponent: number): Amount {
    return { m: this.prng.int(1_000_000, 999_999_999), e: this.prng.int(minExponent, maxExponent) };
  }

  protected tokenAmount(key: TokenKey, direction: 'in' | 'out'): Amount {
    const decimals = this.decimals(key);
    const top = direction === 'in' ? decimals - 4 : decimals - 5;
    return { m: this.prng.int(1_000, 999_999_999), e: Math.max(0, top - this.prng.int(0, 2)) };
  }

  protected decimals(key: TokenKey): number {
    return Number(this.tokenInfo(key).decimals || '18');
  }

  protected bulkToken(): TokenKey {
    return this.prng.pick(this.home ? (['usdc', 'weth', 'dai', 'gov'] as const) : (['usdc', 'weth', 'gov'] as const));
  }

  protected twoTokens(): [TokenKey, TokenKey] {
    const sell = this.bulkToken();
    let buy = this.bulkToken();
    while (buy === sell) buy = this.bulkToken();
    return [sell, buy];
  }

  protected otherOwned(wallet: number): number | undefined {
    const others = this.eoas.filter((id) => id !== wallet);
    return others.length === 0 ? undefined : this.prng.pick(others);
  }

  protected gas(range: readonly [number, number]): number {
    return this.prng.int(range[0], range[1]);
  }

  protected tokenIndex(key: TokenKey): number {
    const index = this.tokens.index.get(key);
    if (index === undefined) throw new RangeError(`token ${key} is not on chain ${this.chainId}`);
    return index;
  }

  protected tokenInfo(key: TokenKey): ChainData['tokens'][number] {
    return this.tokens.list[this.tokenIndex(key)]!;
  }

  protected tokenAddress(key: TokenKey): number {
    return this.book.intern(this.tokenInfo(key).address);
  }
}
