import { describe, expect, it } from '@jest/globals';
import { runPage } from '../../src/server/views/runPage.js';
import type { Run, RunStatus } from '../../src/workspace/WorkspaceData.js';

const book = {
  id: 1,
  data: { name: 'Book', wallets: [], chains: [1] },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  archivedAt: null,
};

function pageOf(status: RunStatus): string {
  const run: Run = {
    id: 7,
    bookId: 1,
    request: { kind: 'export', period: { year: 2025 } },
    status,
    trigger: 'manual',
    // The figures as the run last reported them while it ran: a stopped run keeps them.
    progress: { phase: 'sync', blocksPercent: 40, receiptsDone: 10, receiptsTotal: 90, apiCalls: 50, etaSeconds: 20 },
    summary: null,
    error: null,
    files: [],
    createdAt: '2026-01-01T00:00:00Z',
    startedAt: '2026-01-01T00:00:01Z',
    finishedAt: null,
    apiKeyName: null,
    resumeAt: null,
  };
  return runPage({
    user: { id: 1, name: 'admin', role: 'admin' },
    csrfToken: 't',
    book,
    run,
    log: [],
    shares: [],
    now: '2026-01-01T00:01:00Z',
  }).text;
}

describe('runPage progress', () => {
  it('shows the ETA of a running run only, not of a stopped or finished one', () => {
    expect(pageOf('running')).toContain('<dd data-field="eta">20 s</dd>');
    for (const status of ['stopped', 'succeeded', 'failed'] as const) expect(pageOf(status)).toContain('<dd data-field="eta">–</dd>');
  });
});
