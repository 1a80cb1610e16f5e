import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Decimal } from 'decimal.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { csv, type Row } from '../support/pickLegs.js';
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

describe('a manual price (issue 47.6)', () => {
  it('refuses a time after now and more digits than a price has; warns, past a factor the request may set, of a price far from the sources’', async () => {
    const { call, bookId, tokens, workspace } = served;
    const runId = await served.runToEnd({ kind: 'export', period: { year: 2025 }, templates: ['ledger'] }, tokens.anna!);
    const ledger = csv(path.join(workspace.stores.outDir(runId), 'ledger.csv'));
    const priced = ledger.find((row) => row.asset_contract === '' && row.price_source === 'defillama' && row.price_time === row.timestamp);
    if (priced === undefined) throw new Error('the e2e world has a native leg valued from DefiLlama at its own time');
    const source = new Decimal(priced.price ?? '');
    const given = { time: priced.timestamp, chain: Number(priced.chain_id), asset: 'native' };
    const prices = `/api/books/${bookId}/prices`;
    const post = (body: Record<string, unknown>) => call('POST', prices, tokens.anna!, { ...given, price: source.toString(), ...body });

    // The walk's two: a time in 2099 (the workspace's clock is 2026-06-01T02:00Z) and a 60-digit price.
    expect((await post({ time: '2099-01-01T00:00:00Z' })).json()).toEqual({
      error: 'time "2099-01-01T00:00:00Z" is after now (2026-06-01T02:00:00.000Z): a manual price is for an instant that has passed',
      field: 'time',
    });
    expect((await post({ time: '2026-06-01T02:00:01Z' })).status).toBe(400);
    const sixty = '9'.repeat(60);
    for (const price of [sixty, '1234567890123.5', `0.${'0'.repeat(18)}1`]) {
      expect((await post({ price })).json()).toEqual({
        error: `price "${price}" has more digits than a price has (at most 12 before the point and 18 after)`,
        field: 'price',
      });
    }
    expect((await post({ warnFactor: 1 })).json()).toMatchObject({ field: 'warnFactor' });
    expect(await workspace.data.bookPrices(bookId)).toEqual([]);

    // Close to the sources' price: saved, nothing said. Ten times it: saved, and the answer says so.
    const near = await post({ price: source.times(1.5).toString() });
    expect([near.status, near.json<{ warnings: string[] }>().warnings]).toEqual([201, []]);
    const far = await post({ price: source.times(10).toString() });
    expect(far.status).toBe(201);
    expect(far.json<{ warnings: string[] }>().warnings).toEqual([
      `price ${source.times(10).toString()} USD at ${priced.timestamp} is 10 times the defillama price ${source.toSignificantDigits(6).toString()} USD (more than 3× apart): saved all the same and used before the sources; delete it if it is a typo`,
    ]);
    const tenth = await post({ price: source.div(10).toString() });
    expect(tenth.json<{ warnings: string[] }>().warnings).toEqual([
      expect.stringMatching(/ is 1\/10 of the defillama price .* \(more than 3× apart\)/),
    ]);
    // The user's factor: 1.5 times is too far for 1.2, ten times is near enough for 20.
    expect((await post({ price: source.times(1.5).toString(), warnFactor: 1.2 })).json<{ warnings: string[] }>().warnings).toHaveLength(1);
    expect((await post({ price: source.times(10).toString(), warnFactor: 20 })).json<{ warnings: string[] }>().warnings).toEqual([]);
    for (const price of await workspace.data.bookPrices(bookId)) await call('DELETE', `${prices}/${price.id}`, tokens.anna!);
  });
});

