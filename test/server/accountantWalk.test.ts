import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { e2eWorld } from '../support/e2eWorld.js';
import { csv, pickLegs, type Row } from '../support/pickLegs.js';
import { servedWorkspace } from '../support/servedWorkspace.js';

// What an accountant tripped over in the workspace (issue 47: 4, 9, 10, 11), over the API and the pages' HTML.
const served = servedWorkspace('walk', {
  world: e2eWorld(),
  users: [
    { name: 'anna', role: 'admin', password: 'anna password 12' },
    { name: 'victor', role: 'viewer', password: 'victor password 12' },
  ],
  book: 'Client A',
});

interface Page {
  entries: Row[];
  next: string | null;
  previous: string | null;
  total: number;
  stale: boolean;
}

let yearRun: number;
let ledger: Row[];

const as = (name: 'anna' | 'victor') => served.tokens[name] ?? '';
const get = (route: string, name: 'anna' | 'victor' = 'victor') => served.call('GET', route, as(name));
const entries = async (query: string): Promise<Page> => {
  const answer = await get(`/api/books/${served.bookId}/entries?${query}`);
  expect(answer.status).toBe(200);
  return answer.json<Page>();
};
const pageOf = (query: string) => get(`/books/${served.bookId}/entries?${query}`);
const totalOn = (text: string): number => Number(/data-total="(\d+)"/.exec(text)?.[1]);
/** Rows without a value by why, as ledger.csv says. */
const unvalued = (rows: readonly Row[]) => ({
  withoutPrice: rows.filter((row) => row.value === '' && row.spam === '' && row.decimals !== '').length,
  unknownDecimals: rows.filter((row) => row.value === '' && row.spam === '' && row.decimals === '').length,
  spam: rows.filter((row) => row.value === '' && row.spam !== '').length,
});

beforeAll(async () => {
  yearRun = await served.runToEnd({ kind: 'export', period: { year: 2025 }, templates: ['ledger'] }, as('anna'));
  ledger = csv(path.join(served.workspace.stores.outDir(yearRun), 'ledger.csv'));
}, 120_000);

