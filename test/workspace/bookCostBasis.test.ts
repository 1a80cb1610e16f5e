import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { jobForRun } from '../../src/workspace/jobForRun.js';
import { openPostgresWorkspaceData, openSqliteWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import { validateBook } from '../../src/workspace/validateBook.js';
import type { WorkspaceData } from '../../src/workspace/WorkspaceData.js';
import { inputErrorOf } from '../support/inputErrorOf.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { tempDir } from '../support/workspaceHarness.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
/** A temporary folder removed after the tests. */
function folder(name: string): string {
  const dir = tempDir(name);
  made.push(dir);
  return dir;
}

const api = { apiKey: 'SECRET-KEY-0123456789', baseUrl: 'http://127.0.0.1:9/v2/api', rate: 5 };
const book = { name: 'Client', wallets: [{ address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }], chains: [1] };
const costBasis = {
  method: 'hifo',
  profile: 'us',
  changes: [{ from: '2026-01-01', method: 'fifo' }],
  unclassifiedOut: 'dispose',
  openingLots: 'client-lots.csv',
};

/** The job a run of the book loads: what the replay reads on `job.costBasis`. */
function runJob(data: ReturnType<typeof validateBook>) {
  const dir = folder('book-basis-run');
  return {
    dir,
    job: jobForRun({
      book: data,
      rules: [],
      request: { kind: 'export', period: { year: 2025 }, templates: ['ledger'] },
      api,
      state: path.join(dir, 'state.db'),
      out: path.join(dir, 'out'),
      jobFile: path.join(dir, 'job.json'),
      now: new Date('2026-03-01T00:00:00Z'),
      write: true,
      filedDir: path.join(dir, 'filed'),
    }),
  };
}

/** Stored, read back and changed, the block comes back as given; off (null) removes it. */
async function roundTrip(data: WorkspaceData): Promise<void> {
  const added = await data.addBook(validateBook({ ...book, costBasis }, api), '2026-03-01T00:00:00.000Z');
  expect((await data.getBook(added.id))?.data.costBasis).toEqual(costBasis);
  const changed = validateBook({ ...added.data, costBasis: { profile: 'de' } }, api);
  await data.updateBook(added.id, changed, '2026-03-01T00:01:00.000Z');
  expect((await data.getBook(added.id))?.data.costBasis).toEqual({ profile: 'de' });
  const off = validateBook({ ...changed, costBasis: null }, api);
  await data.updateBook(added.id, off, '2026-03-01T00:02:00.000Z');
  expect((await data.getBook(added.id))?.data).toEqual({ ...book, chains: [1] });
}

describe("a book's cost basis", () => {
  it('is kept as given, and a run of the book gets it resolved on job.costBasis', () => {
    const data = validateBook({ ...book, costBasis }, api);
    expect(data.costBasis).toEqual(costBasis);
    const { dir, job } = runJob(data);
    expect(job.costBasis).toEqual({
      method: 'hifo',
      scope: 'universal',
      profile: 'us',
      // The profile's move to per-wallet pools, then the book's own change.
      changes: [
        { from: '2025-01-01', scope: 'wallet' },
        { from: '2026-01-01', method: 'fifo' },
      ],
      unclassifiedOut: 'dispose',
      // A book's path starts at the run's folder, as its price file's does.
      openingLots: path.join(dir, 'client-lots.csv'),
    });
    // The run's job file carries the block, so the CLI with that file computes the same.
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'job.json'), 'utf8'))).toMatchObject({ costBasis });
    expect(runJob(validateBook(book, api)).job.costBasis).toBeUndefined();
  });

  it('is refused in the form’s words, naming its field', () => {
    const error = inputErrorOf(() => validateBook({ ...book, costBasis: { method: 'uk', scope: 'wallet' } }, api));
    expect(error.message).toContain('costBasis: method uk (costBasis.method) cannot pool per wallet (costBasis.scope)');
    expect(error.details).toMatchObject({ field: 'costBasis' });
    const typo = inputErrorOf(() => validateBook({ ...book, costBasis: { profile: 'fr' } }, api));
    expect(typo.message).toContain('costBasis.profile "fr" is not a tax profile (use one of generic, us, uk, de)');
    expect(typo.details).toMatchObject({ field: 'costBasis' });
    expect(typo.message).not.toContain('--');
  });

  it('round-trips through the embedded workspace (SQLite)', async () => {
    const data = openSqliteWorkspaceData(path.join(folder('book-basis'), 'workspace.db'));
    try {
      await roundTrip(data);
    } finally {
      await data.close();
    }
  });
});

describeWithPostgres("a book's cost basis on PostgreSQL", (server) => {
  const databases: string[] = [];
  afterAll(async () => {
    for (const url of databases) await dropDatabase(url);
  });

  it('round-trips through the distributed workspace', async () => {
    const url = await createDatabase(server);
    databases.push(url);
    const { data } = await openPostgresWorkspaceData(url);
    try {
      await roundTrip(data);
    } finally {
      await data.close();
    }
  });
});
