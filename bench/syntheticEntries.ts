import type { LedgerEntry } from '../src/ledger/LedgerEntry.js';
import { formatUnits } from '../src/ledger/money.js';

/** A small deterministic generator (mulberry32), so every run of the bench builds the same book. */
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

const hex = (next: () => number, digits: number): string =>
  Array.from({ length: digits }, () => Math.floor(next() * 16).toString(16)).join('');
const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

export const BENCH_CHAINS = [1, 10, 8453] as const;
const CATEGORIES = ['transfer', 'transfer', 'transfer', 'transfer', 'trade', 'trade', 'own_transfer', 'mint', 'bridge', 'wrap'] as const;
const METHODS = ['', 'transfer', 'swapExactTokensForTokens', 'multicall', 'deposit', 'approve'];
/** 2019-01-01 to 2025-12-31: the book's seven years. */
const START = 1_546_300_800;
const END = 1_767_225_600;

export interface SyntheticBook {
  wallets: string[];
  tokens: string[];
  entries: () => Generator<LedgerEntry>;
}

/**
 * About `count` ledger entries of a busy client (8 wallets, 3 chains, 40 tokens, NFTs, 8 % spam, a fee leg on
 * most transactions, 10 % of counterparties labelled), in ledger order: what the transactions table holds for a
 * book of that size, without syncing a world of it first.
 */
export function syntheticBook(count: number, seed = 7): SyntheticBook {
  const next = random(seed);
  const wallets = Array.from({ length: 8 }, () => `0x${hex(next, 40)}`);
  const tokens = Array.from({ length: 40 }, () => `0x${hex(next, 40)}`);
  const counterparties = Array.from({ length: 5000 }, (_, index) => ({
    address: `0x${hex(next, 40)}`,
    label: index % 10 === 0 ? `Exchange ${index / 10}` : '',
  }));
  const entries = function* (): Generator<LedgerEntry> {
    const draw = random(seed + 1);
    const step = (END - START) / (count / 2);
    let made = 0;
    let time = START;
    while (made < count) {
      time += Math.max(1, Math.floor(draw() * 2 * step));
      const chainId = pick(draw, BENCH_CHAINS);
      const txHash = `0x${hex(draw, 64)}`;
      const wallet = draw() < 0.4 ? (wallets[0] as string) : pick(draw, wallets);
      const counterparty = pick(draw, counterparties);
      const category = pick(draw, CATEGORIES);
      const spam = draw() < 0.08;
      const legs = category === 'trade' ? 2 : 1;
      const base = {
        timestamp: time,
        chainId,
        blockNumber: time,
        txHash,
        transactionIndex: 0,
        wallet,
        walletLabel: `Wallet ${wallets.indexOf(wallet) + 1}`,
        counterparty: counterparty.address,
        counterpartyLabel: counterparty.label,
        method: pick(draw, METHODS),
        status: 'ok' as const,
        note: '',
      };
      for (let leg = 0; leg < legs + (spam ? 0 : 1) && made < count; leg += 1) {
        const fee = leg === legs;
        const token = !fee && draw() < 0.6;
        const nft = token && draw() < 0.05;
        const amountRaw = BigInt(Math.floor(draw() * 1e9)) * 10n ** BigInt(nft ? 0 : 9);
        made += 1;
        yield {
          ...base,
          entryId: `x${hex(draw, 16)}`,
          order: leg,
          direction: fee || (leg === 0 && category === 'trade') ? 'out' : draw() < 0.5 ? 'in' : 'out',
          kind: fee ? 'fee' : nft ? 'erc721' : token ? 'erc20' : 'native',
          asset: token ? (spam ? 'USDC' : `TK${tokens.indexOf(pick(draw, tokens))}`) : 'ETH',
          assetContract: token ? pick(draw, tokens) : '',
          tokenId: nft ? String(Math.floor(draw() * 10_000)) : '',
          amountRaw,
          decimals: nft ? 0 : 18,
          amount: formatUnits(amountRaw, nft ? 0 : 18),
          category: fee ? 'fee' : category,
          spam: spam && token ? 'impersonates a known token' : '',
          provenance: { stream: fee ? 'receipt' : 'tokentx', ref: String(made) },
        };
      }
    }
  };
  return { wallets, tokens, entries };
}
