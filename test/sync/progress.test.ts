import { describe, expect, it } from '@jest/globals';
import { createProgress } from '../../src/sync/progress.js';

const KEY = { chainId: 1, wallet: '0x00000000000000000000000000000000000000aa', stream: 'txlist' as const };

function recorder(isTTY: boolean): { output: { write: (text: string) => void; isTTY: boolean }; writes: string[] } {
  const writes: string[] = [];
  return { output: { write: (text) => void writes.push(text), isTTY }, writes };
}

describe('createProgress', () => {
  it('redraws the terminal table at most every 200 ms and always at the end', () => {
    let clock = 0;
    const { output, writes } = recorder(true);
    const progress = createProgress({ output, now: () => clock });
    progress.planned(KEY, 1000);
    progress.page(KEY, { blocks: 250, rows: 1000 });
    progress.page(KEY, { blocks: 250, rows: 1000 });
    clock = 100;
    progress.page(KEY, { blocks: 250, rows: 10 });
    expect(writes).toHaveLength(1);
    clock = 300;
    progress.receiptQueued(1, KEY.wallet);
    progress.receipt(1, KEY.wallet);
    expect(writes).toHaveLength(2);
    progress.finished();
    expect(writes).toHaveLength(3);
    const last = writes[2] ?? '';
    expect(last.startsWith('\x1b[2A')).toBe(true);
    expect(last).toContain('chain 1 0x000000…00aa  pages 3  rows 2010  receipts 1/1');
    // The sync is over: no ETA, whatever it left undone.
    expect(last).toMatch(/sync blocks 75% · receipts 1\/1 · 0 s elapsed\n/);
  });

  it('writes timestamped lines at most every 10 s when stderr is not a terminal', () => {
    let clock = Date.UTC(2026, 0, 2, 3, 4, 5);
    const { output, writes } = recorder(false);
    const progress = createProgress({ output, now: () => clock });
    progress.planned(KEY, 100);
    progress.page(KEY, { blocks: 10, rows: 1000 });
    clock += 5_000;
    progress.page(KEY, { blocks: 10, rows: 1000 });
    progress.chainSkipped(10, 'the API refused the request: Free API access is not supported for this chain');
    clock += 6_000;
    progress.page(KEY, { blocks: 10, rows: 1000 });
    expect(writes).toEqual([
      '2026-01-02T03:04:05.000Z sync blocks 10% · receipts 0/0 · 0 s elapsed\n',
      '2026-01-02T03:04:10.000Z chain 10 skipped: the API refused the request: Free API access is not supported for this chain\n',
      // No plan and blocks still to list: no guess projected from the share of blocks.
      '2026-01-02T03:04:16.000Z sync blocks 30% · receipts 0/0 · 11 s elapsed\n',
    ]);
  });

  it("prints the plan's estimate of a cold sync, then counts its calls down, in days beyond the daily quota", () => {
    const clock = Date.UTC(2026, 0, 2, 3, 4, 5);
    const { output, writes } = recorder(false);
    const progress = createProgress({ output, now: () => clock, rate: 2, dailyQuota: 100_000 });
    progress.estimate({ estimate: { listPages: 10, receipts: 250_000, ownCalls: 4 } });
    progress.planned(KEY, 100);
    progress.page(KEY, { blocks: 100, rows: 1000 });
    expect(writes).toEqual([
      '2026-01-02T03:04:05.000Z plan: about 250010 calls for this cold sync (10 list pages or more, 250000 receipts; 4 calls counted them) · ETA 3 days at 100000 calls a day (34 h 43 min of calls)\n',
      '2026-01-02T03:04:05.000Z sync calls left 250009 · receipts 0/250000 · 0 s elapsed · ETA 3 days at 100000 calls a day (34 h 43 min of calls) at --rate 2 (not measured yet)\n',
    ]);
  });

  it('says when there is no estimate, and nothing for a warm store', () => {
    const { output, writes } = recorder(true);
    const progress = createProgress({ output, rate: 5, dailyQuota: 100_000 });
    progress.estimate({ warm: true });
    progress.estimate({ unavailable: 'unexpected API answer (invalid-action)' });
    progress.estimate({ estimate: { listPages: 5, receipts: 20, ownCalls: 2 } });
    expect(writes).toEqual([
      'plan: no call estimate (unexpected API answer (invalid-action))\n',
      "plan: about 25 calls for this cold sync (5 list pages or more, 20 receipts; 2 calls counted them) · ETA 5 s, within one day's quota of 100000\n",
    ]);
  });

  it('takes the time left for receipts from the measured call rate (at most the limit), not from the share of blocks', () => {
    let clock = 0;
    const { output, writes } = recorder(true);
    const progress = createProgress({ output, now: () => clock, rate: 5 });
    progress.planned(KEY, 100);
    progress.page(KEY, { blocks: 100, rows: 1000 });
    for (let i = 0; i < 300; i++) progress.receiptQueued(1, KEY.wallet);
    for (let i = 0; i < 100; i++) {
      clock += 200;
      progress.receipt(1, KEY.wallet);
    }
    // 101 calls in 20 s is the limit's 5 calls/s: 200 receipts left take 40 s, although every block is listed.
    expect(writes.at(-1)).toContain('sync blocks 100% · receipts 100/300 · 20 s elapsed · ETA 40 s\n');
    clock += 20_000;
    progress.receipt(1, KEY.wallet);
    // 101 calls in the 40 s since the first: 2.525 calls/s measured, 199 receipts left.
    expect(writes.at(-1)).toContain('receipts 101/300 · 40 s elapsed · ETA 1 min 19 s\n');
  });

  it("takes the first ETA from the plan's calls at the rate, says so until the pace is measured, and never counts the planning time", () => {
    let clock = 0;
    const { output, writes } = recorder(false);
    const progress = createProgress({ output, now: () => clock, rate: 5 });
    // The plan's own nonce calls and the start took 12 s before the first sync call.
    clock = 12_000;
    progress.estimate({ estimate: { listPages: 10, receipts: 990, ownCalls: 8 } });
    progress.planned(KEY, 100);
    progress.page(KEY, { blocks: 10, rows: 1000 });
    expect(writes.at(-1)).toMatch(
      /sync calls left 999 · receipts 0\/990 · 12 s elapsed · ETA 3 min 20 s at --rate 5 \(not measured yet\)\n$/,
    );
    for (let i = 0; i < 200; i++) {
      clock += 250;
      progress.receipt(1, KEY.wallet);
    }
    // 200 calls in 50 s since the first: 4 calls/s measured, 799 calls left.
    expect(writes.at(-1)).toMatch(/sync calls left 799 · receipts 200\/990 · 1 min 2 s elapsed · ETA 3 min 20 s\n$/);
  });

  it('says a plan line before a sync the store holds part of raises the receipts total', () => {
    const { output, writes } = recorder(true);
    const progress = createProgress({ output, rate: 5 });
    progress.estimate({ warm: true });
    progress.planned(KEY, 0);
    expect(writes).toEqual([]);
    progress.planned({ ...KEY, chainId: 10 }, 5000);
    expect(writes).toEqual(['plan: part of this sync is stored; the rest (5000 blocks) is counted as it comes, without an estimate\n']);
  });

  it('writes nothing when quiet', () => {
    const { output, writes } = recorder(true);
    const progress = createProgress({ output, quiet: true });
    progress.planned(KEY, 10);
    progress.page(KEY, { blocks: 10, rows: 5 });
    progress.finished();
    expect(writes).toEqual([]);
  });
});
