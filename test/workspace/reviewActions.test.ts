import { expect, it } from '@jest/globals';
import type { EntryFilter, EntryReview } from '../../src/workspace/entries/BookEntries.js';
import { SqlBookEntries } from '../../src/workspace/entries/SqlBookEntries.js';
import { entryRows } from '../../src/workspace/entries/refreshEntries.js';
import { ledgerCells } from '../../src/workspace/entries/ledgerCells.js';
import { entry, WALLET } from '../support/entry.js';
import { describeOnBothBackends, type OpenedWorkspace } from '../support/workspaceBackends.js';

const OTHER = '0x5555555555555555555555555555555555555555';
const AT = '2026-11-28T22:00:00.000Z';
const book = { name: 'Bulk review', wallets: [{ address: WALLET, label: 'Main' }], chains: [1] };
// 360 entries of the main wallet (the view) and 60 of another (outside it).
const legs = Array.from({ length: 420 }, (_, index) =>
  entry({ blockNumber: 100 + index, amountRaw: 10n ** 18n, amount: '1', ...(index % 7 === 0 ? { wallet: OTHER } : {}) }),
);

/** What both databases must do alike: a whole view marked in one action, the rest untouched, and its undo exact. */
function cases(open: () => Promise<OpenedWorkspace>): void {
  it('marks every entry of a filtered view, counts those it changed, and its undo restores the mixed states exactly', async () => {
    const { data, db } = await open();
    const entries = new SqlBookEntries(db);
    const { id } = await data.addBook(book, AT);
    const view: EntryFilter = { wallet: WALLET };
    expect(await entries.reviewActions.mark(id, view, 'reviewed', 'anna', AT)).toBeUndefined();
    await entries.replace(id, ledgerCells().columns, entryRows(legs), AT);
    const states = async (): Promise<Map<string, EntryReview & { wallet: string }>> => {
      const page = await entries.page(id, {}, null, 1000);
      return new Map(page.entries.map((one) => [one.entryId, { ...one.review, wallet: one.cells.wallet ?? '' }]));
    };
    const all = [...(await states()).keys()];
    expect(all).toHaveLength(420);
    // Mixed states before: flagged, reviewed, explicitly unreviewed and never touched, inside and outside the view.
    const statuses = ['flagged', 'reviewed', 'unreviewed'] as const;
    for (const [index, entryId] of all.entries())
      if (index % 4 !== 3)
        await entries.reviews.setReview(id, entryId, statuses[index % 4]!, 'victor', `2026-11-2${index % 3}T10:00:00.000Z`);
    const before = await states();
    const inView = [...before.values()].filter((one) => one.wallet === WALLET);
    expect(inView).toHaveLength(360);
    const already = inView.filter((one) => one.status === 'reviewed').length;

    const marked = await entries.reviewActions.mark(id, view, 'reviewed', 'anna', AT);
    expect(marked).toEqual({ action: expect.any(Number), changed: 360 - already });
    const after = await states();
    for (const [entryId, was] of before) {
      const now = after.get(entryId)!;
      if (was.wallet !== WALLET || was.status === 'reviewed') expect(now).toEqual(was);
      else expect(now).toEqual({ status: 'reviewed', author: 'anna', at: AT, wallet: WALLET });
    }
    expect(await entries.reviewActions.action(id, marked!.action)).toEqual({
      id: marked!.action,
      bookId: id,
      filter: view,
      status: 'reviewed',
      changed: 360 - already,
      undoneAt: null,
    });
    expect(await entries.reviewActions.action(id + 1, marked!.action)).toBeUndefined();

    expect(await entries.reviewActions.undo(marked!.action, AT)).toBe(true);
    expect(await states()).toEqual(before);
    expect(await entries.reviewActions.undo(marked!.action, AT)).toBe(false);
    expect((await entries.reviewActions.action(id, marked!.action))?.undoneAt).toBe(AT);
    await data.close();
  });
}

describeOnBothBackends('bulk review stored', cases);
