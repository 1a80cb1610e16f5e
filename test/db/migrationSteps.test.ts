import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MENTIONS_A_BRIDGE, PG_MENTIONS_A_BRIDGE } from '../../src/db/bridgeRows.js';
import { type MigrationEngine, migrationSteps, readStepFolder } from '../../src/db/migrationSteps.js';
import { migratePostgres } from '../../src/db/postgres/postgresMigrations.js';
import { openSqlite } from '../../src/db/sqlite/openSqlite.js';
import { openWorkspaceDatabase } from '../../src/db/sqlite/openWorkspaceDatabase.js';
import { packageRoot } from '../../src/packageRoot.js';
import { registerStepFunctions } from '../../src/store/migrateStore.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';

/**
 * Every step as databases in the field ran it: file name and the first 16 hex digits of its SHA-256. A shipped step is
 * never edited (a change is a new step); a new step adds its line here.
 */
const SHIPPED: Record<MigrationEngine, string[]> = {
  store: [
    '0001-records.sql 32755fbd04a03da1',
    '0002-ledger-fields.sql 86ce9e4e57f1835d',
    '0003-ledger-rows.sql e6dcfa11311e3a9b',
    '0004-tags-and-screening.sql 37366f1f6c29495a',
    '0005-prices.sql 1b6cae6d4a9779aa',
    '0006-bridge-rows-index.sql 536ac544afe3a8ab',
    '0007-final-answers.sql 1e9e48bfe909fa2f',
    '0008-entry-ids.sql f5ad686c6028ce79',
  ],
  workspace: [
    '0001-first-schema.sql eeb560d7573037b5',
    '0002-run-stop-and-key.sql 889340adf18b3593',
    '0003-archived-books.sql e8e6f620f1c5c331',
    '0004-book-rules.sql 1688336870ee98cd',
    '0005-audit-log.sql caf650526534c582',
    '0006-book-entries.sql c5265be8b5c97d83',
    '0007-book-prices.sql 425614243737a27c',
    '0008-entry-values.sql 26f401788622c0d2',
    '0009-entry-set-settings.sql 7dbd17528b5f9161',
    '0010-book-staff.sql d008c0de7ded451d',
    '0011-suggestion-dismissals.sql 8d66f9e2ded97955',
    '0012-review-actions.sql 1d681a6ac95537e1',
    '0013-book-opening-lots.sql a228b0258f23f063',
    '0014-deferred-runs-and-key-days.sql a0cddf36d63c0d23',
    '0015-run-attempts.sql dc16440c51ea5585',
    '0016-entry-set-digests.sql 44ed87173b30f6cf',
    '0017-books-list-indexes.sql 84b31aa5e1aaf8bc',
    '0018-book-list-keys.sql eea48c5fb3c489fc',
    '0019-book-list-runs.sql bf6830046aeeadcc',
    '0020-book-name-columns.sql bf4236bf71391c16',
  ],
  postgres: [
    '0001-book-stores.sql 242dd41cd03de201',
    '0002-tags-and-screening.sql 2f52f9f24fb417da',
    '0003-workspace.sql 0453684cbf581923',
    '0004-run-changes.sql af477db394e5792b',
    '0005-archived-books.sql 00040595bb9190af',
    '0006-book-rules.sql 0f2a20bf621c96b6',
    '0007-audit-log.sql e7bb212e9f5ab317',
    '0008-book-entries.sql 9ce25fbbe7c27a70',
    '0009-prices.sql 9afe7a137c3708cb',
    '0010-book-prices.sql 29502b92b2af7d70',
    '0011-trigram-search-and-values.sql a7cbcfaed079e819',
    '0012-account-changes.sql 3de42e0467ef7ab6',
    '0013-bridge-rows-index.sql 21a91f60b4815faa',
    '0014-entry-set-settings.sql f095a55bfa156e80',
    '0015-book-staff.sql 3bedd3ca09a81703',
    '0016-suggestion-dismissals.sql 38330f8b3361da90',
    '0017-final-answers.sql c1bc21425fd7f113',
    '0018-review-actions.sql 0773c8a11e33e17e',
    '0019-book-opening-lots.sql 4a497ba605e429ca',
    '0020-deferred-runs-and-key-days.sql ee65c733c63dc16b',
    '0021-run-attempts.sql 1b22a18cfcd0a561',
    '0022-entry-set-digests.sql ce3ab9f1f9780d9a',
    '0023-books-list-indexes.sql 8bc26ce81b99d598',
    '0024-book-list-keys.sql aefe0b9a3d315f6f',
    '0025-entry-ids.sql 965b31f7cca68510',
    '0026-book-list-runs.sql 98ffa575e90ac388',
    '0027-book-name-columns.sql df52394363428677',
  ],
};
const ENGINES = Object.keys(SHIPPED) as MigrationEngine[];

