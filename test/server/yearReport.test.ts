import { describe, expect, it } from '@jest/globals';
import { e2eWorld } from '../support/e2eWorld.js';
import { servedWorkspace } from '../support/servedWorkspace.js';

const world = e2eWorld();

const served = servedWorkspace('report', {
  world,
  users: [{ name: 'anna', role: 'admin', password: 'anna password 12' }],
  book: 'Jane Client',
});

/**
 * A report run in the workspace: refused while the book has no cost basis (the field named), then its PDF among the
 * run's files, linked from the run page and from the book's year summary.
 */
describe('the year report in the workspace', () => {
  const request = { kind: 'report', period: { year: 2025 }, templates: ['ledger'] };

  it('refuses a report run while the book keeps no cost basis, naming the field', async () => {
    const refused = await served.call('POST', `/api/books/${served.bookId}/runs`, served.tokens.anna!, request);
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ error: expect.stringContaining('costBasis'), field: expect.stringMatching(/^costBasis/) });
  });

  it("offers the run's PDF on its run page and the book's year summary", async () => {
    const token = served.tokens.anna!;
    await served.workspace.updateBook(served.bookId, { costBasis: { method: 'fifo' } });
    const id = await served.runToEnd(request, token);
    const run = (await served.call('GET', `/api/runs/${id}`, token)).json() as { status: string; summary: Record<string, unknown> };
    expect(run.status).toMatch(/^(succeeded|differences)$/);
    expect(run.summary).toMatchObject({ report: 'report-2025.pdf', currency: 'USD', gain: expect.stringMatching(/^-?\d+\.\d\d$/) });
    const pdf = await served.call('GET', `/api/runs/${id}/files/report-2025.pdf`, token);
    expect([pdf.status, pdf.text.slice(0, 5)]).toEqual([200, '%PDF-']);
    const link = `/api/runs/${id}/files/report-2025.pdf`;
    expect((await served.call('GET', `/runs/${id}`, token)).text).toContain(link);
    const summary = await served.call('GET', `/books/${served.bookId}/summary`, token);
    expect([summary.status, summary.text.includes(link)]).toEqual([200, true]);
  }, 240_000);
});
