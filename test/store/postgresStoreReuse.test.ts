import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { BlockingPostgres } from '../../src/db/postgres/BlockingPostgres.js';
import { openPostgresStore } from '../../src/store/postgres/openPostgresStore.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';

const PID = { sql: 'SELECT pg_backend_pid()', params: [] };

describeWithPostgres('store opens in one process', (server) => {
  let url: string;
  beforeAll(async () => {
    url = await createDatabase(server);
  });
  afterAll(async () => {
    await dropDatabase(url);
  });

  // A workspace run opens its book's store twice (the run, then the transactions table): the second open must
  // not start a thread and a connection again, and must not inherit the first run's lock on the book.
  it('reuse a closed store’s session, with the book lock it held released', () => {
    const first = new BlockingPostgres(url);
    const firstSession = first.query(PID)[0]?.[0];
    first.close();
    expect(() => first.query(PID)).toThrow('the database connection is closed');
    const again = new BlockingPostgres(url);
    expect(again.query(PID)[0]?.[0]).toBe(firstSession);
    again.close();

    const run = openPostgresStore(url, 'book-a');
    expect(run.tryLockBook()).toBe(true);
    run.close();
    const reused = openPostgresStore(url, 'book-a');
    const other = openPostgresStore(url, 'book-a');
    try {
      // Had the reused session kept the lock, neither could take it: the reused one holds it at most once.
      expect(other.tryLockBook()).toBe(true);
      expect(reused.tryLockBook()).toBe(false);
    } finally {
      reused.close();
      other.close();
    }
  });
});