describe('an own transfer by its legs (issue 47.5)', () => {
  it('refuses legs that cannot be one transfer and warns of unusual ones, naming match.entries', async () => {
    const { call, bookId, tokens, workspace } = served;
    const runId = await served.runToEnd({ kind: 'export', period: { year: 2025 }, templates: ['ledger'] }, tokens.anna!);
    const legs = csv(path.join(workspace.stores.outDir(runId), 'ledger.csv')).filter(
      (row) => row.kind !== 'fee' && row.status === 'ok' && row.spam === '' && row.token_id === '',
    );
    const at = (row: Row): number => Date.parse(row.timestamp ?? '') / 1000;
    const amount = (row: Row): Decimal => new Decimal(row.amount ?? '');
    const sameAsset = (a: Row, b: Row): boolean => a.chain_id === b.chain_id && a.asset_contract === b.asset_contract;
    /** The first out leg and in leg of the stored ledger that `fits`. */
    const pair = (what: string, fits: (sent: Row, arrived: Row) => boolean): [Row, Row] => {
      for (const sent of legs.filter((row) => row.direction === 'out'))
        for (const arrived of legs.filter((row) => row.direction === 'in')) if (fits(sent, arrived)) return [sent, arrived];
      throw new Error(`the e2e world has two legs that are ${what}`);
    };
    const mark = (sent: Row, arrived: Row) =>
      call('POST', `/api/books/${bookId}/rules`, tokens.anna!, {
        match: { entries: [sent.entry_id, arrived.entry_id] },
        category: 'own_transfer',
        reason: 'moved between own wallets',
      });
    const day = 24 * 3600;

    // The walk's pair: 0.0000473 ETH out, 0.069 ETH in a day later.
    const more = pair(
      'more arriving than left',
      (s, a) => sameAsset(s, a) && at(a) > at(s) + 3600 && at(a) < at(s) + 7 * day && amount(a).gt(amount(s).times(10)),
    );
    const later = pair('8 days or more apart', (s, a) => sameAsset(s, a) && at(a) - at(s) > 9 * day && amount(a).eq(amount(s)) === false);
    const before = pair('arriving before leaving', (s, a) => sameAsset(s, a) && at(a) < at(s) - 3600);
    const other = pair('of two assets', (s, a) => s.chain_id === a.chain_id && s.asset_contract === '' && a.asset_contract !== '');
    const refusals = [];
    for (const [sent, arrived] of [more, later, before, other]) {
      const answer = await mark(sent, arrived);
      refusals.push([answer.status, answer.json<{ error: string; field: string }>().field, answer.json<{ error: string }>().error]);
    }
    expect(refusals).toEqual([
      [400, 'match.entries', expect.stringMatching(/cannot be one transfer between own wallets: more arrived than left \(tick the leg /)],
      [
        400,
        'match.entries',
        expect.stringMatching(/: it arrived [\d.]+ days after it left, longer than a bridge takes \(8 days\) \(tick the leg /),
      ],
      [400, 'match.entries', expect.stringMatching(/: it arrived [\d.]+ (min|h|days) before it left \(tick the leg /)],
      [400, 'match.entries', expect.stringMatching(/: they are different assets \(tick the leg /)],
    ]);
    expect(refusals[0]?.[2]).toContain(`${more[0].amount} ${more[0].asset} out (entry ${more[0].entry_id}) and ${more[1].amount}`);
    expect(await workspace.data.bookRules(bookId)).toEqual([]);

    // A plausible pair but for a loss above a fee, two days and unrelated counterparties: saved, each said.
    const odd = pair('unusual but possible', (s, a) => {
      const elapsed = at(a) - at(s);
      const share = amount(a).div(amount(s));
      return (
        sameAsset(s, a) &&
        elapsed > 2 * day &&
        elapsed < 7 * day &&
        share.gt(0.6) &&
        share.lt(0.9) &&
        s.counterparty !== a.wallet &&
        a.counterparty !== s.wallet
      );
    });
    const saved = await mark(...odd);
    expect(saved.status).toBe(201);
    expect(saved.json<{ warnings: string[] }>().warnings).toEqual([
      expect.stringMatching(
        /^[\d.]+ \S+ of the [\d.]+ that left did not arrive \([\d.]+%\), more than a bridge's or exchange's fee: check the legs$/,
      ),
      expect.stringMatching(
        /^it arrived [\d.]+ days after it left: a transfer takes minutes, only a rollup's withdrawal days; check the legs$/,
      ),
      `neither leg names the other's wallet (sent to ${odd[0].counterparty}, received from ${odd[1].counterparty}): on one chain a transfer between own wallets goes from one to the other; check the legs`,
    ]);
    // One transaction from one own wallet to another: saved, nothing to say.
    const plain = pair(
      'one send between own wallets',
      (s, a) => s.tx_hash === a.tx_hash && sameAsset(s, a) && s.counterparty === a.wallet && amount(a).eq(amount(s)),
    );
    const quiet = await mark(...plain);
    expect([quiet.status, quiet.json<{ warnings: string[] }>().warnings]).toEqual([201, []]);
    for (const rule of await workspace.data.bookRules(bookId)) await call('DELETE', `/api/books/${bookId}/rules/${rule.id}`, tokens.anna!);
  });
});
