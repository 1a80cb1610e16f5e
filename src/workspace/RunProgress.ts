import type { CallEstimateResult } from '../sync/estimateCalls.js';
import type { StreamKey } from '../sync/pageStream.js';
import type { SyncProgress } from '../sync/progress.js';
import type { RunProgressFigures } from './WorkspaceData.js';

/**
 * A run's live figures (blocks %, receipts done/total, API calls, ETA) from the sync's progress
 * events, reported to `onChange` at most every `intervalMs` so a fast sync does not flood the
 * database and the event streams. Blocks and receipts are counted apart, as on the CLI's line.
 */
export class RunProgress implements SyncProgress {
  private blocks = 0;
  private blocksDone = 0;
  private receiptsQueued = 0;
  private receipts = 0;
  private calls = 0;
  /** The cold sync's expected calls from the plan's estimate, when it gave one: a better ETA than the blocks' pace. */
  private expectedCalls: number | null = null;
  private phase: RunProgressFigures['phase'] = 'sync';
  private readonly started: number;
  private lastReport = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly onChange: (figures: RunProgressFigures) => void,
    private readonly options: { rate: number; now?: () => number; intervalMs?: number },
  ) {
    this.started = this.now();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  estimate(result: CallEstimateResult): void {
    if ('estimate' in result) this.expectedCalls = (this.expectedCalls ?? 0) + result.estimate.listPages + result.estimate.receipts;
  }

  planned(_key: StreamKey, blocks: number): void {
    this.blocks += blocks;
  }

  page(_key: StreamKey, page: { blocks: number; rows: number }): void {
    this.blocksDone += page.blocks;
    this.calls += 1;
    this.report(false);
  }

  receiptQueued(): void {
    this.receiptsQueued += 1;
  }

  receipt(): void {
    this.receipts += 1;
    this.calls += 1;
    this.report(false);
  }

  chainSkipped(): void {
    this.report(true);
  }

  finished(): void {
    this.phase = 'files';
    this.report(true);
  }

  /** The final figures, with the client's exact call count. */
  done(apiCalls: number): RunProgressFigures {
    this.phase = 'done';
    this.calls = apiCalls;
    this.blocksDone = this.blocks;
    return this.figures();
  }

  figures(): RunProgressFigures {
    const share = this.blocks === 0 ? 1 : Math.min(1, this.blocksDone / this.blocks);
    const elapsed = (this.now() - this.started) / 1000;
    const listingLeft = share > 0 && share < 1 ? (elapsed * (1 - share)) / share : 0;
    const receiptsLeft = (this.receiptsQueued - this.receipts) / this.options.rate;
    const eta = this.expectedCalls === null ? listingLeft + receiptsLeft : Math.max(0, this.expectedCalls - this.calls) / this.options.rate;
    return {
      phase: this.phase,
      blocksPercent: Math.floor(share * 100),
      receiptsDone: this.receipts,
      receiptsTotal: this.receiptsQueued,
      apiCalls: this.calls,
      etaSeconds: this.phase === 'done' ? 0 : Math.round(eta),
    };
  }

  private report(force: boolean): void {
    const at = this.now();
    if (!force && at - this.lastReport < (this.options.intervalMs ?? 250)) return;
    this.lastReport = at;
    this.onChange(this.figures());
  }
}

/** Every event to each reporter: the run's figures and the CLI's own progress lines for its log. */
export function fanOutProgress(...reporters: SyncProgress[]): SyncProgress {
  return {
    estimate: (result) => reporters.forEach((reporter) => reporter.estimate(result)),
    planned: (key, blocks) => reporters.forEach((reporter) => reporter.planned(key, blocks)),
    page: (key, page) => reporters.forEach((reporter) => reporter.page(key, page)),
    receiptQueued: (chainId, sender) => reporters.forEach((reporter) => reporter.receiptQueued(chainId, sender)),
    receipt: (chainId, sender) => reporters.forEach((reporter) => reporter.receipt(chainId, sender)),
    chainSkipped: (chainId, reason) => reporters.forEach((reporter) => reporter.chainSkipped(chainId, reason)),
    finished: () => reporters.forEach((reporter) => reporter.finished()),
  };
}
