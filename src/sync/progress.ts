import type { CallEstimateResult } from './estimateCalls.js';
import type { StreamKey } from './pageStream.js';
import { callsLeft, etaSeconds, initialProgress, measuredPace, progressTotals, reduceProgress } from './reduceProgress.js';
import type { ProgressEvent, ProgressLine } from './reduceProgress.js';

/** What the sync tells its reporter; every call must be cheap, sync does not wait on it. */
export interface SyncProgress {
  /** What the plan expects before a cold sync; the ETA then counts down the calls left. */
  estimate(result: CallEstimateResult): void;
  /** A key has `blocks` blocks to fetch in this run (0 when it is already synced). */
  planned(key: StreamKey, blocks: number): void;
  page(key: StreamKey, page: { blocks: number; rows: number }): void;
  receiptQueued(chainId: number, sender: string): void;
  receipt(chainId: number, sender: string): void;
  chainSkipped(chainId: number, reason: string): void;
  /** Draws the final state; called once, also when the sync stops early. */
  finished(): void;
}

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

const TTY_REDRAW_MS = 200;
const PLAIN_LINE_MS = 10_000;

/**
 * The sync's reporter on stderr: a live table redrawn at most every 200 ms on a terminal, a
 * timestamped summary line at most every 10 s otherwise, nothing when quiet. It redraws only when
 * an event arrives, so it owns no timer that could keep the process alive. Its figures are `reduceProgress`'s,
 * as the workspace's.
 */
export function createProgress(options: {
  output: ProgressOutput;
  quiet?: boolean;
  now?: () => number;
  rate?: number;
  dailyQuota?: number;
}): SyncProgress {
  if (options.quiet === true) return silentProgress;
  const output = options.output;
  const now = options.now ?? Date.now;
  const tty = output.isTTY === true;
  const { rate, dailyQuota } = options;
  let state = initialProgress(now());
  let drawnLines = 0;
  let lastDraw = -Infinity;
  // A sync the store holds part of has no estimate: its first blocks to fetch get a plan line of their own.
  let unplanned = false;
  const apply = (event: ProgressEvent): void => {
    state = reduceProgress(state, event, now());
  };

  const summary = (): string => {
    const totals = progressTotals(state);
    const elapsed = formatSeconds((state.at - state.startedAt) / 1000);
    const seconds = etaSeconds(state, rate);
    // Until the pace is measured the ETA is the rate's, and says so.
    const unsure = measuredPace(state) === undefined && rate !== undefined ? ` at --rate ${rate} (not measured yet)` : '';
    const left = callsLeft(state);
    if (left !== null && rate !== undefined) {
      // A cold sync's calls are known from the plan: count down those left, at the measured rate and within the daily quota.
      const pace = seconds === null ? rate : left / seconds;
      return `sync calls left ${left} · receipts ${totals.receipts}/${totals.receiptsTotal} · ${elapsed} elapsed${seconds === null ? '' : ` · ETA ${etaText(left, pace, dailyQuota)}${unsure}`}`;
    }
    // Blocks and receipts are shown apart: a chain has millions of blocks and a wallet thousands of receipts,
    // so one blended share would sit at 99 % through the whole receipt phase.
    const eta = seconds === null ? '' : ` · ETA ${formatSeconds(seconds)}${unsure}`;
    return `sync blocks ${state.blocksPercent}% · receipts ${totals.receipts}/${totals.receiptsTotal} · ${elapsed} elapsed${eta}`;
  };

  const stamp = (): string => (tty ? '' : `${new Date(now()).toISOString()} `);

  const draw = (force: boolean): void => {
    const at = now();
    if (!force && at - lastDraw < (tty ? TTY_REDRAW_MS : PLAIN_LINE_MS)) return;
    lastDraw = at;
    if (!tty) {
      output.write(`${new Date(at).toISOString()} ${summary()}\n`);
      return;
    }
    const text = [summary(), ...[...state.lines].map(([id, line]) => formatLine(id, line))];
    const up = drawnLines > 0 ? `\x1b[${drawnLines}A` : '';
    output.write(`${up}\r\x1b[J${text.join('\n')}\n`);
    drawnLines = text.length;
  };

  return {
    estimate(result) {
      if ('warm' in result) {
        unplanned = true;
        return;
      }
      if ('unavailable' in result) {
        output.write(`${stamp()}plan: no call estimate (${result.unavailable})\n`);
        return;
      }
      const { listPages, receipts, ownCalls } = result.estimate;
      apply({ type: 'estimate', listPages, receipts });
      const calls = listPages + receipts;
      const time = rate === undefined ? '' : ` · ETA ${etaText(calls, rate, dailyQuota)}`;
      output.write(
        `${stamp()}plan: about ${calls} calls for this cold sync (${listPages} list pages or more, ${receipts} receipts; ${ownCalls} calls counted them)${time}\n`,
      );
      if (tty) drawnLines = 0;
    },
    planned(key, blocks) {
      apply({ type: 'planned', chainId: key.chainId, wallet: key.wallet, blocks });
      if (unplanned && blocks > 0) {
        unplanned = false;
        if (tty) drawnLines = 0;
        output.write(
          `${stamp()}plan: part of this sync is stored; the rest (${blocks} blocks) is counted as it comes, without an estimate\n`,
        );
      }
    },
    page(key, page) {
      apply({ type: 'page', chainId: key.chainId, wallet: key.wallet, ...page });
      draw(false);
    },
    receiptQueued(chainId, sender) {
      apply({ type: 'receiptQueued', chainId, wallet: sender });
    },
    receipt(chainId, sender) {
      apply({ type: 'receipt', chainId, wallet: sender });
      draw(false);
    },
    chainSkipped(chainId, reason) {
      if (tty) drawnLines = 0;
      output.write(`${stamp()}chain ${chainId} skipped: ${reason}\n`);
    },
    finished() {
      apply({ type: 'finished' });
      draw(true);
    },
  };
}

function formatLine(id: string, line: ProgressLine): string {
  const [chainId, wallet = ''] = id.split(' ');
  const short = `${wallet.slice(0, 8)}…${wallet.slice(-4)}`;
  return `  chain ${chainId} ${short}  pages ${line.pages}  rows ${line.rows}  receipts ${line.receipts}/${line.receiptsQueued}`;
}

/**
 * Time for `calls` at `rate`; beyond the daily quota the quota decides, so it says how many days
 * (the quota resets at 00:00 UTC, so a run that needs more calls than one day's quota needs several days).
 */
function etaText(calls: number, rate: number, dailyQuota: number | undefined): string {
  const time = formatSeconds(calls / rate);
  if (dailyQuota === undefined) return time;
  const days = Math.ceil(calls / dailyQuota);
  return days <= 1 ? `${time}, within one day's quota of ${dailyQuota}` : `${days} days at ${dailyQuota} calls a day (${time} of calls)`;
}

function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  return minutes < 60 ? `${minutes} min ${whole % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const silentProgress: SyncProgress = {
  estimate: () => undefined,
  planned: () => undefined,
  page: () => undefined,
  receiptQueued: () => undefined,
  receipt: () => undefined,
  chainSkipped: () => undefined,
  finished: () => undefined,
};
