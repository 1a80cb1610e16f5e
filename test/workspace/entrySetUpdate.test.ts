import { createHash } from 'node:crypto';
import { expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { SqlBookEntries } from '../../src/workspace/entries/SqlBookEntries.js';
import { entryRows } from '../../src/workspace/entries/refreshEntries.js';
import type { EntryTables, NewEntryRow } from '../../src/workspace/entries/entryTables.js';
import { ledgerCells } from '../../src/workspace/entries/ledgerCells.js';
import { entry, WALLET } from '../support/entry.js';
import { describeOnBothBackends, type OpenedWorkspace } from '../support/workspaceBackends.js';

const book = { name: 'Nightly', wallets: [{ address: WALLET, label: 'Main' }], chains: [1] };
const { columns } = ledgerCells();
const night = (day: number): string => `2026-11-${String(day).padStart(2, '0')}T02:00:00.000Z`;
/** `count` entries, one a block from block 100 on; `changed` of them (by index) with another amount. */
const ledger = (count: number, changed: readonly number[] = []): LedgerEntry[] =>
  Array.from({ length: count }, (_, index) =>
    entry({
      blockNumber: 100 + index,
      amountRaw: changed.includes(index) ? 2n * 10n ** 18n : 10n ** 18n,
      amount: changed.includes(index) ? '2' : '1',
    }),
  );

/** Every stored row of the book's shown set, its set left out: what a reader of the table can see. */
async function shownRows(db: Kysely<EntryTables>, bookId: number): Promise<Record<string, unknown>[]> {
  const view = await db.selectFrom('entry_views').select('set_id').where('book_id', '=', bookId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('book_entries').selectAll().where('set_id', '=', view.set_id).orderBy('seq').execute();
  return rows.map(({ set_id: _set, ...row }) => ({
    ...row,
    seq: Number(row.seq),
    timestamp: Number(row.timestamp),
    chain_id: Number(row.chain_id),
  }));
}

/** Both databases alike: a refresh writes only from the first 500 rows that changed, and the table ends exactly as a whole write leaves it. */
function cases(open: () => Promise<OpenedWorkspace>): void {
  /** A book whose table is `before`, refreshed to `after`: what the refresh did, and the table against a whole write of `after`. */
  async function refreshed(before: LedgerEntry[], after: Iterable<NewEntryRow> | AsyncIterable<NewEntryRow>, whole: LedgerEntry[]) {
    const { data, db } = await open();
    const entries = new SqlBookEntries(db);
    const tables = db as unknown as Kysely<EntryTables>;
    const { id } = await data.addBook(book, night(1));
    const first = await entries.sets.update(id, columns, entryRows(before), night(1), 'settings');
    expect(first).toEqual({ setId: first.setId, entries: before.length, written: before.length });
    const second = await entries.sets.update(id, columns, after, night(2), 'settings');
    const fresh = (await data.addBook(book, night(2))).id;
    await entries.sets.publish(fresh, (await entries.sets.write(fresh, columns, entryRows(whole), night(2), 'settings')).setId, night(2));
    const table = await shownRows(tables, id);
    expect(table).toEqual(await shownRows(tables, fresh));
    expect((await entries.sets.current(id))?.refreshedAt).toBe(night(2));
    const page = await entries.page(id, {}, null, 10_000);
    expect(page.entries.map((one) => one.entryId)).toEqual(whole.map((one) => one.entryId));
    await data.close();
    return { first, second };
  }

  it('an unchanged refresh writes nothing: the same set stays shown, only its time moves on', async () => {
    const { first, second } = await refreshed(ledger(1_234), entryRows(ledger(1_234)), ledger(1_234));
    expect(second).toEqual({ setId: first.setId, entries: 1_234, written: 0 });
  });

  it('a night that adds entries at the end writes them and the 500 rows they join, in the shown set', async () => {
    const { first, second } = await refreshed(ledger(1_234), entryRows(ledger(1_270)), ledger(1_270));
    // Rows 1,001-1,270: the last, partial 500 of the night before is written again with the new ones.
    expect(second).toEqual({ setId: first.setId, entries: 1_270, written: 270 });
  });

  it('a change in the middle writes from its 500 rows on; entries gone at the end are deleted', async () => {
    const changed = await refreshed(ledger(1_234), entryRows(ledger(1_234, [700])), ledger(1_234, [700]));
    expect(changed.second).toEqual({ setId: changed.first.setId, entries: 1_234, written: 734 });
    const shorter = await refreshed(ledger(1_234), entryRows(ledger(1_100)), ledger(1_100));
    expect(shorter.second).toEqual({ setId: shorter.first.setId, entries: 1_100, written: 100 });
  });

  it('more than 5,000 changed rows make a new set that starts with the unchanged ones, copied', async () => {
    const { first, second } = await refreshed(ledger(6_100), entryRows(ledger(6_100, [600])), ledger(6_100, [600]));
    expect(second.setId).toBeGreaterThan(first.setId);
    expect(second).toMatchObject({ entries: 6_100, written: 5_600 });
  });

  it('a set whose cells a rule renamed is written whole by its next refresh', async () => {
    const { data, db } = await open();
    const entries = new SqlBookEntries(db);
    const { id } = await data.addBook(book, night(1));
    const first = await entries.sets.update(id, columns, entryRows(ledger(600)), night(1), '');
    await entries.sets.renameInCells(first.setId, [1], 'Main', 'Main');
    const second = await entries.sets.update(id, columns, entryRows(ledger(600)), night(2), '');
    expect(second.setId).toBeGreaterThan(first.setId);
    expect(second).toMatchObject({ entries: 600, written: 600 });
    await data.close();
  });

  it('a set whose digests the rule before made (each row as JSON) is written whole by its next refresh, once', async () => {
    const { data, db } = await open();
    const entries = new SqlBookEntries(db);
    const tables = db as unknown as Kysely<EntryTables>;
    const { id } = await data.addBook(book, night(1));
    const first = await entries.sets.update(id, columns, entryRows(ledger(1_234)), night(1), '');
    const rows = [...entryRows(ledger(1_234))];
    const before = [0, 500, 1_000].map((start) =>
      rows
        .slice(start, start + 500)
        .reduce((hash, row) => hash.update(JSON.stringify(row)).update('\n'), createHash('sha256'))
        .digest('base64url'),
    );
    await tables
      .updateTable('entry_sets')
      .set({ digests: JSON.stringify(before) })
      .where('id', '=', first.setId)
      .execute();
    const upgraded = await entries.sets.update(id, columns, entryRows(ledger(1_234)), night(2), '');
    expect(upgraded).toEqual({ setId: first.setId, entries: 1_234, written: 1_234 });
    expect((await entries.sets.current(id))?.digests).not.toEqual(before);
    const fresh = (await data.addBook(book, night(2))).id;
    await entries.sets.publish(fresh, (await entries.sets.write(fresh, columns, entryRows(ledger(1_234)), night(2), '')).setId, night(2));
    expect(await shownRows(tables, id)).toEqual(await shownRows(tables, fresh));
    expect(await entries.sets.update(id, columns, entryRows(ledger(1_234)), night(3), '')).toMatchObject({ written: 0 });
    await data.close();
  });

  it("a refresh that another refresh of the book overtook is refused, and the other's table stays", async () => {
    const { data, db } = await open();
    const entries = new SqlBookEntries(db);
    const { id } = await data.addBook(book, night(1));
    await entries.sets.update(id, columns, entryRows(ledger(800)), night(1), '');
    // The server's refresh of the book ends while a run's is still building its rows.
    const overtaken = async function* (): AsyncGenerator<NewEntryRow> {
      yield* entryRows(ledger(820));
      await entries.sets.update(id, columns, entryRows(ledger(810)), night(2), '');
    };
    await expect(entries.sets.update(id, columns, overtaken(), night(3), '')).rejects.toThrow(/refreshed by another process meanwhile/);
    expect(await entries.sets.current(id)).toMatchObject({ entries: 810, refreshedAt: night(2) });
    await data.close();
  });
}

describeOnBothBackends('a book entry set refreshed', cases);