describe('filters say what is wrong instead of showing no rows (issue 47.9)', () => {
  it('finds a symbol in any case', async () => {
    const symbol = ledger.map((row) => row.asset ?? '').find((asset) => /[A-Z]/.test(asset) && asset !== 'ETH') ?? '';
    const exact = await entries(`asset=${symbol}`);
    expect(exact.total).toBeGreaterThan(0);
    expect((await entries(`asset=${symbol.toLowerCase()}`)).total).toBe(exact.total);
    expect(totalOn((await pageOf(`asset=${symbol.toLowerCase()}&from=&to=`)).text)).toBe(exact.total);
  });

  it('refuses an unknown category and a from after its to: a 400 naming the field on the API, one line on the page', async () => {
    for (const [query, field, message] of [
      ['category=tarde', 'category', 'category "tarde" is not a ledger category (did you mean trade?)'],
      ['from=2025-12-31&to=2025-01-01', 'from', 'from 2025-12-31 is after to 2025-01-01 (swap the two dates, or leave one empty)'],
    ] as const) {
      const api = await get(`/api/books/${served.bookId}/entries?${query}`);
      expect({ status: api.status, body: api.json() }).toEqual({ status: 400, body: { error: message, field } });
      const page = await pageOf(query);
      expect(page.status).toBe(400);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.text).toContain(`<p class="error filter-problem" role="alert">${message.replaceAll('"', '&quot;')}</p>`);
      expect(page.text).not.toContain('data-total');
    }
    // A category in capitals is the ledger's all the same.
    expect((await entries('category=Fee')).total).toBe((await entries('category=fee')).total);
  });

  it('pages back as well as forth: "Previous page" shows the page before', async () => {
    const first = await entries('limit=7&from=&to=');
    expect(first.previous).toBeNull();
    const second = await entries(`limit=7&cursor=${first.next ?? ''}`);
    const third = await entries(`limit=7&cursor=${second.next ?? ''}`);
    const back = await entries(`limit=7&cursor=${third.previous ?? ''}`);
    expect(back.entries.map((entry) => entry.entry_id)).toEqual(second.entries.map((entry) => entry.entry_id));
    const backAgain = await entries(`limit=7&cursor=${back.previous ?? ''}`);
    expect(backAgain.entries.map((entry) => entry.entry_id)).toEqual(first.entries.map((entry) => entry.entry_id));
    expect(backAgain.previous).toBeNull();
    expect(backAgain.next).not.toBeNull();
    const page = (await pageOf(`limit=7&cursor=${second.next ?? ''}`)).text;
    expect(page).toMatch(/<a class="button" href="[^"]*cursor=[^"]*">Previous page<\/a>/);
  });

  it("opens the table on the book's period and counts the books list's unreviewed in it, spam aside", async () => {
    // The newest run names the book's period: a quarter of the year.
    await served.runToEnd({ kind: 'export', period: { from: '2025-04-01', to: '2025-06-30' }, templates: ['ledger'] }, as('anna'));
    const quarter = await entries('from=2025-04-01&to=2025-06-30');
    expect(quarter.total).toBeLessThan((await entries('from=&to=')).total);
    const opened = await pageOf('');
    expect(opened.text).toContain('<input type="date" name="from" value="2025-04-01" />');
    expect(totalOn(opened.text)).toBe(quarter.total);
    // Every date is one click away, and stays so on the next page.
    expect(totalOn((await pageOf('from=&to=')).text)).toBe((await entries('from=&to=')).total);

    const reviewed = quarter.entries.find((entry) => entry.spam === '');
    const review = await served.call('PUT', `/api/books/${served.bookId}/entries/${reviewed?.entry_id ?? ''}/review`, as('anna'), {
      status: 'reviewed',
    });
    expect(review.status).toBe(200);
    const left = await entries('from=2025-04-01&to=2025-06-30&spam=false&review=unreviewed');
    const spam = await entries('from=2025-04-01&to=2025-06-30&spam=true');
    expect(spam.total).toBeGreaterThan(0);
    const [listed] = (await get('/api/books')).json<{ review: { unreviewed: number; reviewed: number } }[]>();
    expect(listed?.review).toEqual({ unreviewed: left.total, reviewed: 1, flagged: 0 });
    const books = (await get('/')).text;
    expect(books).toContain(`>${left.total} unreviewed</a> <small class="review-scope">2025-04-01 – 2025-06-30, spam aside</small>`);
  });
});

