import fs from 'node:fs';
import { Value } from 'typebox/value';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { ManifestPart, OutputFinish, OutputListeners, OutputProducts, PricedHistory, TieoutSection } from '../outputs/Output.js';
import type { OutputResults } from '../outputs/registry.js';
import { OutputFileSet } from './outputFiles.js';
import type { OutputPass } from './OutputPass.js';

/** The outputs of an export once finished: each one's typed result, its manifest parts, the files delivered. */
export interface FinishedOutputs {
  results: OutputResults;
  /**
   * The manifest's `outputs` section: the results of the outputs that deliver (one needing a run folder writes for
   * the workspace alone, and the manifest stays what the CLI writes for the same job).
   */
  delivered: Record<string, unknown>;
  parts: ManifestPart[];
  /** Absolute paths of the delivered files, for the manifest. */
  files: string[];
  outDir: string;
}

/** What the run gives its outputs; without `prices`, `history`, `openingLots` or `reviews`: none, an empty ledger, none, none. */
export interface FinishPlace
  extends
    Omit<
      OutputFinish,
      'files' | 'prices' | 'history' | 'openingLots' | 'reviews' | 'templates' | 'tieout' | 'products' | 'share' | 'listeners'
    >,
    Partial<Pick<OutputFinish, 'prices' | 'history' | 'openingLots' | 'reviews'>> {
  outDir: string;
  runFolder: string | null;
  /** The templates' files, published before the outputs finish: removed when an output fails, so nothing is left half-done. */
  rendered?: readonly string[];
}

/**
 * Each output of the pass finished from its merged state, in registry order (each fed what those before it make, as
 * they make it, through the listeners it registered before any finished), its result checked against the schema
 * it declares and its tie-out section handed to those after it; their files published together, or none when one
 * fails. The templates' tallies are the pass's (`OutputPass.tied`).
 */
export async function finishOutputs(pass: OutputPass, ledger: () => Iterable<LedgerEntry>, place: FinishPlace): Promise<FinishedOutputs> {
  const states = pass.merged(ledger);
  const files = new OutputFileSet(place.outDir, place.runFolder);
  const results: Record<string, unknown> = {};
  const delivered: Record<string, unknown> = {};
  const parts: ManifestPart[] = [];
  const tieout: TieoutSection[] = [];
  const products: OutputProducts = {};
  // Every output's listeners before any finishes: an output feeds those after it what it makes, as it makes it.
  const heard = pass.outputs.map((output): OutputListeners => output.listen?.(place.job) ?? {});
  try {
    for (const [index, output] of pass.outputs.entries()) {
      const records: (readonly string[])[] = [];
      const result = await output.finish(
        states[index],
        {
          job: place.job,
          missing: place.missing,
          prices: place.prices ?? null,
          history: place.history ?? NO_HISTORY,
          openingLots: place.openingLots ?? [],
          reviews: place.reviews ?? [],
          files: {
            csv: files.csv.bind(files),
            text: files.text.bind(files),
            kept: files.kept.bind(files),
            tieout: (section) => void records.push(...section),
          },
          templates: pass.ties,
          tieout: [...tieout],
          products,
          share: (name, value) => void (products[name] = value),
          listeners: listenersOf(heard.slice(index + 1)),
        },
        heard[index],
      );
      if (!Value.Check(output.result, result)) {
        throw new LedgerscanError(`the ${output.name} output's result does not match its schema`, { kind: 'defect' });
      }
      results[output.name] = result;
      if (output.needs.runFolder === undefined) delivered[output.name] = result;
      parts.push(output.manifest?.(result) ?? {});
      if (records.length > 0) tieout.push({ output: output.name, records });
    }
    return { results: results as OutputResults, delivered, parts, files: await files.commit(), outDir: place.outDir };
  } catch (error) {
    await files.abort();
    for (const file of place.rendered ?? []) fs.rmSync(file, { force: true });
    throw error;
  }
}

const NO_HISTORY: PricedHistory = { entries: () => [], missed: () => false, settled: () => Promise.resolve(true) };

/** The listeners of `heard`, product by product, in registry order. */
function listenersOf(heard: readonly OutputListeners[]): OutputFinish['listeners'] {
  const of = <Product extends keyof OutputListeners>(product: Product): NonNullable<OutputListeners[Product]>[] =>
    heard.flatMap((listening) => (listening[product] === undefined ? [] : [listening[product] as NonNullable<OutputListeners[Product]>]));
  return { gains: of('gains'), income: of('income'), removals: of('removals'), issues: of('issues') };
}
