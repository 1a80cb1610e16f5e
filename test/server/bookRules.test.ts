import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { e2eWorld } from '../support/e2eWorld.js';
import { csv, pickLegs } from '../support/pickLegs.js';
import { login } from '../support/serverHarness.js';
import { servedWorkspace } from '../support/servedWorkspace.js';

const world = e2eWorld();
const NOWHERE = `0x${'0'.repeat(63)}1`;
const served = servedWorkspace('rules', {
  world,
  sandbox: () => ({ apiKeys: ['rules-key'] }),
  users: [
    { name: 'anna', role: 'admin', password: 'anna password 12' },
    { name: 'victor', role: 'viewer', password: 'victor password 12' },
  ],
  book: 'Client A',
});

describe('book rules on the embedded workspace (SQLite)', () => {
  const { call } = served;

  /** The run's out dir, once it has succeeded or found differences. */
  async function runToEnd(body: unknown): Promise<string> {
    const id = await served.runToEnd(body, served.tokens.anna!);
    expect((await served.workspace.data.getRun(id))?.status).toMatch(/^(succeeded|differences)$/);
    return served.workspace.stores.outDir(id);
  }

  it('changes the next run’s files, lists the rule in the manifest and names it in the since-filed diff', async () => {
    const { workspace, server, dataDir, bookId, tokens } = served;
    const [admin, viewer] = [tokens.anna!, tokens.victor!];
    await runToEnd({ kind: 'close', period: { year: 2025 }, templates: ['ledger', 'koinly'] });
    const filedDir = path.join(dataDir, 'books', String(bookId), 'filed', '2025');
    const { tx, legs, out } = pickLegs(csv(path.join(filedDir, 'ledger.csv')));

    // Viewers read the rules, never change them.
    expect(
      (await call('POST', `/api/books/${bookId}/rules`, viewer, { match: { tx }, category: 'airdrop', reason: 'claimed drop' })).status,
    ).toBe(403);
    expect(await workspace.data.bookRules(bookId)).toEqual([]);

    const added = await call('POST', `/api/books/${bookId}/rules`, admin, { match: { tx }, category: 'airdrop', reason: 'claimed drop' });
    expect(added.status).toBe(201);
    const { rule, matched, warnings } = added.json<{
      rule: { id: number; author: string; reason: string };
      matched: number;
      warnings: string[];
    }>();
    expect({ matched, warnings, author: rule.author, reason: rule.reason }).toEqual({
      matched: legs.length,
      warnings: [],
      author: 'anna',
      reason: 'claimed drop',
    });

    // A rule that matches nothing is saved, and said so.
    const idle = await call('POST', `/api/books/${bookId}/rules`, admin, {
      match: { tx: NOWHERE },
      spam: true,
      reason: 'test transaction',
    });
    expect(idle.status).toBe(201);
    expect(idle.json<{ matched: number; warnings: string[] }>()).toMatchObject({
      matched: 0,
      warnings: [expect.stringMatching(/^rule \d+ matches no entry of the book's stored ledger: saved all the same/)],
    });

    // An incoming category on an outgoing leg is refused, naming the field and the leg.
    const wrong = await call('POST', `/api/books/${bookId}/rules`, admin, {
      match: { entries: [out.entry_id] },
      category: 'income',
      reason: 'salary',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json<{ error: string; field: string }>()).toEqual({
      error: expect.stringMatching(
        new RegExp(`^category income is for incoming legs, and the rule matches 1 outgoing \\(entry ${out.entry_id}`),
      ),
      field: 'category',
    });

    const listed = await call('GET', `/api/books/${bookId}/rules`, viewer);
    expect(listed.json<{ id: number }[]>().map((one) => one.id)).toEqual([rule.id, idle.json<{ rule: { id: number } }>().rule.id]);
    const idleRoute = `/api/books/${bookId}/rules/${idle.json<{ rule: { id: number } }>().rule.id}`;
    expect((await call('DELETE', idleRoute, viewer)).status).toBe(403);
    expect((await call('DELETE', idleRoute, admin)).status).toBe(200);
    expect((await call('DELETE', idleRoute, admin)).status).toBe(404);

    // The book page lists the rule with its reason; only an admin's has the form and the delete button.
    const page = async (user: string, password: string): Promise<string> => {
      const { cookie } = await login(server.url, user, password);
      return (await fetch(`${server.url}/books/${bookId}`, { headers: { cookie } })).text();
    };
    const viewerPage = await page('victor', 'victor password 12');
    expect(viewerPage).toContain(`data-rule="${rule.id}"`);
    expect(viewerPage).toContain('claimed drop');
    expect(viewerPage).not.toContain('data-action="delete-rule"');
    expect(viewerPage).not.toContain('data-form="rule"');
    const adminPage = await page('anna', 'anna password 12');
    expect(adminPage).toContain(`data-url="/api/books/${bookId}/rules/${rule.id}"`);
    expect(adminPage).toContain('data-form="rule"');

    const outDir = await runToEnd({ kind: 'export', period: { year: 2025 }, templates: ['ledger', 'koinly'] });
    const ledger = csv(path.join(outDir, 'ledger.csv'));
    const changed = ledger.filter((row) => row.tx_hash === tx && row.category !== 'fee');
    expect(changed.map((row) => [row.entry_id, row.category, (row.note ?? '').split(' ').includes(`rule:${rule.id}`)])).toEqual(
      legs.map((leg) => [leg.entry_id, 'airdrop', true]),
    );
    expect(ledger.filter((row) => row.tx_hash !== tx)).toEqual(csv(path.join(filedDir, 'ledger.csv')).filter((row) => row.tx_hash !== tx));
    expect(
      csv(path.join(outDir, 'koinly.csv'))
        .filter((row) => row.TxHash === tx)
        .map((row) => row.Label),
    ).toContain('Airdrop');
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as { rules: unknown };
    expect(manifest.rules).toEqual([{ id: String(rule.id), reason: 'claimed drop', author: 'anna', matched: legs.length }]);

    const diffDir = await runToEnd({ kind: 'diff', label: '2025' });
    const reasons = csv(path.join(diffDir, 'diff.csv')).filter((row) => row.tx_hash === tx);
    expect(reasons.length).toBeGreaterThan(0);
    for (const row of reasons) expect(row.reason).toContain(`rule ${rule.id} (airdrop: 'claimed drop') added`);
  });
});