function folderOf(engine: MigrationEngine): string {
  return path.join(packageRoot(), 'migrations', engine);
}

/** Every version below the newest: a database made at each must upgrade. */
function olderVersions(engine: MigrationEngine): number[] {
  return migrationSteps(engine).map((_, index) => index);
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-migrations-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the migration folders', () => {
  it.each(ENGINES)('%s: the files are steps 1 to n in order, each read whole', (engine) => {
    const names = fs.readdirSync(folderOf(engine)).sort();
    expect(names.map((name) => Number(name.slice(0, 4)))).toEqual(names.map((_, index) => index + 1));
    expect(migrationSteps(engine)).toEqual(names.map((name) => fs.readFileSync(path.join(folderOf(engine), name), 'utf8')));
  });

  it.each(ENGINES)('%s: every step is byte for byte the text databases in the field ran', (engine) => {
    const names = fs.readdirSync(folderOf(engine)).sort();
    const hashed = names.map(
      (name) =>
        `${name} ${createHash('sha256')
          .update(fs.readFileSync(path.join(folderOf(engine), name)))
          .digest('hex')
          .slice(0, 16)}`,
    );
    expect(hashed).toEqual(SHIPPED[engine]);
  });

  it.each([
    ['a gap', ['0001-a.sql', '0003-c.sql'], /a migration step is missing.*file: 0003-c\.sql; expected: 0002/],
    ['a duplicate number', ['0001-a.sql', '0002-b.sql', '0002-c.sql'], /two migration steps have the same number.*file: 0002-c\.sql/],
    ['a first step other than 0001', ['0002-b.sql'], /a migration step is missing.*expected: 0001/],
    ['a misnamed file', ['0001-a.sql', '2-b.sql'], /not named NNNN-name\.sql.*file: 2-b\.sql/],
    ['a step file of another extension', ['0001-a.sql', '0002-b.SQL'], /not named NNNN-name\.sql/],
    ['no step', [], /the migration folder holds no step/],
  ])('refuses a folder with %s before any step is read', (_, files, message) => {
    const folder = fs.mkdtempSync(path.join(dir, 'folder-'));
    for (const file of files) fs.writeFileSync(path.join(folder, file), 'SELECT 1;');
    expect(() => readStepFolder(folder)).toThrow(message);
  });

  it('refuses a missing folder, naming it', () => {
    expect(() => readStepFolder(path.join(dir, 'absent'))).toThrow(/cannot read the migration steps.*absent/);
  });

  it.each([
    ['store', MENTIONS_A_BRIDGE],
    ['postgres', PG_MENTIONS_A_BRIDGE],
  ] as [MigrationEngine, string][])('%s: the bridge rows index has the condition its queries repeat', (engine, condition) => {
    const last = migrationSteps(engine).findLast((step) => step.includes('CREATE INDEX ledger_rows_bridged'));
    expect(last).toContain(`WHERE ${condition};`);
  });
});

/** A SQLite file's schema as SQLite keeps it: every object's definition, and the version. */
function sqliteSchema(file: string): unknown {
  const db = openSqlite(file, { readonly: true });
  try {
    return {
      version: db.pragma('user_version', { simple: true }),
      objects: db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all(),
    };
  } finally {
    db.close();
  }
}

