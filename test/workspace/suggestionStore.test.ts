import { expect, it } from '@jest/globals';
import { SqlBookEntries } from '../../src/workspace/entries/SqlBookEntries.js';
import { entryRows } from '../../src/workspace/entries/refreshEntries.js';
import { ledgerCells } from '../../src/workspace/entries/ledgerCells.js';
import { entry, WALLET } from '../support/entry.js';
import { describeOnBothBackends, type OpenedWorkspace } from '../support/workspaceBackends.js';

const OTHER = '0x5555555555555555555555555555555555555555';
const book = { name: 'Suggestions', wallets: [{ address: WALLET, label: 'Main' }], chains: [1] };
const legs = [
  entry({ blockNumber: 100, amountRaw: 10n ** 18n, amount: '1', direction: 'out', counterpartyLabel: 'Exchange deposit' }),
  entry({ blockNumber: 101, amountRaw: 99n * 10n ** 16n, amount: '0.99', wallet: OTHER, walletLabel: 'Trading' }),
  entry({ blockNumber: 102, amountRaw: 10n ** 18n, amount: '1', category: 'own_transfer' }),
  entry({ blockNumber: 103, amountRaw: 10n ** 18n, amount: '1', spam: 'unsolicited' }),
];

/** What both databases must do alike: the table's transfer legs read back whole, a dismissal kept once, gone with its book. */
function cases(open: () => Promise<OpenedWorkspace>): void {
  it('reads the shown transfer legs and keeps each dismissal once', async () => {
    const { data, db } = await open();
    const entries = new SqlBookEntries(db);
    const { id } = await data.addBook(book, '2026-11-28T21:00:00.000Z');
    expect(await entries.suggestions.candidates(id)).toEqual([]);
    await entries.replace(id, ledgerCells().columns, entryRows(legs), '2026-11-28T21:00:00.000Z');
    const [out, arrived] = legs as [(typeof legs)[0], (typeof legs)[0]];
    expect(await entries.suggestions.candidates(id)).toEqual(
      [out, arrived].map((leg) => ({
        entryId: leg.entryId,
        timestamp: leg.timestamp,
        chainId: 1,
        txHash: leg.txHash,
        wallet: leg.wallet,
        walletLabel: leg.walletLabel,
        direction: leg.direction,
        asset: 'ETH',
        assetContract: '',
        tokenId: '',
        decimals: 18,
        amount: leg.amount,
        counterparty: leg.counterparty,
        counterpartyLabel: leg.counterpartyLabel,
        category: 'transfer',
        note: '',
        spam: '',
      })),
    );
    const pair = `${out.entryId}.${arrived.entryId}`;
    expect(await entries.suggestions.dismiss(id, pair, 'anna', '2026-11-28T21:01:00.000Z')).toBe(true);
    expect(await entries.suggestions.dismiss(id, pair, 'victor', '2026-11-28T21:02:00.000Z')).toBe(false);
    expect([...(await entries.suggestions.dismissed(id))]).toEqual([pair]);
    await data.removeBook(id);
    expect([...(await entries.suggestions.dismissed(id))]).toEqual([]);
    await data.close();
  });
}

describeOnBothBackends('suggested matches stored', cases);
