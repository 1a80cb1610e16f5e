import { describe, expect, it } from '@jest/globals';
import { Decimal } from '../../src/ledger/money.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { E2E_CHAINS } from '../support/e2eWorld.js';
import { login } from '../support/serverHarness.js';
import { servedWorkspace } from '../support/servedWorkspace.js';

type Entry = Record<string, string>;
type Suggestion = { id: string; sent: string; arrived: string; reason: string };

const served = servedWorkspace('suggestions', {
  // The e2e world's chains at full scale: enough plain transfers for two that could be one move through an exchange.
  world: generateWorld({ seed: 1, scale: 1, chains: E2E_CHAINS }),
  users: [
    { name: 'anna', role: 'admin', password: 'anna password 12' },
    { name: 'victor', role: 'viewer', password: 'victor password 12' },
  ],
  book: 'Client A',
});

describe('suggested matches over the API (embedded workspace)', () => {
  it('suggests a deposit to a labelled exchange, accepts it as the rule a manual pair makes, and remembers a dismissal', async () => {
    const { call, bookId, tokens, workspace } = served;
    const [admin, viewer] = [tokens.anna!, tokens.victor!];
    await served.runToEnd({ kind: 'sync' }, admin);
    const route = `/api/books/${bookId}/suggestions`;
    const list = async (): Promise<Suggestion[]> => (await call('GET', route, viewer)).json<{ suggestions: Suggestion[] }>().suggestions;
    // The world's own transfers are paired by the ledger already: nothing to suggest.
    expect(await list()).toEqual([]);

    // Two plain transfers that could be one move through an exchange: label where the first went as an exchange.
    const entries = (await call('GET', `/api/books/${bookId}/entries?limit=1000&category=transfer&spam=false`, viewer)).json<{
      entries: Entry[];
    }>().entries;
    const at = (row: Entry): number => Date.parse(row.timestamp ?? '') / 1000;
    const pairs = entries.flatMap((sent) =>
      sent.direction !== 'out'
        ? []
        : entries
            .filter((arrived) => {
              const share = new Decimal(arrived.amount ?? '0').div(sent.amount ?? '1');
              const elapsed = at(arrived) - at(sent);
              return (
                arrived.direction === 'in' &&
                arrived.asset === sent.asset &&
                arrived.decimals === sent.decimals &&
                (arrived.asset_contract === '') === (sent.asset_contract === '') &&
                arrived.token_id === '' &&
                (arrived.chain_id !== sent.chain_id || arrived.asset_contract === sent.asset_contract) &&
                elapsed > 0 &&
                elapsed < 8 * 24 * 3600 - 60 &&
                share.lte(1) &&
                share.gte(0.951)
              );
            })
            .map((arrived) => [sent, arrived] as const),
    );
    const [sent, arrived] = pairs[0] ?? [];
    if (sent === undefined || arrived === undefined) throw new Error('the e2e world has a send and a later receipt a fee apart');
    // A second pair of other legs, to dismiss.
    const [spare] = pairs.find(([one, other]) => one.entry_id !== sent.entry_id && other.entry_id !== arrived.entry_id) ?? [];
    if (spare === undefined) throw new Error('the e2e world has two such pairs');
    const book = (await call('GET', `/api/books/${bookId}`, viewer)).json<{ labels?: Record<string, string> }>();
    const labels = { ...book.labels, [sent.counterparty!]: 'Exchange deposit', [spare.counterparty!]: 'Exchange deposit' };
    expect((await call('PATCH', `/api/books/${bookId}`, admin, { labels })).status).toBe(200);
    expect((await call('POST', `/api/books/${bookId}/entries/refresh`, admin)).status).toBe(200);

    const suggested = await list();
    const mine = suggested.find((one) => one.sent === sent.entry_id);
    expect(mine).toMatchObject({
      id: `${sent.entry_id}.${mine?.arrived}`,
      reason: expect.stringContaining('sent to Exchange deposit, an exchange deposit'),
    });
    const id = mine!.id;

    // The book page lists it with its reason; only an admin's has the buttons.
    const page = async (user: string): Promise<string> => {
      const { cookie } = await login(served.server.url, user, `${user} password 12`);
      return (await fetch(`${served.server.url}/books/${bookId}`, { headers: { cookie } })).text();
    };
    const viewerPage = await page('victor');
    expect(viewerPage).toContain(`data-suggestion="${id}"`);
    expect(viewerPage).not.toContain('data-action="accept-suggestion"');
    const adminPage = await page('anna');
    expect(adminPage).toContain(`data-url="${route}/${id}/accept"`);
    expect(adminPage).toContain('data-action="accept-suggestions"');

    // Viewers read, never accept or dismiss; an id not shown is 404, a malformed one 400.
    expect((await call('POST', `${route}/${id}/accept`, viewer)).status).toBe(403);
    expect((await call('POST', `${route}/${id}/dismiss`, viewer)).status).toBe(403);
    expect((await call('POST', `${route}/x0000000000000000.x0000000000000001/accept`, admin)).status).toBe(404);
    expect((await call('POST', `${route}/nope/accept`, admin)).status).toBe(400);

    const other = suggested.find((one) => one.id !== id);
    if (other === undefined) throw new Error('two suggestions, one to dismiss');
    expect((await call('POST', `${route}/${other.id}/dismiss`, admin)).status).toBe(200);
    expect((await list()).map((one) => one.id)).not.toContain(other.id);
    expect((await call('POST', `${route}/${other.id}/dismiss`, admin)).status).toBe(404);

    const accepted = await call('POST', `${route}/${id}/accept`, admin);
    expect(accepted.status).toBe(201);
    const { rule, matched } = accepted.json<{ rule: { id: number; rule: unknown; author: string; reason: string }; matched: number }>();
    expect({ rule: rule.rule, author: rule.author, matched }).toEqual({
      rule: { match: { entries: [sent.entry_id, mine!.arrived] }, category: 'own_transfer' },
      author: 'anna',
      matched: 2,
    });
    expect(rule.reason).toMatch(/^suggested match accepted: /);
    // The table the accept refreshed shows both legs as an own transfer by that rule, and no longer suggests them.
    for (const entryId of [sent.entry_id, mine!.arrived]) {
      const shown = (await call('GET', `/api/books/${bookId}/entries?q=&limit=1000&category=own_transfer`, viewer))
        .json<{ entries: Entry[] }>()
        .entries.find((row) => row.entry_id === entryId);
      expect(shown?.note?.split(' ')).toContain(`rule:${rule.id}`);
    }
    expect((await list()).map((one) => one.id)).not.toContain(id);
    expect((await call('POST', `${route}/${id}/accept`, admin)).status).toBe(404);
    // Accept all shown: what went away in the meantime is left and said.
    const all = await call('POST', `${route}/accept`, admin, { ids: [id, other.id] });
    expect([all.status, all.json()]).toEqual([200, { accepted: [], gone: [id, other.id] }]);
    expect((await call('POST', `${route}/accept`, viewer, { ids: [id] })).status).toBe(403);

    const audited = (await workspace.data.audit.newest({}, { limit: 20 })).map((entry) => [entry.action, entry.target]);
    expect(audited).toContainEqual(['rule.added', `rule ${rule.id}`]);
    expect(audited).toContainEqual(['suggestion.dismissed', `suggestion ${other.id}`]);
  });
});
