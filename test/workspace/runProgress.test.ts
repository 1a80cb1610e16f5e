import { describe, expect, it } from '@jest/globals';
import { RunProgress } from '../../src/workspace/RunProgress.js';
import type { RunProgressFigures } from '../../src/workspace/WorkspaceData.js';

const A = { chainId: 1, wallet: '0x00000000000000000000000000000000000000aa', stream: 'txlist' as const };
const B = { ...A, stream: 'tokentx' as const };

/** A RunProgress on a test clock, every change kept (no throttling). */
function progressOn(rate: number): { progress: RunProgress; shown: RunProgressFigures[]; clock: { now: number } } {
  const clock = { now: 0 };
  const shown: RunProgressFigures[] = [];
  const progress = new RunProgress((figures) => void shown.push(figures), { rate, now: () => clock.now, intervalMs: 0 });
  return { progress, shown, clock };
}

describe('RunProgress', () => {
  it('never lets the bar go back when a second sync of the run plans more blocks', () => {
    const { progress, shown } = progressOn(5);
    progress.planned(A, 100);
    progress.page(A, { blocks: 100, rows: 10 });
    progress.finished();
    // The export's second sync: the history before the period.
    progress.planned(B, 8);
    progress.page(B, { blocks: 4, rows: 1 });
    progress.page(B, { blocks: 4, rows: 1 });
    const percents = shown.map((figures) => figures.blocksPercent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
  });

  it('takes blocks % from blocks: 0 % before any block is planned, the listed share after', () => {
    const { progress } = progressOn(5);
    progress.estimate({ estimate: { listPages: 30, receipts: 2553, ownCalls: 2 } });
    expect(progress.figures().blocksPercent).toBe(0);
    progress.planned(A, 1000);
    for (let page = 0; page < 30; page++) progress.page(A, { blocks: 10, rows: 1000 });
    expect(progress.figures().blocksPercent).toBe(30);
  });

  it("counts receipts against the plan's count, or those queued when more", () => {
    const { progress } = progressOn(5);
    progress.estimate({ estimate: { listPages: 2, receipts: 1613, ownCalls: 2 } });
    progress.planned(A, 10);
    for (let receipt = 0; receipt < 1231; receipt++) progress.receiptQueued(1, A.wallet);
    expect(progress.figures()).toMatchObject({ receiptsDone: 0, receiptsTotal: 1613 });
    for (let receipt = 0; receipt < 1700; receipt++) progress.receiptQueued(1, A.wallet);
    expect(progress.figures().receiptsTotal).toBe(2931);
  });

  it('takes the ETA from the measured call rate and never says 0 while calls remain', () => {
    const { progress, clock } = progressOn(5);
    progress.estimate({ estimate: { listPages: 100, receipts: 200, ownCalls: 2 } });
    progress.planned(A, 100);
    for (let page = 0; page < 100; page++) {
      clock.now += 500;
      progress.page(A, { blocks: 1, rows: 1000 });
    }
    // 100 calls in 50 s: 2 calls/s measured (the limit allows 5), 200 calls left.
    expect(progress.figures().etaSeconds).toBe(100);
    for (let receipt = 0; receipt < 199; receipt++) {
      progress.receiptQueued(1, A.wallet);
      progress.receipt(1, A.wallet);
    }
    expect(progress.figures().etaSeconds).toBe(1);
  });

  it('has no ETA once the run is done, also when the sync stopped with calls left', () => {
    const { progress, clock } = progressOn(5);
    progress.estimate({ estimate: { listPages: 10, receipts: 10, ownCalls: 2 } });
    progress.planned(A, 100);
    clock.now = 1000;
    progress.page(A, { blocks: 10, rows: 1000 });
    expect(progress.figures().etaSeconds).toBeGreaterThan(0);
    progress.finished();
    expect(progress.figures().etaSeconds).toBeNull();
    expect(progress.done(3)).toMatchObject({ phase: 'done', blocksPercent: 100, apiCalls: 3, etaSeconds: null });
  });
});
