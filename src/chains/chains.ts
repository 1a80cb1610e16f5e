import { readFileSync } from 'node:fs';
import path from 'node:path';
import { InputError, LedgerscanError } from '../errors/LedgerscanError.js';
import { packageRoot } from '../packageRoot.js';

/**
 * How a chain charges for gas, which decides the fee formula (docs/ledger-rules.md):
 * - `eip1559`: gasUsed × effectiveGasPrice (+ blob gas); before `feeMarketBlock` the txlist gasPrice is what was paid
 * - `legacy`: no fee market ever, so the txlist row's gasUsed × gasPrice is the fee and no receipt is needed
 * - `op-stack`: eip1559 + the receipt's `l1Fee` (the L1 data fee is charged on top)
 * - `arbitrum`: gasUsed × effectiveGasPrice; the L1 part is already inside gasUsed and the
 *   txlist gasPrice is only the bid, so the receipt is always needed
 * - `zksync`: gasUsed × effectiveGasPrice, refunds already netted in gasUsed; the bid can exceed the price paid
 * - `unknown`: nobody has checked the chain's formula, so the receipt's fields are taken as they come
 *   (gasUsed × effectiveGasPrice, plus `l1Fee` and blob gas when present)
 */
export const FEE_MODELS = ['eip1559', 'legacy', 'op-stack', 'arbitrum', 'zksync', 'unknown'] as const;
export type FeeModel = (typeof FEE_MODELS)[number];

export interface Chain {
  readonly id: number;
  readonly name: string;
  /** Short name used in account names and file names. */
  readonly slug: string;
  readonly nativeSymbol: string;
  readonly nativeDecimals: number;
  readonly feeModel: FeeModel;
  /** First block with a London-style fee market; `null` when the chain never had one (`legacy`). */
  readonly feeMarketBlock: number | null;
  /** Blocks behind the head that are not yet final enough to record as synced. */
  readonly ripenessBlocks: number;
  /** Average seconds per block, for ETA estimates only. */
  readonly blockSeconds: number;
  /** Etherscan's free plan serves this chain. */
  readonly freeTier: boolean;
  readonly testnet: boolean;
}

/** A chain Etherscan v2 once served and no longer does: known, so a user asking for it learns why it is refused. */
export interface RetiredChain {
  readonly id: number;
  readonly name: string;
  readonly why: string;
}

export interface ChainTable {
  readonly chains: readonly Chain[];
  readonly retired: readonly RetiredChain[];
}

/** Where the table lives: a data file at the package root, beside src/ and dist/ alike. */
export function chainTableFile(): string {
  return path.join(packageRoot(), 'data', 'chains.json');
}

let table: ChainTable | undefined;
let byId: ReadonlyMap<number, Chain> | undefined;

export function allChains(): readonly Chain[] {
  return (table ??= loadChainTable(chainTableFile())).chains;
}

export function retiredChain(id: number): RetiredChain | undefined {
  return (table ??= loadChainTable(chainTableFile())).retired.find((chain) => chain.id === id);
}

export function findChain(id: number): Chain | undefined {
  byId ??= new Map(allChains().map((chain) => [chain.id, chain]));
  return byId.get(id);
}

export function getChain(id: number): Chain {
  const chain = findChain(id);
  if (chain === undefined) {
    throw new InputError(`unknown chain id ${id}`, {
      details: { fix: `use one of the ${allChains().length} chain ids 'ledgerscan chains' lists` },
    });
  }
  return chain;
}

/**
 * Whether the fee of a transaction in `block` needs the receipt: the txlist row carries gasUsed and
 * gasPrice, and before a fee market the price is exactly what was paid. After it the row shows the bid
 * (or a price whose meaning the API does not document), and L2s (and chains nobody checked) have fees
 * only the receipt knows, from their first block on.
 */
export function feeNeedsReceipt(chain: Chain, block: number): boolean {
  if (chain.feeModel === 'legacy') return false;
  if (chain.feeModel === 'eip1559') return block >= (chain.feeMarketBlock ?? 0);
  return true;
}

/** Reads and checks the table; a bad row is a packaging bug, so it fails loudly rather than being skipped. */
export function loadChainTable(file: string): ChainTable {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new LedgerscanError('cannot read the chain table', { details: { file }, cause });
  }
  const { chains: rows, retired: retiredRows = [] } = json as { chains?: unknown; retired?: unknown };
  if (!Array.isArray(rows)) throw new LedgerscanError('the chain table has no "chains" list', { details: { file } });
  if (!Array.isArray(retiredRows)) throw new LedgerscanError('the chain table\'s "retired" is not a list', { details: { file } });
  const chains = rows.map((row: unknown, index) => checkChain(row, `${file} chains[${index}]`));
  const retired = retiredRows.map((row: unknown, index) => checkRetired(row, `${file} retired[${index}]`));
  for (const [key, items] of [
    ['id', [...chains, ...retired]],
    ['slug', chains],
  ] as const) {
    const seen = new Set<unknown>();
    for (const item of items) {
      const value = (item as unknown as Record<string, unknown>)[key];
      if (seen.has(value)) throw new LedgerscanError(`the chain table repeats ${key} ${String(value)}`, { details: { file } });
      seen.add(value);
    }
  }
  return { chains, retired };
}

function checkRetired(row: unknown, at: string): RetiredChain {
  const { id, name, why } = row as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof name !== 'string' || typeof why !== 'string') {
    throw new LedgerscanError('bad retired chain', { details: { at, value: JSON.stringify(row) } });
  }
  return { id, name, why };
}

function checkChain(row: unknown, at: string): Chain {
  const value = row as Record<string, unknown>;
  const fail = (field: string): never => {
    throw new LedgerscanError(`bad chain table field ${field}`, { details: { at, value: JSON.stringify(value[field]) } });
  };
  const integer = (field: string, min: number): number => {
    const n = value[field];
    return typeof n === 'number' && Number.isSafeInteger(n) && n >= min ? n : fail(field);
  };
  const text = (field: string, pattern: RegExp): string => {
    const s = value[field];
    return typeof s === 'string' && pattern.test(s) ? s : fail(field);
  };
  const flag = (field: string): boolean => (typeof value[field] === 'boolean' ? value[field] : fail(field));
  const feeModel = (FEE_MODELS as readonly unknown[]).includes(value.feeModel) ? (value.feeModel as FeeModel) : fail('feeModel');
  const feeMarketBlock =
    value.feeMarketBlock === null && feeModel === 'legacy'
      ? null
      : feeModel === 'legacy'
        ? fail('feeMarketBlock')
        : integer('feeMarketBlock', 0);
  const blockSeconds = typeof value.blockSeconds === 'number' && value.blockSeconds > 0 ? value.blockSeconds : fail('blockSeconds');
  return {
    id: integer('id', 1),
    name: text('name', /^\S.*\S$/),
    slug: text('slug', /^[a-z0-9]+(-[a-z0-9]+)*$/),
    nativeSymbol: text('nativeSymbol', /^[A-Za-z0-9]{1,12}$/),
    nativeDecimals: integer('nativeDecimals', 0),
    feeModel,
    feeMarketBlock,
    ripenessBlocks: integer('ripenessBlocks', 0),
    blockSeconds,
    freeTier: flag('freeTier'),
    testnet: flag('testnet'),
  };
}
