import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { e2eWorld } from '../support/e2eWorld.js';
import { servedWorkspace } from '../support/servedWorkspace.js';

const clock = new Date('2026-06-01T02:00:00Z');
const served = servedWorkspace('review-filed', {
  world: e2eWorld(),
  workspace: () => ({ now: () => clock }),
  users: [{ name: 'keeper', role: 'admin', password: 'keeper password 1' }],
  book: 'Reviewed client',
});
let admin: string;
beforeAll(() => {
  admin = served.tokens.keeper!;
});

type Row = Record<string, string>;
const rows = (text: string): Row[] => parse(text, { columns: true }) as Row[];
const file = async (runId: number, name: string): Promise<{ status: number; text: string }> =>
  served.call('GET', `/api/runs/${runId}/files/${name}`, admin);
const REQUEST = { period: { year: 2025 }, templates: ['ledger'] };

describe('the review state filed with the period', () => {
  let ids: string[] = [];

  it('a workspace export writes review.csv with exactly the reviewed, flagged and noted entries, and the manifest its counts', async () => {
    const first = await served.runToEnd({ kind: 'export', ...REQUEST }, admin);
    // Nobody reviewed anything yet: the file is there with its header only.
    expect((await file(first, 'review.csv')).text.trim()).toBe('entry_id,status,reviewer,reviewed_at,notes');
    ids = rows((await file(first, 'ledger.csv')).text).map((row) => row.entry_id ?? '');
    expect(ids.length).toBeGreaterThan(3);
    const [reviewed, flagged, noted] = ids as [string, string, string];
    const entry = (id: string, what: string) => `/api/books/${served.bookId}/entries/${id}/${what}`;
    expect((await served.call('PUT', entry(reviewed, 'review'), admin, { status: 'reviewed' })).status).toBe(200);
    expect((await served.call('PUT', entry(flagged, 'review'), admin, { status: 'flagged' })).status).toBe(200);
    expect((await served.call('POST', entry(flagged, 'notes'), admin, { text: 'which invoice?' })).status).toBe(201);
    expect((await served.call('POST', entry(noted, 'notes'), admin, { text: 'fee refund' })).status).toBe(201);
    expect((await served.call('POST', entry(noted, 'notes'), admin, { text: 'confirmed by client' })).status).toBe(201);

    const second = await served.runToEnd({ kind: 'export', ...REQUEST }, admin);
    const review = rows((await file(second, 'review.csv')).text);
    expect(review.map(({ entry_id, status, reviewer, notes }) => [entry_id, status, reviewer, notes]).sort()).toEqual(
      [
        [reviewed, 'reviewed', 'keeper', ''],
        [flagged, 'flagged', 'keeper', 'keeper: which invoice?'],
        [noted, 'unreviewed', '', 'keeper: fee refund | keeper: confirmed by client'],
      ].sort(),
    );
    expect(review.find((row) => row.entry_id === reviewed)?.reviewed_at).toBe(clock.toISOString());
    const manifest = JSON.parse((await file(second, 'manifest.json')).text) as { counts: Record<string, number>; files: unknown };
    expect(manifest.counts).toMatchObject({ 'rows.review': 3, 'review.reviewed': 1, 'review.flagged': 1, 'review.unreviewed': 1 });
    expect(JSON.stringify(manifest.files)).toContain('review.csv');
  });

  it('closing the period files review.csv; a review changed since shows in the since-filed diff', async () => {
    const closed = await served.runToEnd({ kind: 'close', ...REQUEST }, admin);
    const filedDir = path.join(served.dataDir, 'books', String(served.bookId), 'filed', '2025');
    const record = JSON.parse(fs.readFileSync(path.join(filedDir, 'filed.json'), 'utf8')) as { files: { path: string }[] };
    expect(record.files.map((one) => one.path)).toContain('review.csv');
    expect(rows(fs.readFileSync(path.join(filedDir, 'review.csv'), 'utf8'))).toHaveLength(3);
    expect((await file(closed, 'review.csv')).status).toBe(200);

    const same = (await served.call('GET', `/api/runs/${await served.runToEnd({ kind: 'diff', label: '2025' }, admin)}`, admin)).json() as {
      summary: Record<string, unknown>;
    };
    expect(same.summary).toMatchObject({ changes: 0 });

    const [reviewed, flagged] = ids as [string, string];
    expect((await served.call('PUT', `/api/books/${served.bookId}/entries/${flagged}/review`, admin, { status: 'reviewed' })).status).toBe(
      200,
    );
    const changedId = await served.runToEnd({ kind: 'diff', label: '2025' }, admin);
    const diff = rows((await file(changedId, 'diff.csv')).text).filter((row) => row.file === 'review.csv');
    expect(diff.map(({ change, key, columns, reason }) => [change, key, columns, reason])).toEqual([
      ['changed', flagged, expect.stringContaining('status'), expect.stringContaining('its review changed since filing: status')],
    ]);
    expect(diff.some((row) => row.key === reviewed)).toBe(false);
  });
});
