import { availableParallelism } from 'node:os';
import { walletsOnChain } from '../config/walletsOnChain.js';
import type { BridgePairs } from '../ledger/pairBridges.js';
import type { PipelineStore } from '../store/PipelineStore.js';
import type { CsvPart } from '../templates/CsvPart.js';
import { localCsvPart } from '../templates/CsvPart.js';
import type { Template } from '../templates/Template.js';
import type { ChainBlocks, LedgerJob } from './ledgerFromStore.js';
import { ledgerFromStore, pairingChains, storeBridgePairs } from './ledgerFromStore.js';
import { workerCsvPart, type CsvPartSpec } from './workerCsvPart.js';
import type { RenderValuation } from './RenderValuation.js';
import type { CollectingValuation } from './prepareValuation.js';
import type { OutputPass } from './OutputPass.js';

export interface LedgerPartsOptions {
  /** Fewer stored rows than this render in one pass; default `PARTS_MIN_ROWS`. */
  minRows?: number;
  /** At most this many parts (threads, this one included); default: the CPUs Node may use. */
  threads?: number;
}

/**
 * Where parts start to pay on two CPUs (built code, cuts of the 1M bench store): at ≈ 94,000 rows one
 * pass and two parts both took 0.78 s, at 188,000 parts were 15 % faster, at 376,000 27 %. Below, a
 * worker's start and its cold JIT cost what the second core saves.
 */
export const PARTS_MIN_ROWS = 150_000;

/**
 * How a template is rendered over the job's ledger: cut into as many parts as there are CPUs, balanced by stored rows,
 * each on its own thread but the lightest, which stays here since this thread also merges and writes. The cut is by
 * chain; for the entry layout, whose rows are one wallet's entry each, a chain is also cut by wallet when there are
 * fewer chains than CPUs (`cutByWallet`). `null` (one pass here) for a ledger below `PARTS_MIN_ROWS`, nothing to cut or one CPU.
 * When the render claims the export's `pass`, each part feeds the outputs its entries.
 */
export function ledgerParts(
  store: PipelineStore,
  job: LedgerJob,
  chains: readonly ChainBlocks[],
  options: LedgerPartsOptions = {},
): (template: Template, valuation?: RenderValuation | CollectingValuation | null, pass?: OutputPass) => CsvPart[] | null {
  const minRows = options.minRows ?? PARTS_MIN_ROWS;
  const threads = options.threads ?? availableParallelism();
  let byChain: ChainBlocks[][] | undefined;
  let byWallet: ChainBlocks[][] | undefined;
  let bridgePairs: BridgePairs | undefined;
  return (template, valuation = null, pass) => {
    const bins =
      template.layout === 'entry'
        ? (byWallet ??= cutByWallet(store, job, weigh(store, job, chains, minRows, threads, 1), threads))
        : (byChain ??= balance(weigh(store, job, chains, minRows, threads, 2), threads).map((bin) => bin.chains));
    if (bins.length < 2) return null;
    const ledger: LedgerJob = { wallets: job.wallets, labels: job.labels, spam: job.spam, rules: job.rules ?? [], tags: job.tags ?? {} };
    // Bridge legs pair across bins (and with legs before the period), so the pairs are worked out over every chain,
    // once, and handed to each part.
    bridgePairs ??= storeBridgePairs(store, ledger, pairingChains(chains));
    const pairs = bridgePairs;
    // A collecting render's threads read the cache themselves and send back their rows' tallies.
    const collecting = valuation !== null && 'noted' in valuation ? valuation : null;
    const prices = (bin: readonly ChainBlocks[]): Pick<CsvPartSpec, 'prices' | 'tallyInstants'> =>
      valuation === null
        ? {}
        : collecting === null
          ? { prices: (valuation as RenderValuation).forChains(bin.map((chain) => chain.chainId)) }
          : { prices: { cache: collecting.settings }, tallyInstants: collecting.instants };
    const outputs = pass?.claim(bins.length) === true ? pass : null;
    return bins.map((bin, index) => {
      if (index > 0) {
        const spec: CsvPartSpec = { store: store.location, ledger, chains: bin, template, bridgePairs: pairs, ...prices(bin) };
        return workerCsvPart(outputs === null ? spec : { ...spec, outputs: outputs.spec() }, {
          ...(collecting === null ? {} : { onTally: collecting.add }),
          ...(outputs === null ? {} : { onOutputs: (states: unknown[]) => outputs.add(states, index) }),
        });
      }
      const read = ledgerFromStore(store, ledger, bin, pairs)();
      const entries = outputs === null ? read : outputs.tap(read);
      return localCsvPart(
        template,
        collecting === null ? entries : collecting.noted(entries),
        undefined,
        undefined,
        valuation?.prices ?? null,
      );
    });
  };
}

/** A part's chains (or chains' wallets) and its stored rows. */
interface Bin {
  rows: number;
  chains: ChainBlocks[];
}

