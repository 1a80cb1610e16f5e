import fs from 'node:fs';
import path from 'node:path';

/**
 * Contract: where a book's store and a run's files live. The embedded implementation keeps one
 * CLI state file per book and one folder per run under the data dir, so books never share rows and
 * `ledgerscan export --state` can open a book's store as it is.
 */
export interface BookStores {
  stateFile(bookId: number): string;
  /** The run's folder: its job file, and `files/` with what the pipeline wrote. */
  runDir(runId: number): string;
  outDir(runId: number): string;
  removeBook(bookId: number): void;
}

export function embeddedBookStores(dataDir: string): BookStores {
  return {
    stateFile: (bookId) => path.join(dataDir, 'books', String(bookId), 'state.db'),
    runDir: (runId) => path.join(dataDir, 'runs', String(runId)),
    outDir: (runId) => path.join(dataDir, 'runs', String(runId), 'files'),
    removeBook: (bookId) => fs.rmSync(path.join(dataDir, 'books', String(bookId)), { recursive: true, force: true }),
  };
}
