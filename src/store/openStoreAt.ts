import { openSqliteStore } from './openSqliteStore.js';
import type { PipelineStore } from './PipelineStore.js';
import { openPostgresStore } from './postgres/openPostgresStore.js';
import type { StoreLocation } from './StoreLocation.js';

/** Opens (creating and upgrading as needed) the store at `location`; takes no lock. */
export function openStoreAt(location: StoreLocation, options: { log?: (line: string) => void } = {}): PipelineStore {
  return location.kind === 'sqlite' ? openSqliteStore(location.file, options) : openPostgresStore(location.url, location.book, options);
}