describe('counts of missing values name what they count (issue 47.10)', () => {
  it('prices-missing.csv lists every non-spam asset left without a value, tokens of unknown decimals too, with its state', () => {
    const file = csv(path.join(served.workspace.stores.outDir(yearRun), 'prices-missing.csv'));
    const expected = new Map<string, number>();
    for (const row of ledger.filter((one) => one.value === '' && one.spam === '')) {
      const key = `${row.chain_id}|${row.asset_contract}|${row.value_state}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    expect(new Map(file.map((line) => [`${line.chain_id}|${line.asset_contract}|${line.state}`, Number(line.rows)]))).toEqual(expected);
    expect(file.some((line) => line.state === 'unknown decimals')).toBe(true);
  });

  it('the run page and the table name the rows without a price, of unknown decimals and spam apart', async () => {
    const counts = unvalued(ledger);
    expect(counts.unknownDecimals).toBeGreaterThan(0);
    expect(counts.spam).toBeGreaterThan(0);
    const run = (await get(`/runs/${yearRun}`)).text;
    expect(run).toContain(
      `<dd data-unvalued>${counts.withoutPrice} without a price · ${counts.unknownDecimals} of tokens with unknown decimals · ${counts.spam} spam (never valued)</dd>`,
    );
    const table = (await pageOf('from=2025-01-01&to=2025-12-31')).text;
    const all = counts.withoutPrice + counts.unknownDecimals + counts.spam;
    expect(table).toContain(
      `${all} entries without a value: ${counts.withoutPrice} without a price, ${counts.unknownDecimals} of tokens with unknown decimals, ${counts.spam} spam)`,
    );
  });
});

describe('pages answer pages (issue 47.11)', () => {
  it('a refusal or a missing page is an HTML page; the API keeps JSON', async () => {
    const audit = await get('/audit');
    expect(audit.status).toBe(403);
    expect(audit.headers.get('content-type')).toMatch(/^text\/html/);
    expect(audit.text).toContain('<h1>You do not have access to this page</h1>');
    expect(audit.text).toContain('only an admin may do this');
    // The viewer keeps their menu and its "Log out".
    expect(audit.text).toContain('(viewer)');
    const api = await get('/api/audit');
    expect({ status: api.status, type: api.headers.get('content-type') }).toEqual({ status: 403, type: expect.stringMatching(/json/) });
    for (const route of ['/books/999', '/runs/999', '/nowhere']) {
      const page = await get(route);
      expect({ route, status: page.status, type: page.headers.get('content-type') }).toEqual({
        route,
        status: 404,
        type: expect.stringMatching(/^text\/html/),
      });
      expect(page.text).toContain('<h1>Nothing here</h1>');
    }
    expect((await get('/api/books/999')).json()).toEqual({ error: 'book not found (check the address)' });
    expect((await get('/books/0x1')).status).toBe(400);
  });

  it('the rules list shows the legs a rule names (date, amount, asset, a link to their rows) and marks a rule that matches nothing', async () => {
    const { legs } = pickLegs(ledger);
    const leg = legs[0] as Row;
    const rules = `/api/books/${served.bookId}/rules`;
    const named = await served.call('POST', rules, as('anna'), {
      match: { entries: [leg.entry_id] },
      category: 'airdrop',
      reason: 'the distributor’s drop',
    });
    expect(named.status).toBe(201);
    const nothing = await served.call('POST', rules, as('anna'), {
      match: { tx: `0x${'ab'.repeat(32)}` },
      category: 'income',
      reason: 'a transaction not synced yet',
    });
    expect(nothing.status).toBe(201);
    const page = (await get(`/books/${served.bookId}`)).text;
    const row = (id: number): string => new RegExp(`<tr data-rule="${id}">[\\s\\S]*?</tr>`).exec(page)?.[0] ?? '';
    const namedRow = row(named.json<{ rule: { id: number } }>().rule.id);
    expect(namedRow).toContain(`<li data-entry="${leg.entry_id}">`);
    expect(namedRow).toContain(
      `href="/books/${served.bookId}/entries?from=&amp;to=&amp;q=${leg.tx_hash}">${leg.timestamp?.slice(0, 16).replace('T', ' ')}</a>`,
    );
    expect(namedRow).toContain(leg.amount);
    expect(namedRow).not.toContain('matches nothing');
    expect(row(nothing.json<{ rule: { id: number } }>().rule.id)).toContain(
      '<span class="status no-match">matches nothing in the table</span>',
    );
  });
});

describe('a book’s currency changed (issue 47.4)', () => {
  it('the table never shows the old currency’s values as the book’s: it says it is stale until its refresh is shown', async () => {
    const { workspace, bookId } = served;
    expect((await entries('from=&to=')).entries.some((entry) => entry.price_currency === 'USD')).toBe(true);
    // The change reaching the book before its table (a refresh still on its way): the table says so.
    const book = await workspace.data.getBook(bookId);
    if (book === undefined) throw new Error('no book');
    await workspace.data.updateBook(bookId, { ...book.data, valuation: { currency: 'EUR' } }, new Date().toISOString());
    const stale = (await pageOf('from=&to=')).text;
    expect(stale).toContain("data-stale>Stale: this table was built before the book's settings changed (currency USD → EUR).");
    expect((await entries('from=&to=')).stale).toBe(true);
    // Saved through the API, the change refreshes the table: stale or in the new currency, never old values as current.
    await workspace.data.updateBook(bookId, book.data, new Date().toISOString());
    const saved = await served.call('PATCH', `/api/books/${bookId}`, as('anna'), { valuation: { currency: 'EUR' } });
    expect(saved.status).toBe(200);
    for (let tries = 0; ; tries += 1) {
      const page = await entries('from=&to=&limit=1000');
      const old = page.entries.filter((entry) => entry.price_currency === 'USD').length;
      expect({ stale: page.stale, old: page.stale ? 0 : old }).toEqual({ stale: page.stale, old: 0 });
      if (!page.stale) break;
      expect(tries).toBeLessThan(600);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await pageOf('from=&to=')).text).not.toContain('data-stale');
  }, 90_000);
});
