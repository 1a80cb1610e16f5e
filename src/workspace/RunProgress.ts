import type { CallEstimateResult } from '../sync/estimateCalls.js';
import type { StreamKey } from '../sync/pageStream.js';
import type { SyncProgress } from '../sync/progress.js';
import { etaSeconds, initialProgress, progressTotals, reduceProgress } from '../sync/reduceProgress.js';
import type { ProgressEvent, ProgressState } from '../sync/reduceProgress.js';
import type { RunProgressFigures } from './WorkspaceData.js';

/**
 * A run's live figures (blocks %, receipts done/total, API calls, ETA) from the sync's progress events through
 * `reduceProgress`, as the terminal's, reported to `onChange` at most every `intervalMs` so a fast sync does not
 * flood the database and the event streams.
 */
export class RunProgress implements SyncProgress {
  private state: ProgressState;
  private lastReport = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly onChange: (figures: RunProgressFigures) => void,
    private readonly options: { rate: number; now?: () => number; intervalMs?: number },
  ) {
    this.state = initialProgress(this.now());
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private apply(event: ProgressEvent, report?: 'throttled' | 'now'): void {
    this.state = reduceProgress(this.state, event, this.now());
    if (report === undefined) return;
    const at = this.state.at;
    if (report === 'throttled' && at - this.lastReport < (this.options.intervalMs ?? 250)) return;
    this.lastReport = at;
    this.onChange(this.figures());
  }

  estimate(result: CallEstimateResult): void {
    if ('estimate' in result) this.apply({ type: 'estimate', listPages: result.estimate.listPages, receipts: result.estimate.receipts });
  }

  planned(key: StreamKey, blocks: number): void {
    this.apply({ type: 'planned', chainId: key.chainId, wallet: key.wallet, blocks });
  }

  page(key: StreamKey, page: { blocks: number; rows: number }): void {
    this.apply({ type: 'page', chainId: key.chainId, wallet: key.wallet, ...page }, 'throttled');
  }

  receiptQueued(chainId: number, sender: string): void {
    this.apply({ type: 'receiptQueued', chainId, wallet: sender });
  }

  receipt(chainId: number, sender: string): void {
    this.apply({ type: 'receipt', chainId, wallet: sender }, 'throttled');
  }

  chainSkipped(): void {
    this.onChange(this.figures());
  }

  finished(): void {
    this.apply({ type: 'finished' }, 'now');
  }

  /** The final figures, with the client's exact call count. */
  done(apiCalls: number): RunProgressFigures {
    this.apply({ type: 'done', apiCalls });
    return this.figures();
  }

  figures(): RunProgressFigures {
    const totals = progressTotals(this.state);
    const eta = etaSeconds(this.state, this.options.rate);
    return {
      phase: this.state.phase,
      blocksPercent: this.state.blocksPercent,
      receiptsDone: totals.receipts,
      receiptsTotal: totals.receiptsTotal,
      apiCalls: totals.calls,
      etaSeconds: eta === null ? null : Math.round(eta),
    };
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
