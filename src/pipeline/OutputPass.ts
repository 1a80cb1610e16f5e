import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { AnyOutput, OutputConsumer, OutputConsumerSource, OutputJob } from '../outputs/Output.js';
import type { TemplateTie } from '../templates/tieoutSheet.js';

/** What a part's thread needs to feed the outputs itself: where each output's module is, and the job. Plain data. */
export interface OutputPassSpec {
  outputs: { module: string; name: string }[];
  job: OutputJob;
  /** The part reads its chains' ledger before the period too, for the consumers alone (`OutputConsumer.history`). */
  history: boolean;
}

/**
 * The export's outputs fed in the pass that renders its first template: whichever render reads the ledger first
 * claims them, whole on this thread or cut in parts (each part's consumers on the part's thread), and hands back
 * every part's states. A render that does not read the ledger to its end leaves the pass incomplete; `merged` then
 * reads it once more on its own.
 */
export class OutputPass {
  private claimed = false;
  private expected = 0;
  private states: unknown[][];
  private templateTies: readonly TemplateTie[] = [];

  /**
   * `history`: the ledger before the period, which the pass then reads before the period's first entry and feeds the
   * consumers alone (cost basis replays from each wallet's first entry: one read of the store, in the render's pass,
   * by chain on the parts' threads). A render in parts reads each part's own chains' history instead.
   */
  constructor(
    readonly outputs: readonly AnyOutput[],
    readonly job: OutputJob,
    readonly history?: () => Iterable<LedgerEntry>,
  ) {
    this.states = outputs.map(() => []);
  }

  /** Whether the caller, a render over `parts` parts of the ledger, carries the outputs (the first to ask does). */
  claim(parts: number): boolean {
    if (this.claimed || this.outputs.length === 0) return false;
    this.claimed = true;
    this.expected = parts;
    return true;
  }

  /**
   * A part's entries (or the whole ledger's), each fed to every output's consumer as it passes; before the first, when
   * the pass reads the history, `history` (the part's, or the whole ledger's) fed to the consumers alone. Callers give
   * `null` when the pass reads none, as the default does.
   */
  tap(entries: Iterable<LedgerEntry>, history: Iterable<LedgerEntry> | null = this.history?.() ?? null): Iterable<LedgerEntry> {
    return tapped(
      entries,
      this.outputs.map((output) => output.consumer(this.job, history !== null) as OutputConsumer<unknown>),
      (states) => this.add(states),
      history,
    );
  }

  /** The templates' tallies once rendered and checked, for the tie-out. */
  tied(ties: readonly TemplateTie[]): void {
    this.templateTies = ties;
  }

  get ties(): readonly TemplateTie[] {
    return this.templateTies;
  }

  /** What a part's thread needs to tap its entries itself. */
  spec(): OutputPassSpec {
    return { outputs: this.outputs.map(({ module, name }) => ({ module, name })), job: this.job, history: this.history !== undefined };
  }

  /** One part's states, in the order of `outputs`, once its last entry passed. */
  add(states: readonly unknown[]): void {
    states.forEach((state, index) => (this.states[index] as unknown[]).push(state));
  }

  /**
   * Each output's state over the whole ledger, once: read from `entries` here when no render carried every part to its
   * end. The parts' states are handed over, not kept (an output may let its state go as it finishes).
   */
  merged(entries: () => Iterable<LedgerEntry>): unknown[] {
    const complete = this.claimed && this.states.every((states) => states.length === this.expected);
    if (!complete && this.outputs.length > 0) {
      this.states = this.outputs.map(() => []);
      this.claimed = true;
      this.expected = 1;
      // Without the history: an output that replays it reads it at its finish (`PricedHistory.entries`).
      for (const entry of this.tap(entries(), null)) void entry;
    }
    const parts = this.states;
    this.states = [];
    return this.outputs.map((output, index) => output.merge(parts[index] as unknown[]) as unknown);
  }
}

/**
 * `entries` fed to `consumers` as they pass, `history` to those that read it before the first; their states to `done`
 * after the last (never for a walk left early).
 */
export function* tapped(
  entries: Iterable<LedgerEntry>,
  consumers: readonly OutputConsumer<unknown>[],
  done: (states: unknown[]) => void,
  history: Iterable<LedgerEntry> | null = null,
): Generator<LedgerEntry> {
  const readers = history === null ? [] : consumers.filter((consumer) => consumer.history !== undefined);
  if (readers.length > 0) for (const entry of history as Iterable<LedgerEntry>) for (const reader of readers) reader.history?.(entry);
  for (const entry of entries) {
    for (const consumer of consumers) consumer.add(entry);
    yield entry;
  }
  done(consumers.map((consumer) => consumer.state()));
}

/** On a part's thread: the outputs' consumers of the spec, each imported from its module and found there by name. */
export async function passConsumers(spec: OutputPassSpec): Promise<OutputConsumer<unknown>[]> {
  type Source = OutputConsumerSource<string, unknown>;
  const consumers: OutputConsumer<unknown>[] = [];
  for (const { module, name } of spec.outputs) {
    const exported = Object.values((await import(module)) as Record<string, unknown>);
    const source = exported.find(
      (value): value is Source => (value as Source | null)?.name === name && typeof (value as Source).consumer === 'function',
    );
    if (source === undefined) throw new Error(`no output ${name} in ${module}`);
    consumers.push(source.consumer(spec.job, spec.history));
  }
  return consumers;
}
