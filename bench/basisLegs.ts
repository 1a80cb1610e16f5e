import type { BasisLeg } from '../src/costbasis/BasisLeg.js';
import type { Category, Direction, EntryKind } from '../src/ledger/LedgerEntry.js';
import { type Decimal, formatUnits } from '../src/ledger/money.js';
import { BENCH_CHAINS } from './syntheticEntries.js';

/** mulberry32, as syntheticEntries: every run replays the same history. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 2019-01-01 to 2025-12-31, as the synthetic book. */
export const BASIS_START = 1_546_300_800;
export const BASIS_END = 1_767_225_600;
const WALLETS = 8;
const TOKENS = 40;
const WETH = '0xweth';
/** What a transaction of the mix is, and how often (of 100). */
const MIX: readonly [string, number][] = [
  ['trade', 38],
  ['income', 14],
  ['own_transfer', 10],
  ['payment_out', 10],
  ['transfer_in', 8],
  ['transfer_out', 6],
  ['wrap', 6],
  ['spam', 8],
];

interface Asset {
  contract: string;
  symbol: string;
  /** Book currency per whole unit, 8 significant digits, a random walk. */
  price: number;
}

/**
 * About `count` valued legs of a busy client as the replay reads them, in ledger order: 8 wallets on 3 chains, 40
 * tokens with ETH and WETH, trades with a fee, own transfers between wallets with a fee, income, payments, unclassified
 * transfers, wraps and spam. Values are exact `amount × price` Decimals, as the valuation gives them. Disposals take
 * part of what the wallet holds, so few of them run short. Made as the replay asks for them: nothing is held but the
 * balances. `decimal` is the money Decimal of the code under test (the built one: a clone from elsewhere would be
 * copied at every operation).
 */
