import path from 'node:path';
import { expect, it } from '@jest/globals';
import { csv, pickLegs } from '../support/pickLegs.js';
import { describeWithPostgres } from '../support/postgres.js';
import { exportedBookCluster } from './exportedBook.js';

const withExportedBook = exportedBookCluster('rules-key');

describeWithPostgres('book rules on the distributed workspace (PostgreSQL)', (serverUrl) => {
  it('a rule added through the API changes the next run’s ledger.csv', () =>
    withExportedBook(serverUrl, async ({ cluster, route, bookId, request, first, call }) => {
      const { tx, legs } = pickLegs(csv(path.join(cluster.runFiles(first.id), 'ledger.csv')));

      const added = (await call('POST', `${route}/rules`, { match: { tx }, category: 'staking_reward', reason: 'validator payout' })) as {
        rule: { id: number };
        matched: number;
      };
      expect(added.matched).toBe(legs.length);
      const second = await cluster.finished(bookId, request);
      expect(second.status).toBe('succeeded');
      const changed = csv(path.join(cluster.runFiles(second.id), 'ledger.csv')).filter(
        (row) => row.tx_hash === tx && row.category !== 'fee',
      );
      expect(changed.map((row) => [row.category, (row.note ?? '').split(' ').includes(`rule:${added.rule.id}`)])).toEqual(
        legs.map(() => ['staking_reward', true]),
      );
      expect(await call('GET', `${route}/rules`)).toEqual([
        expect.objectContaining({ id: added.rule.id, author: 'ops', reason: 'validator payout' }),
      ]);
    }));
});