/** A SQLite file at `version`, made by the steps themselves as the release of that version made it. */
function sqliteAt(engine: 'store' | 'workspace', version: number): string {
  const file = path.join(dir, `${engine}-${version}.sqlite`);
  const db = openSqlite(file);
  registerStepFunctions(db);
  for (const step of migrationSteps(engine).slice(0, version)) db.exec(step);
  db.pragma(`user_version = ${version}`);
  db.close();
  return file;
}

describe('SQLite databases of every older version', () => {
  it.each(olderVersions('store'))('a state file of version %i upgrades to the schema a new one gets', (version) => {
    const file = sqliteAt('store', version);
    openSqliteStore(file).close();
    const fresh = path.join(dir, `store-fresh-${version}.sqlite`);
    openSqliteStore(fresh).close();
    expect(sqliteSchema(file)).toEqual(sqliteSchema(fresh));
    expect(sqliteSchema(file)).toHaveProperty('version', migrationSteps('store').length);
  });

  it.each(olderVersions('workspace'))('a workspace.db of version %i upgrades to the schema a new one gets', (version) => {
    const file = sqliteAt('workspace', version);
    openWorkspaceDatabase(file).close();
    const fresh = path.join(dir, `workspace-fresh-${version}.sqlite`);
    openWorkspaceDatabase(fresh).close();
    expect(sqliteSchema(file)).toEqual(sqliteSchema(fresh));
    expect(sqliteSchema(file)).toHaveProperty('version', migrationSteps('workspace').length);
  });
});

describeWithPostgres('PostgreSQL schemas of every older version', (server) => {
  let url: string;
  let client: pg.Client;
  beforeAll(async () => {
    url = await createDatabase(server);
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await dropDatabase(url);
  });

  /** The `ledgerscan` schema as PostgreSQL describes it: columns, indexes, triggers, our functions, the versions. */
  async function schema(): Promise<unknown> {
    const rows = async (sql: string): Promise<unknown[]> => (await client.query(sql)).rows;
    return {
      columns: await rows(`SELECT table_name, column_name, data_type, is_nullable, column_default, collation_name, is_identity
        FROM information_schema.columns WHERE table_schema = 'ledgerscan' ORDER BY table_name, ordinal_position`),
      indexes: await rows("SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'ledgerscan' ORDER BY indexname"),
      triggers: await rows(`SELECT event_object_table, trigger_name, event_manipulation, action_timing, action_statement
        FROM information_schema.triggers WHERE trigger_schema = 'ledgerscan' ORDER BY 1, 2, 3`),
      functions:
        await rows(`SELECT proname, prosrc FROM pg_proc JOIN pg_namespace n ON n.oid = pronamespace JOIN pg_language l ON l.oid = prolang
        WHERE nspname = 'ledgerscan' AND lanname = 'plpgsql' ORDER BY proname`),
      versions: await rows('SELECT version FROM ledgerscan.schema_migrations ORDER BY version'),
    };
  }

  /** The schema at `version`, made by the steps themselves, then brought up to date as an opener does. */
  async function upgradedFrom(version: number): Promise<unknown> {
    await client.query('DROP SCHEMA IF EXISTS ledgerscan CASCADE');
    if (version > 0) {
      await client.query('CREATE SCHEMA ledgerscan');
      await client.query(
        'CREATE TABLE ledgerscan.schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      await client.query('SET search_path = ledgerscan');
      for (const [index, step] of migrationSteps('postgres').slice(0, version).entries()) {
        await client.query(step);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
      }
      await client.query('RESET search_path');
    }
    expect(await migratePostgres(client)).toEqual(expect.objectContaining({ from: version, to: migrationSteps('postgres').length }));
    return schema();
  }

  it('a schema of each older version upgrades to the one a new database gets', async () => {
    const fresh = await upgradedFrom(0);
    expect(fresh).toHaveProperty(
      'versions',
      migrationSteps('postgres').map((_, index) => ({ version: index + 1 })),
    );
    for (const version of olderVersions('postgres').slice(1)) {
      expect({ version, schema: await upgradedFrom(version) }).toEqual({ version, schema: fresh });
    }
  });
});
