import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { openPostgresWorkspaceData, openSqliteWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import type { WorkspaceData } from '../../src/workspace/WorkspaceData.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { tempDir } from '../support/workspaceHarness.js';

const NOW = '2026-03-01T12:00:00.000Z';
const book = (name: string) => ({ name, wallets: [{ address: '0x00000000000000000000000000000000000000aa' }], chains: [1] });

/** Assignments replaced whole, read both ways, and gone with their book or their user. */
async function assignments(data: WorkspaceData): Promise<void> {
  const [staff, other, client] = [
    await data.addUser('alice', 'staff', 'hash'),
    await data.addUser('bob', 'staff', 'hash'),
    await data.addUser('carol', 'client', 'hash'),
  ];
  const [a, b] = [(await data.addBook(book('A'), NOW)).id, (await data.addBook(book('B'), NOW)).id];
  await data.setBookStaff(a, [client.id, staff.id]);
  await data.setBookStaff(b, [other.id, staff.id]);
  expect((await data.bookStaff(a)).map((user) => `${user.name} ${user.role}`)).toEqual(['alice staff', 'carol client']);
  expect(await data.booksOfUser(staff.id)).toEqual([a, b]);
  expect(await data.booksOfUser(other.id)).toEqual([b]);

  await data.setBookStaff(b, [other.id]);
  expect(await data.booksOfUser(staff.id)).toEqual([a]);
  await data.setBookStaff(a, []);
  expect(await data.bookStaff(a)).toEqual([]);
  expect(await data.booksOfUser(client.id)).toEqual([]);

  await data.setBookStaff(a, [client.id]);
  expect(await data.removeUser('carol')).toBe(true);
  expect(await data.bookStaff(a)).toEqual([]);
  expect(await data.removeBook(b)).toBe(true);
  expect(await data.booksOfUser(other.id)).toEqual([]);
}

describe('books assigned to staff and clients on SQLite', () => {
  it('replaces, reads and forgets assignments', async () => {
    const data = openSqliteWorkspaceData(path.join(tempDir('book-staff'), 'workspace.db'));
    try {
      await assignments(data);
    } finally {
      await data.close();
    }
  });
});

describeWithPostgres('books assigned to staff and clients on PostgreSQL', (server) => {
  it('replaces, reads and forgets assignments', async () => {
    const url = await createDatabase(server);
    const { data } = await openPostgresWorkspaceData(url);
    try {
      await assignments(data);
    } finally {
      await data.close();
      await dropDatabase(url);
    }
  });
});
