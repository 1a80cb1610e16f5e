import path from 'node:path';
import { expect, it } from '@jest/globals';
import { Decimal } from 'decimal.js';
import { csv } from '../support/pickLegs.js';
import { describeWithPostgres } from '../support/postgres.js';
import { exportedBookCluster } from './exportedBook.js';

const withExportedBook = exportedBookCluster('prices-key');

describeWithPostgres('manual prices on the distributed workspace (PostgreSQL)', (serverUrl) => {
  it('a price entered through the API values the next worker run’s formerly missing rows from the file', () =>
    withExportedBook(serverUrl, async ({ cluster, route, bookId, request, first, call }) => {
      const gap = csv(path.join(cluster.runFiles(first.id), 'prices-missing.csv')).find(
        (row) => row.state === 'not found' && row.asset_contract !== '',
      );
      if (gap === undefined) throw new Error('the e2e world leaves a token without a price');

      const added = (await call('POST', `${route}/prices`, {
        time: gap.first,
        chain: Number(gap.chain_id),
        asset: gap.asset_contract,
        price: '0.5',
      })) as { id: number };
      expect(await call('GET', `${route}/prices`)).toEqual([
        expect.objectContaining({ id: added.id, author: 'ops', price: '0.5', currency: 'USD' }),
      ]);
      // The server's table follows at once (its refresh on a thread of its own), before any run.
      const gapEntries = async (): Promise<Record<string, string>[]> => {
        const { entries } = (await call(
          'GET',
          `${route}/entries?chain=${gap.chain_id}&asset=${gap.asset_contract}&spam=false&limit=1000`,
        )) as { entries: Record<string, string>[] };
        return entries.filter((entry) => entry.asset_contract === gap.asset_contract && entry.timestamp === gap.first);
      };
      const valuedAtOnce = await gapEntries();
      expect(valuedAtOnce.length).toBeGreaterThan(0);
      for (const entry of valuedAtOnce) expect(entry).toMatchObject({ price: '0.5', price_source: 'file', value_state: '' });
      const second = await cluster.finished(bookId, request);
      expect(second.status).toBe('succeeded');
      const [valued] = csv(path.join(cluster.runFiles(second.id), 'ledger.csv')).filter(
        (row) => row.asset_contract === gap.asset_contract && row.timestamp === gap.first && row.spam === '',
      );
      expect(valued).toMatchObject({ price: '0.5', price_source: 'file', price_time: gap.first, value_state: '' });
      expect(valued?.value).toBe(new Decimal(valued?.amount ?? '').times('0.5').toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2));
      expect(valuedAtOnce.find((entry) => entry.entry_id === valued?.entry_id)).toMatchObject({ value: valued?.value });

      await call('DELETE', `${route}/prices/${added.id}`);
      const missingAgain = await gapEntries();
      expect(missingAgain.map((entry) => entry.entry_id)).toEqual(valuedAtOnce.map((entry) => entry.entry_id));
      for (const entry of missingAgain) expect(entry).toMatchObject({ price: '', price_source: '', value: '', value_state: 'not found' });

      // A pasted series (issue 46.3): all or nothing in one PostgreSQL transaction, then the table valued at once.
      const next = new Date(Date.parse(gap.first ?? '') + 86400_000).toISOString();
      const series = `time,chain,asset,currency,price\n${gap.first},${gap.chain_id},${gap.asset_contract},,0.75\n${next},${gap.chain_id},${gap.asset_contract},,0.8\n`;
      await expect(call('POST', `${route}/prices`, { csv: series.replace('0.8', '"0,8"') })).rejects.toThrow(/line 3 column \d+ \(price\)/);
      expect(await call('GET', `${route}/prices`)).toEqual([]);
      expect(await call('POST', `${route}/prices`, { csv: series })).toEqual({ rows: 2, warnings: [] });
      for (const entry of await gapEntries()) expect(entry).toMatchObject({ price: '0.75', price_source: 'file', value_state: '' });
      const stored = (await call('GET', `${route}/prices`)) as { id: number }[];
      expect(stored).toHaveLength(2);
      for (const price of stored) await call('DELETE', `${route}/prices/${price.id}`);
    }));
});