interface Weighed {
  chain: ChainBlocks;
  rows: number;
}

/**
 * The chains with their stored rows, heaviest first; none when parts cannot pay: one CPU, fewer than `atLeast` chains
 * (counting a million rows takes up to 0.1 s), or fewer rows than `minRows`.
 */
function weigh(
  store: PipelineStore,
  job: LedgerJob,
  chains: readonly ChainBlocks[],
  minRows: number,
  threads: number,
  atLeast: number,
): Weighed[] {
  if (threads < 2 || chains.length < atLeast) return [];
  const weighed = chains
    .map((chain) => ({ chain, rows: store.countLedgerRows(chain.chainId, ownedOn(job, chain.chainId), chain.fromBlock, chain.toBlock) }))
    .filter((chain) => chain.rows > 0)
    .sort((a, b) => b.rows - a.rows);
  return weighed.reduce((sum, chain) => sum + chain.rows, 0) < minRows ? [] : weighed;
}

/** Chains into at most `threads` bins, heaviest chain first into the lightest bin; bins lightest first, none empty. */
function balance(weighed: readonly Weighed[], threads: number): Bin[] {
  const bins: Bin[] = Array.from({ length: Math.min(threads, weighed.length) }, () => ({ rows: 0, chains: [] }));
  for (const { chain, rows } of weighed) {
    const lightest = bins.reduce((min, bin) => (bin.rows < min.rows ? bin : min));
    lightest.rows += rows;
    lightest.chains.push(chain);
  }
  return lightest(bins);
}

/**
 * Wallets of one chain a cut tries every split of (2^n − 2 splits); a chain with more is left whole. Fewer than
 * 4,094 splits, each a sum, and one count of rows per wallet.
 */
const MAX_CUT_WALLETS = 12;

/**
 * The chains balanced over `threads` bins and, while a bin is left with no chain (fewer chains than CPUs), some wallets
 * of the heaviest bin's chain moved into it: the split of the chain's wallets that leaves the two closest. Each chain is
 * cut once at most. A cut costs CPU: both parts read the blocks the two halves have rows in (1M bench store, chain 1
 * cut in two: 82,000 rows of 26,500 blocks, +1.1 CPU s) and, valued, the same assets' prices (+39,000 cache buckets);
 * at 1M entries over 3 chains on 2 CPUs that cost more than the balance won (docs/performance.md), so a chain is cut
 * only for a CPU that would have nothing to do.
 */
function cutByWallet(store: PipelineStore, job: LedgerJob, weighed: readonly Weighed[], threads: number): ChainBlocks[][] {
  if (weighed.length === 0) return [];
  const bins = balance(weighed, threads);
  while (bins.length < threads) bins.unshift({ rows: 0, chains: [] });
  // Each round cuts a whole chain, whose halves are never cut again: it ends.
  for (;;) {
    const light = bins[0] as Bin;
    const heavy = bins[bins.length - 1] as Bin;
    if (light.rows > 0) break;
    let best: { at: number; kept: ChainBlocks; moved: ChainBlocks; rows: number; peak: number } | null = null;
    heavy.chains.forEach((chain, at) => {
      const wallets = chain.wallets === undefined ? ownedOn(job, chain.chainId) : [];
      if (wallets.length < 2 || wallets.length > MAX_CUT_WALLETS) return;
      const rows = wallets.map((wallet) => store.countLedgerRows(chain.chainId, [wallet], chain.fromBlock, chain.toBlock));
      for (let mask = 1; mask < (1 << wallets.length) - 1; mask += 1) {
        const moved = rows.reduce((sum, count, bit) => ((mask >> bit) & 1 ? sum + count : sum), 0);
        const peak = Math.max(heavy.rows - moved, light.rows + moved);
        if (peak >= (best?.peak ?? heavy.rows)) continue;
        const part = (keep: number): ChainBlocks => ({ ...chain, wallets: wallets.filter((_, bit) => ((mask >> bit) & 1) === keep) });
        best = { at, kept: part(0), moved: part(1), rows: moved, peak };
      }
    });
    if (best === null) break;
    const { at, kept, moved, rows } = best;
    heavy.chains[at] = kept;
    heavy.rows -= rows;
    light.chains.push(moved);
    light.rows += rows;
    bins.splice(0, bins.length, ...lightest(bins));
  }
  return bins.filter((bin) => bin.chains.length > 0).map((bin) => bin.chains);
}

function lightest(bins: Bin[]): Bin[] {
  return bins.sort((a, b) => a.rows - b.rows);
}

/** The job's wallets on the chain, lowercase, as the store and the ledger's entries name them. */
function ownedOn(job: LedgerJob, chainId: number): string[] {
  return walletsOnChain(job.wallets, chainId).map((wallet) => wallet.address.toLowerCase());
}
