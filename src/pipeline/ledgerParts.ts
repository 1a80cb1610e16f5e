import { availableParallelism } from 'node:os';
import { walletsOnChain } from '../config/walletsOnChain.js';
import type { BridgePairs } from '../ledger/pairBridges.js';
import type { PipelineStore } from '../store/PipelineStore.js';
import type { CsvPart } from '../templates/CsvPart.js';
import { localCsvPart } from '../templates/CsvPart.js';
import type { Template } from '../templates/Template.js';
import type { ChainBlocks, LedgerJob } from './ledgerFromStore.js';
import { historyBlocks, ledgerFromStore, pairingChains, storeBridgePairs } from './ledgerFromStore.js';
import { workerCsvPart, type CsvPartSpec, type CsvPartThread } from './workerCsvPart.js';
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
 * How a template is rendered over the job's ledger: cut by chain into as many parts as there are CPUs
 * (and chains), balanced by stored rows, each on its own thread but the lightest, which stays here since
 * this thread also merges and writes. `null` (one pass here) for a ledger below `PARTS_MIN_ROWS`, one
 * chain or one CPU. The threads start once the ledger is known to be large enough, before its chains are weighed. When the render claims the export's `pass`, each part feeds the outputs its entries, and those
 * of its chains before the period when the pass reads the history.
 */
export function ledgerParts(
  store: PipelineStore,
  job: LedgerJob,
  chains: readonly ChainBlocks[],
  options: LedgerPartsOptions = {},
): (template: Template, valuation?: RenderValuation | CollectingValuation | null, pass?: OutputPass) => CsvPart[] | null {
  let bins: ChainBlocks[][] | undefined;
  let bridgePairs: BridgePairs | undefined;
  return (template, valuation = null, pass) => {
    let threads: CsvPartThread[] = [];
    const stopThreads = (from: number): void => {
      for (const thread of threads.slice(from)) void thread.stop();
    };
    try {
      bins ??= balance(store, job, chains, options.minRows ?? PARTS_MIN_ROWS, options.threads ?? availableParallelism(), (count) => {
        threads = Array.from({ length: count }, () => workerCsvPart());
      });
      if (bins.length < 2) {
        stopThreads(0);
        return null;
      }
      // Fewer bins than threads started: a chain without rows in the period.
      stopThreads(bins.length - 1);
      return renderParts(bins, threads);
    } catch (error) {
      stopThreads(0);
      throw error;
    }

    function renderParts(cut: ChainBlocks[][], started: readonly CsvPartThread[]): CsvPart[] {
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
      const outputs = pass?.claim(cut.length) === true ? pass : null;
      return cut.map((bin, index) => {
        if (index > 0) {
          const spec: CsvPartSpec = { store: store.location, ledger, chains: bin, template, bridgePairs: pairs, ...prices(bin) };
          // A second render (a deferred valuation's) starts its threads here.
          const thread = started[index - 1] ?? workerCsvPart();
          return thread.render(outputs === null ? spec : { ...spec, outputs: outputs.spec() }, {
            ...(collecting === null ? {} : { onTally: collecting.add }),
            ...(outputs === null ? {} : { onOutputs: (states: unknown[]) => outputs.add(states) }),
          });
        }
        const read = ledgerFromStore(store, ledger, bin, pairs)();
        const history = outputs?.history === undefined ? null : ledgerFromStore(store, ledger, historyBlocks(bin), pairs)();
        const entries = outputs === null ? read : outputs.tap(read, history);
        return localCsvPart(
          template,
          collecting === null ? entries : collecting.noted(entries),
          undefined,
          undefined,
          valuation?.prices ?? null,
        );
      });
    }
  };
}

/**
 * Chains into at most `threads` bins, heaviest chain first into the lightest bin; bins lightest first. `onLarge` hears
 * how many threads the parts will need (at most) as soon as the ledger is known to hold `minRows` rows: counting up to
 * them reads a fraction of a large ledger's rows, and the threads boot while the rest are counted.
 */
function balance(
  store: PipelineStore,
  job: LedgerJob,
  chains: readonly ChainBlocks[],
  minRows: number,
  threads: number,
  onLarge: (threads: number) => void,
): ChainBlocks[][] {
  // Counting a million rows takes up to 0.1 s: not worth it when there can be only one part.
  if (threads < 2 || chains.length < 2) return [];
  const count = (chain: ChainBlocks, limit?: number): number =>
    store.countLedgerRows(
      chain.chainId,
      walletsOnChain(job.wallets, chain.chainId).map((w) => w.address),
      chain.fromBlock,
      chain.toBlock,
      limit,
    );
  let seen = 0;
  for (const chain of chains) if (seen < minRows) seen += count(chain, minRows - seen);
  if (seen < minRows) return [];
  onLarge(Math.min(threads, chains.length) - 1);
  const weighed = chains
    .map((chain) => ({ chain, rows: count(chain) }))
    .filter((chain) => chain.rows > 0)
    .sort((a, b) => b.rows - a.rows);
  const bins = Array.from({ length: Math.min(threads, weighed.length) }, () => ({ rows: 0, chains: [] as ChainBlocks[] }));
  for (const { chain, rows } of weighed) {
    const lightest = bins.reduce((min, bin) => (bin.rows < min.rows ? bin : min));
    lightest.rows += rows;
    lightest.chains.push(chain);
  }
  return bins.sort((a, b) => a.rows - b.rows).map((bin) => bin.chains);
}
