import type { CallEstimateResult } from './estimateCalls.js';
import type { StreamKey } from './pageStream.js';

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

interface Line {
  pages: number;
  rows: number;
  receipts: number;
  receiptsQueued: number;
  blocks: number;
  blocksDone: number;
}

const TTY_REDRAW_MS = 200;
const PLAIN_LINE_MS = 10_000;

/**
 * The sync's reporter on stderr: a live table redrawn at most every 200 ms on a terminal, a
 * timestamped summary line at most every 10 s otherwise, nothing when quiet. It redraws only when
 * an event arrives, so it owns no timer that could keep the process alive.
 */
export function createProgress(options: { output: ProgressOutput; quiet?: boolean; now?: () => number; rate?: number; dailyQuota?: number }): SyncProgress {
  if (options.quiet === true) return silentProgress;
  const output = options.output;
  const now = options.now ?? Date.now;
  const tty = output.isTTY === true;
  const started = now();
  const rate = options.rate;
  const dailyQuota = options.dailyQuota;
  let expected: { listPages: number; receipts: number } | undefined;
  const lines = new Map<string, Line>();
  let drawnLines = 0;
  let lastDraw = -Infinity;

  const lineOf = (chainId: number, wallet: string): Line => {
    const id = `${chainId} ${wallet.toLowerCase()}`;
    let line = lines.get(id);
    if (line === undefined) {
      line = { pages: 0, rows: 0, receipts: 0, receiptsQueued: 0, blocks: 0, blocksDone: 0 };
      lines.set(id, line);
    }
    return line;
  };

  const summary = (): string => {
    let blocks = 0;
    let done = 0;
    let receipts = 0;
    let queued = 0;
    let pages = 0;
    for (const line of lines.values()) {
      blocks += line.blocks;
      done += line.blocksDone;
      receipts += line.receipts;
      queued += line.receiptsQueued;
      pages += line.pages;
    }
    const elapsed = now() - started;
    if (expected !== undefined && rate !== undefined) {
      // A cold sync's calls are known from the plan: count down those left, at the rate and within the daily quota.
      const callsLeft = Math.max(0, expected.listPages - pages) + Math.max(0, Math.max(expected.receipts, queued) - receipts);
      return `sync calls left ${callsLeft} · receipts ${receipts}/${Math.max(expected.receipts, queued)} · ${formatSeconds(elapsed / 1000)} elapsed · ETA ${etaText(callsLeft, rate, dailyQuota)}`;
    }
    // Blocks and receipts are shown apart: a chain has millions of blocks and a wallet thousands of receipts,
    // so one blended share would sit at 99 % through the whole receipt phase. Receipts cost one call each,
    // so their time left is known from the rate; the listing's is projected from its progress so far.
    const blockShare = blocks === 0 ? 1 : done / blocks;
    const listingLeft = blockShare > 0 && blockShare < 1 ? (elapsed * (1 - blockShare)) / blockShare / 1000 : 0;
    const receiptsLeft = rate === undefined ? 0 : (queued - receipts) / rate;
    const left = listingLeft + receiptsLeft;
    const eta = left > 0 && (blockShare > 0 || rate !== undefined) ? ` · ETA ${formatSeconds(left)}` : '';
    return `sync blocks ${Math.floor(blockShare * 100)}% · receipts ${receipts}/${queued} · ${formatSeconds(elapsed / 1000)} elapsed${eta}`;
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
    const text = [summary(), ...[...lines].map(([id, line]) => formatLine(id, line))];
    const up = drawnLines > 0 ? `\x1b[${drawnLines}A` : '';
    output.write(`${up}\r\x1b[J${text.join('\n')}\n`);
    drawnLines = text.length;
  };

  return {
    estimate(result) {
      if ('warm' in result) return;
      if ('unavailable' in result) {
        output.write(`${stamp()}plan: no call estimate (${result.unavailable})\n`);
        return;
      }
      const { listPages, receipts, ownCalls } = result.estimate;
      expected = { listPages, receipts };
      const calls = listPages + receipts;
      const time = rate === undefined ? '' : ` · ETA ${etaText(calls, rate, dailyQuota)}`;
      output.write(`${stamp()}plan: about ${calls} calls for this cold sync (${listPages} list pages or more, ${receipts} receipts; ${ownCalls} calls counted them)${time}\n`);
      if (tty) drawnLines = 0;
    },
    planned(key, blocks) {
      lineOf(key.chainId, key.wallet).blocks += blocks;
    },
    page(key, page) {
      const line = lineOf(key.chainId, key.wallet);
      line.pages += 1;
      line.rows += page.rows;
      line.blocksDone += page.blocks;
      draw(false);
    },
    receiptQueued(chainId, sender) {
      lineOf(chainId, sender).receiptsQueued += 1;
    },
    receipt(chainId, sender) {
      lineOf(chainId, sender).receipts += 1;
      draw(false);
    },
    chainSkipped(chainId, reason) {
      if (tty) drawnLines = 0;
      output.write(`${stamp()}chain ${chainId} skipped: ${reason}\n`);
    },
    finished() {
      draw(true);
    },
  };
}

function formatLine(id: string, line: Line): string {
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