export function* basisLegs(count: number, decimal: typeof Decimal, seed = 11): Generator<BasisLeg> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const wallets = Array.from({ length: WALLETS }, (_, index) => `0xwallet${index}`);
  const assets: Asset[] = [
    { contract: '', symbol: 'ETH', price: 2000 },
    { contract: WETH, symbol: 'WETH', price: 2000 },
    ...Array.from({ length: TOKENS }, (_, index) => ({ contract: `0xtoken${index}`, symbol: `TK${index}`, price: 10 ** (next() * 6 - 2) })),
  ];
  const balances = new Map<string, bigint>();
  const held = (wallet: string, chainId: number, asset: Asset): bigint => balances.get(`${wallet}|${chainId}|${asset.contract}`) ?? 0n;
  const shift = (wallet: string, chainId: number, asset: Asset, delta: bigint): void => {
    const key = `${wallet}|${chainId}|${asset.contract}`;
    balances.set(key, (balances.get(key) ?? 0n) + delta);
  };
  const step = (BASIS_END - BASIS_START) / (count / 2.4);
  let made = 0;
  let time = BASIS_START;
  let tx = 0;
  while (made < count) {
    time += Math.max(1, Math.floor(next() * 2 * step));
    tx += 1;
    const chainId = pick(BENCH_CHAINS);
    const txHash = `0x${tx.toString(16).padStart(64, '0')}`;
    const wallet = next() < 0.4 ? (wallets[0] as string) : pick(wallets);
    for (const asset of assets) asset.price *= 1 + (next() - 0.5) * 0.002;
    const legs: BasisLeg[] = [];
    const leg = (who: string, direction: Direction, kind: EntryKind, category: Category, asset: Asset, amountRaw: bigint): void => {
      const price = new decimal(asset.price.toPrecision(8));
      const spam = category === 'transfer' && asset.symbol === 'SPAM' ? 'impersonates a known token' : '';
      legs.push({
        entryId: `e${tx}.${legs.length}`,
        timestamp: time,
        chainId,
        blockNumber: time,
        txHash,
        transactionIndex: 0,
        order: legs.length,
        wallet: who,
        direction,
        kind,
        category,
        asset: asset.symbol,
        assetContract: asset.contract,
        amountRaw,
        decimals: 18,
        spam,
        value: spam === '' ? price.mul(formatUnits(amountRaw, 18)) : null,
        valueState: spam === '' ? 'priced' : 'spam',
        price: spam === '' ? price : null,
        priceSource: spam === '' ? 'defillama' : '',
      });
      if (spam === '') shift(who, chainId, asset, direction === 'in' ? amountRaw : -amountRaw);
    };
    const kindOf = (asset: Asset): EntryKind => (asset.contract === '' ? 'native' : 'erc20');
    /** A fresh amount worth about 10 to 10,000 in the book's currency. */
    const fresh = (asset: Asset): bigint => BigInt(Math.floor((10 ** (1 + next() * 3) / asset.price) * 1e9)) * 10n ** 9n;
    /** Part of what the wallet holds of `asset` (a fresh amount when it holds nothing: a shortfall, as in real books). */
    const part = (who: string, asset: Asset): bigint => {
      const balance = held(who, chainId, asset);
      return balance > 10n ** 9n ? (balance * BigInt(Math.floor(next() * 600 + 1))) / 1000n : fresh(asset);
    };
    const token = (): Asset => (next() < 0.2 ? (assets[0] as Asset) : pick(assets.slice(2)));
    const fee = (who: string): void =>
      leg(who, 'out', 'fee', 'fee', assets[0] as Asset, BigInt(Math.floor(next() * 2e6 + 1e5)) * 10n ** 9n);
    const [kind] = MIX.reduce<[string, number]>(
      (found, [name, weight]) => (found[0] !== '' ? found : found[1] < weight ? [name, 0] : ['', found[1] - weight]),
      ['', next() * 100],
    );
    if (kind === 'trade') {
      const sold = token();
      let bought = token();
      if (bought === sold) bought = assets[(assets.indexOf(sold) + 1) % assets.length] as Asset;
      leg(wallet, 'out', kindOf(sold), 'trade', sold, part(wallet, sold));
      leg(wallet, 'in', kindOf(bought), 'trade', bought, fresh(bought));
      fee(wallet);
    } else if (kind === 'income' || kind === 'transfer_in') {
      const asset = next() < 0.3 ? (assets[0] as Asset) : token();
      const category: Category = kind === 'transfer_in' ? 'transfer' : next() < 0.5 ? 'income' : 'staking_reward';
      leg(wallet, 'in', kindOf(asset), category, asset, fresh(asset));
    } else if (kind === 'own_transfer') {
      const asset = token();
      const to = wallets[(wallets.indexOf(wallet) + 1 + Math.floor(next() * (WALLETS - 1))) % WALLETS] as string;
      const amount = part(wallet, asset);
      leg(wallet, 'out', kindOf(asset), 'own_transfer', asset, amount);
      leg(to, 'in', kindOf(asset), 'own_transfer', asset, amount);
      fee(wallet);
    } else if (kind === 'payment_out' || kind === 'transfer_out') {
      const asset = token();
      leg(wallet, 'out', kindOf(asset), kind === 'payment_out' ? 'payment_out' : 'transfer', asset, part(wallet, asset));
      fee(wallet);
    } else if (kind === 'wrap') {
      const [eth, weth] = next() < 0.6 ? [assets[0] as Asset, assets[1] as Asset] : [assets[1] as Asset, assets[0] as Asset];
      const amount = part(wallet, eth);
      leg(wallet, 'out', kindOf(eth), eth.contract === '' ? 'wrap' : 'unwrap', eth, amount);
      leg(wallet, 'in', kindOf(weth), eth.contract === '' ? 'wrap' : 'unwrap', weth, amount);
      fee(wallet);
    } else {
      leg(wallet, 'in', 'erc20', 'transfer', { contract: '0xspam', symbol: 'SPAM', price: 1 }, fresh(assets[0] as Asset));
    }
    for (const one of legs) {
      if (made >= count) return;
      made += 1;
      yield one;
    }
  }
}
