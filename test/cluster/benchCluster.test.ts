import { expect, it } from '@jest/globals';
import { adminQuery, benchPostgresServer } from '../../bench/benchPostgres.js';
import { describeWithPostgres } from '../support/postgres.js';

/**
 * The bench's own throwaway cluster, as a fresh machine without LEDGERSCAN_PG_URL starts it: as root the server
 * runs as the postgres user, which must reach the cluster's folder (it once sat in the bench's 0700 temp dir).
 */
describeWithPostgres('the bench without LEDGERSCAN_PG_URL', () => {
  it('starts its own cluster, as root and as a normal user, and removes it', async () => {
    const given = process.env.LEDGERSCAN_PG_URL;
    delete process.env.LEDGERSCAN_PG_URL;
    let server: ReturnType<typeof benchPostgresServer>;
    try {
      server = benchPostgresServer();
    } finally {
      process.env.LEDGERSCAN_PG_URL = given;
    }
    try {
      expect(server.kept).toBe(false);
      expect(await adminQuery<{ one: number }>(server.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      server.stop();
    }
  });
});
