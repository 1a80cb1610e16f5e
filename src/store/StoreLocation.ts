/**
 * Where a book's store lives: an SQLite file (the CLI's `--state`, the embedded workspace) or one book of a
 * PostgreSQL database (the distributed workspace). Plain data, so a worker thread can open it too.
 */
export type StoreLocation = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; book: string };
