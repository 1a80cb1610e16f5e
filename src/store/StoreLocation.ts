import { openStore } from './openStore.js';
import type { PipelineStore } from './PipelineStore.js';
import { openPostgresStore } from './postgres/openPostgresStore.js';

/**
 * Where a book's store lives: an SQLite file (the CLI's `--state`, the embedded workspace) or one book of a
 * PostgreSQL database (the distributed workspace). Plain data, so a worker thread can open it too.
 */
export type StoreLocation = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; book: string };

/** Opens (creating and upgrading as needed) the store at `location`; takes no lock. */
export function openStoreAt(location: StoreLocation, options: { log?: (line: string) => void } = {}): PipelineStore {
  return location.kind === 'sqlite' ? openStore(location.file, options) : openPostgresStore(location.url, location.book, options);
}
