import { describe, expect, it } from '@jest/globals';
import { nightSummary } from '../../src/workspace/nightSummary.js';
import type { Run } from '../../src/workspace/WorkspaceData.js';

const run = (id: number, status: Run['status'], apiKeyName: string | null, apiCalls: number): Run => ({
  id,
  bookId: id,
  request: { kind: 'reconcile' },
  status,
  trigger: 'schedule',
  progress: { phase: 'done', blocksPercent: 100, receiptsDone: 0, receiptsTotal: 0, apiCalls, etaSeconds: null },
  summary: null,
  error: null,
  files: [],
  createdAt: '2026-11-29T02:00:00.000Z',
  startedAt: '2026-11-29T02:00:01.000Z',
  finishedAt: null,
  apiKeyName,
  resumeAt: null,
});

describe('nightSummary', () => {
  it('counts a run that moved keys on every key it used: its earlier attempts and its last', () => {
    // Run 1 spent k1's quota after 40 calls and went on with 25 on k2; run 2 stayed on k1; run 3 never got a key.
    const runs = [run(1, 'succeeded', 'k2', 25), run(2, 'succeeded', 'k1', 10), run(3, 'deferred', null, 0)];
    expect(nightSummary('2026-11-29', runs, new Map([['k1', 40]])).calls).toEqual({ k1: 50, k2: 25 });
    expect(nightSummary('2026-11-29', runs).calls).toEqual({ k1: 10, k2: 25 });
  });
});
