/** One chain and wallet's sync figures (the terminal's table has a line per pair). */
export interface ProgressLine {
  pages: number;
  rows: number;
  receipts: number;
  receiptsQueued: number;
  blocks: number;
  blocksDone: number;
}

/**
 * What a run's sync has done so far, built only by `reduceProgress`, so the terminal and the workspace show the
 * same figures. `blocksPercent` is kept, not derived: a later sync of the same run (the history before the period)
 * plans more blocks, and the share shown must not go back.
 */
export interface ProgressState {
  startedAt: number;
  /** The time of the last event: elapsed time and call rate are measured up to here. */
  at: number;
  lines: ReadonlyMap<string, ProgressLine>;
  /** The plans' estimates of the cold syncs, summed over the run's syncs; null when no plan gave one. */
  expected: { listPages: number; receipts: number } | null;
  blocksPercent: number;
  /** `files` once the sync finished; `done` once the run recorded its outcome. */
  phase: 'sync' | 'files' | 'done';
  /** The client's exact count once done, else null (pages plus receipts until then). */
  apiCalls: number | null;
  /** When the first sync call came and the calls then: the pace is measured from here, not from the planning. */
  firstCall: { at: number; calls: number } | null;
}

export type ProgressEvent =
  | { type: 'estimate'; listPages: number; receipts: number }
  | { type: 'planned'; chainId: number; wallet: string; blocks: number }
  | { type: 'page'; chainId: number; wallet: string; blocks: number; rows: number }
  | { type: 'receiptQueued'; chainId: number; wallet: string }
  | { type: 'receipt'; chainId: number; wallet: string }
  | { type: 'finished' }
  | { type: 'done'; apiCalls: number };

const EMPTY_LINE: ProgressLine = { pages: 0, rows: 0, receipts: 0, receiptsQueued: 0, blocks: 0, blocksDone: 0 };

export function initialProgress(at: number): ProgressState {
  return { startedAt: at, at, lines: new Map(), expected: null, blocksPercent: 0, phase: 'sync', apiCalls: null, firstCall: null };
}

/** The state after `event`, which happened at `at`; the state given is left as it was. */
export function reduceProgress(state: ProgressState, event: ProgressEvent, at: number): ProgressState {
  const next = { ...state, at };
  switch (event.type) {
    case 'estimate': {
      const before = state.expected ?? { listPages: 0, receipts: 0 };
      return { ...next, expected: { listPages: before.listPages + event.listPages, receipts: before.receipts + event.receipts } };
    }
    case 'planned':
      return withPercent(
        withLine(next, event, (line) => ({ ...line, blocks: line.blocks + event.blocks })),
        true,
      );
    case 'page':
      return withFirstCall(
        withPercent(
          withLine(next, event, (line) => ({
            ...line,
            pages: line.pages + 1,
            rows: line.rows + event.rows,
            blocksDone: Math.min(line.blocks, line.blocksDone + event.blocks),
          })),
          false,
        ),
      );
    case 'receiptQueued':
      return withLine(next, event, (line) => ({ ...line, receiptsQueued: line.receiptsQueued + 1 }));
    case 'receipt':
      return withFirstCall(withLine(next, event, (line) => ({ ...line, receipts: line.receipts + 1 })));
    case 'finished':
      return { ...next, phase: state.phase === 'done' ? 'done' : 'files' };
    case 'done':
      return { ...next, phase: 'done', blocksPercent: 100, apiCalls: event.apiCalls };
  }
}

function withFirstCall(state: ProgressState): ProgressState {
  return state.firstCall === null ? { ...state, firstCall: { at: state.at, calls: progressTotals(state).calls } } : state;
}

function withLine(
  state: ProgressState,
  where: { chainId: number; wallet: string },
  change: (line: ProgressLine) => ProgressLine,
): ProgressState {
  const id = `${where.chainId} ${where.wallet.toLowerCase()}`;
  const lines = new Map(state.lines);
  lines.set(id, change(state.lines.get(id) ?? EMPTY_LINE));
  return { ...state, lines };
}

/**
 * Blocks listed of blocks planned; before anything is planned 0 %, not 100 % (a plan of no blocks, a warm store,
 * is all listed), and the share never goes back.
 */
function withPercent(state: ProgressState, planning: boolean): ProgressState {
  const { blocks, blocksDone } = progressTotals(state);
  const share = blocks === 0 ? (planning ? 100 : 0) : Math.floor((blocksDone / blocks) * 100);
  return { ...state, blocksPercent: Math.max(state.blocksPercent, share) };
}

export interface ProgressTotals extends ProgressLine {
  calls: number;
  /** Receipts to fetch: the plan's count, or those queued when more. */
  receiptsTotal: number;
}

export function progressTotals(state: ProgressState): ProgressTotals {
  const totals = { ...EMPTY_LINE };
  for (const line of state.lines.values()) {
    for (const name of Object.keys(totals) as (keyof ProgressLine)[]) totals[name] += line[name];
  }
  const receiptsTotal = Math.max(state.expected?.receipts ?? 0, totals.receiptsQueued);
  return { ...totals, calls: state.apiCalls ?? totals.pages + totals.receipts, receiptsTotal };
}

/** The calls the plan says are left (null without an estimate). */
export function callsLeft(state: ProgressState): number | null {
  if (state.expected === null) return null;
  const totals = progressTotals(state);
  return Math.max(0, state.expected.listPages - totals.pages) + Math.max(0, totals.receiptsTotal - totals.receipts);
}

/** Calls and seconds since the first sync call before its pace counts as measured: fewer say more of the start than of the pace. */
const MEASURED_CALLS = 20;
const MEASURED_MS = 5_000;

/** Calls a second since the first sync call, once enough of them came to tell; else undefined. */
export function measuredPace(state: ProgressState): number | undefined {
  if (state.firstCall === null) return undefined;
  const calls = progressTotals(state).calls - state.firstCall.calls;
  const ms = state.at - state.firstCall.at;
  return calls >= MEASURED_CALLS && ms >= MEASURED_MS ? calls / (ms / 1000) : undefined;
}

/**
 * Seconds left for the calls known to be left — the plan's, else (once every block is listed) the receipts queued —
 * at the pace measured since the first sync call (at most `rate`, the limit), or at `rate` until it is measured
 * (`measuredPace`). At least 1 while anything is left; null when nothing known is left, the listing still decides
 * how much is (no plan), or the sync is over.
 */
export function etaSeconds(state: ProgressState, rate: number | undefined): number | null {
  if (state.phase !== 'sync') return null;
  const totals = progressTotals(state);
  const measured = measuredPace(state);
  const pace = measured === undefined ? rate : rate === undefined ? measured : Math.min(measured, rate);
  const known = callsLeft(state) ?? (totals.blocksDone < totals.blocks ? null : totals.receiptsQueued - totals.receipts);
  if (known === null || known <= 0 || pace === undefined) return null;
  return Math.max(1, known / pace);
}
