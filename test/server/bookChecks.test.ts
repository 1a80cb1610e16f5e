import { describe, expect, it } from '@jest/globals';
import { e2eWorld } from '../support/e2eWorld.js';
import { servedWorkspace } from '../support/servedWorkspace.js';

/** Issue 47: what a book's forms check before a rule or a manual price is kept, over the API. */
const world = e2eWorld();
const TX = `0x${'ab'.repeat(32)}`;
const served = servedWorkspace('book-checks', {
  world,
  sandbox: () => ({ apiKeys: ['book-checks-key'] }),
  users: [{ name: 'anna', role: 'admin', password: 'anna password 12' }],
  book: 'Client A',
});

describe("a rule's texts (issue 47.8)", () => {
  it('refuse control and bidi characters, as notes and book texts do, naming the field; nothing is stored or audited', async () => {
    const { call, bookId, tokens, workspace } = served;
    const audited = async (): Promise<number> => (await workspace.data.audit.newest({}, { limit: 100 })).length;
    const before = await audited();
    const refusals = [];
    for (const body of [
      { match: { tx: TX }, spam: true, reason: 'looks like \u001b[2Jspam' },
      { match: { tx: TX }, spam: true, reason: 'invoice \u202egnp.exe' },
      { match: { tx: TX }, label: 'Kraken\u2066', reason: 'deposit address' },
    ]) {
      const answer = await call('POST', `/api/books/${bookId}/rules`, tokens.anna!, body);
      refusals.push([answer.status, answer.json<{ error: string; field: string }>()]);
    }
    expect(refusals).toEqual([
      [400, { error: 'reason contains the invisible character U+001B; remove it', field: 'reason' }],
      [400, { error: 'reason contains the invisible character U+202E; remove it', field: 'reason' }],
      [400, { error: 'label contains the invisible character U+2066; remove it', field: 'label' }],
    ]);
    expect(await workspace.data.bookRules(bookId)).toEqual([]);
    expect(await audited()).toBe(before);
  });
});
