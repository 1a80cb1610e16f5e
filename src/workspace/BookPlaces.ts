import fs from 'node:fs';
import path from 'node:path';
import type { StoreLocation } from '../store/StoreLocation.js';

/**
 * Contract: where a book's store and a run's files live. The embedded implementation keeps one
 * CLI state file per book and one folder per run under the data dir, so books never share rows and
 * `ledgerscan export --state` can open a book's store as it is. The distributed one keeps the stores in
 * PostgreSQL and the files in a directory every worker and the server share.
 */
export interface BookPlaces {
  location(bookId: number): StoreLocation;
  /** The book's `--state` as the CLI would name it; its folder holds `filed/`, the closed periods. */
  stateFile(bookId: number): string;
  /** The run's folder: its job file, and `files/` with what the pipeline wrote. */
  runDir(runId: number): string;
  outDir(runId: number): string;
  /** Removes the book's store and state folder and the folders of its runs (`runIds`), leaving no orphans. */
  removeBook(bookId: number, runIds: readonly number[]): Promise<void>;
}

function filesUnder(dir: string): Omit<BookPlaces, 'location' | 'removeBook'> {
  return {
    stateFile: (bookId) => path.join(dir, 'books', String(bookId), 'state.db'),
    runDir: (runId) => path.join(dir, 'runs', String(runId)),
    outDir: (runId) => path.join(dir, 'runs', String(runId), 'files'),
  };
}

function removeBookDirs(dir: string, bookId: number, runIds: readonly number[]): void {
  const files = filesUnder(dir);
  for (const runId of runIds) fs.rmSync(files.runDir(runId), { recursive: true, force: true });
  fs.rmSync(path.join(dir, 'books', String(bookId)), { recursive: true, force: true });
}

export function embeddedBookPlaces(dataDir: string): BookPlaces {
  const files = filesUnder(dataDir);
  return {
    ...files,
    location: (bookId) => ({ kind: 'sqlite', file: files.stateFile(bookId) }),
    removeBook: (bookId, runIds) => Promise.resolve(removeBookDirs(dataDir, bookId, runIds)),
  };
}

/**
 * Stores in the database (book id as text leads every key), files under `filesDir`, a directory the server and
 * every worker mount, so any of them serves a run's files whichever worker wrote them. `removeRows` deletes a
 * book's rows from the shared tables.
 */
export function distributedBookPlaces(url: string, filesDir: string, removeRows: (book: string) => Promise<void>): BookPlaces {
  return {
    ...filesUnder(filesDir),
    location: (bookId) => ({ kind: 'postgres', url, book: String(bookId) }),
    removeBook: async (bookId, runIds) => {
      await removeRows(String(bookId));
      removeBookDirs(filesDir, bookId, runIds);
    },
  };
}
