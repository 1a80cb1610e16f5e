/**
 * Run by postgresCursor.test.ts under a small heap: streams `rows` rows of 1,000 characters through a
 * `BlockingPostgres` cursor and prints how many rows and characters came through.
 */
import { BlockingPostgres } from '../../src/db/postgres/BlockingPostgres.js';

const [database = '', rows = '0'] = process.argv.slice(2);
const db = new BlockingPostgres(database);
let count = 0;
let characters = 0;
for (const [, text] of db.cursor("SELECT g, repeat('x', 1000) FROM generate_series(1, $1::integer) g", [Number(rows)])) {
  count += 1;
  characters += (text as string).length;
}
db.close();
process.stdout.write(`${count} ${characters}\n`);
