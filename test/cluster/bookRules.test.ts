import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import { E2E_RATE, e2eWorld } from '../support/e2eWorld.js';
import { csv, pickLegs } from '../support/pickLegs.js';
import { describeWithPostgres } from '../support/postgres.js';
import { api } from '../support/serverProcess.js';
import { Cluster } from './cluster.js';

const world = e2eWorld();
const KEY = 'rules-key';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: E2E_RATE, apiKeys: [KEY] });
});
afterAll(async () => {
  await sandbox.close();
});

describeWithPostgres('book rules on the distributed workspace (PostgreSQL)', (serverUrl) => {
  it('a rule added through the API changes the next run’s ledger.csv', async () => {
    const cluster = await Cluster.start(serverUrl, sandbox, { keys: { ETHERSCAN_API_KEY: KEY }, rate: E2E_RATE, workers: 1 });
    try {
      const [book] = await cluster.addBooks(world, 1);
      const route = `/api/books/${book!.id}`;
      const request = { kind: 'export', period: { year: 2025 }, templates: ['ledger'] };
      const first = await cluster.finished(book!.id, request);
      expect(first.status).toBe('succeeded');
      const { tx, legs } = pickLegs(csv(path.join(cluster.runFiles(first.id), 'ledger.csv')));

      const added = (await api(cluster.url, cluster.token, 'POST', `${route}/rules`, { match: { tx }, category: 'staking_reward', reason: 'validator payout' })) as { rule: { id: number }; matched: number };
      expect(added.matched).toBe(legs.length);
      const second = await cluster.finished(book!.id, request);
      expect(second.status).toBe('succeeded');
      const changed = csv(path.join(cluster.runFiles(second.id), 'ledger.csv')).filter((row) => row.tx_hash === tx && row.category !== 'fee');
      expect(changed.map((row) => [row.category, (row.note ?? '').split(' ').includes(`rule:${added.rule.id}`)])).toEqual(legs.map(() => ['staking_reward', true]));
      expect(await api(cluster.url, cluster.token, 'GET', `${route}/rules`)).toEqual([expect.objectContaining({ id: added.rule.id, author: 'ops', reason: 'validator payout' })]);
    } finally {
      await cluster.close();
    }
  });
});
