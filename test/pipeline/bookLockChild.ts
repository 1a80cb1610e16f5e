/**
 * Child process of postgresExport.test.ts: takes the lock of one PostgreSQL book (argv: database URL, book),
 * says `locked` on stdout and holds it until killed.
 */
import { openPostgresStore } from '../../src/store/postgres/openPostgresStore.js';

const [url, book] = process.argv.slice(2) as [string, string];
const store = openPostgresStore(url, book);
process.stdout.write(store.tryLockBook() ? 'locked\n' : 'refused\n');
setInterval(() => undefined, 60_000);
