import fs from 'node:fs';
import { walletsOnChain } from '../../config/walletsOnChain.js';
import type { Job } from '../../config/Job.js';
import { STREAMS } from '../../etherscan/wire.js';
import { defaultFiledDir } from '../../filing/FiledRecord.js';
import type { LedgerEntry } from '../../ledger/LedgerEntry.js';
import type { ChainBlocks } from '../../pipeline/ledgerFromStore.js';
import { ledgerFromStore } from '../../pipeline/ledgerFromStore.js';
import type { RecordStore } from '../../store/RecordStore.js';
import { openStoreAt } from '../../store/openStoreAt.js';
import type { BookData } from '../BookData.js';
import type { BookPlaces } from '../BookPlaces.js';
import type { ApiAccess } from '../jobForRun.js';
import { jobForRun } from '../jobForRun.js';
import type { BookRule } from '../WorkspaceData.js';
import { ledgerCells } from './ledgerCells.js';
import type { NewEntryRow, SqlBookEntries } from './SqlBookEntries.js';

export interface EntryRefresh {
  bookId: number;
  book: BookData;
  /** The book's rules, applied after the job's as in every run. */
  rules: readonly BookRule[];
  stores: BookPlaces;
  entries: SqlBookEntries;
  api: ApiAccess;
  now: Date;
}

/**
 * Per chain of the job, the blocks every synced (wallet, stream) of the store holds: up to the lowest synced end,
 * so a wallet synced further than another never shows half a history. Chains nothing was synced on are left out.
 */
export function storedChains(store: RecordStore, job: Pick<Job, 'chains' | 'wallets'>): ChainBlocks[] {
  return job.chains.flatMap((chainId) => {
    const ends = walletsOnChain(job.wallets, chainId).flatMap((wallet) => STREAMS.map((stream) => store.syncedRange(chainId, wallet.address, stream)?.toBlock ?? null));
    const synced = ends.filter((end): end is number => end !== null);
    return synced.length === 0 ? [] : [{ chainId, fromBlock: 0, toBlock: Math.min(...synced) }];
  });
}

/** What the table keeps of an entry: its filter columns and its `ledger.csv` cells. */
export function* entryRows(entries: Iterable<LedgerEntry>): Generator<NewEntryRow> {
  const { cells } = ledgerCells();
  for (const entry of entries) {
    yield {
      entry_id: entry.entryId,
      timestamp: entry.timestamp,
      chain_id: entry.chainId,
      tx_hash: entry.txHash,
      wallet: entry.wallet,
      direction: entry.direction,
      asset: entry.asset,
      asset_contract: entry.assetContract,
      token_id: entry.tokenId,
      amount_raw: entry.amountRaw.toString(),
      decimals: entry.decimals,
      counterparty: entry.counterparty,
      category: entry.category,
      spam: entry.spam === '' ? 0 : 1,
      search: [entry.txHash, entry.counterparty, entry.counterpartyLabel, entry.walletLabel, entry.method, entry.asset].join(' ').toLowerCase(),
      cells: JSON.stringify(cells(entry)),
    };
  }
}

/**
 * Materializes the book's ledger into its transactions table: the job a run of the book gets (`jobForRun`, so book
 * settings and rules reach both alike) through `ledgerFromStore`, the function every run's ledger comes from, over
 * all the store has synced. Replaces the table atomically; returns the number of entries.
 */
export async function refreshEntries(refresh: EntryRefresh): Promise<number> {
  const { bookId, stores, entries, now } = refresh;
  const state = stores.stateFile(bookId);
  const job = jobForRun({ book: refresh.book, rules: refresh.rules, request: { kind: 'sync' }, api: refresh.api, state, out: '.', jobFile: 'job.json', now, write: false, filedDir: defaultFiledDir(state) });
  const columns = ledgerCells().columns;
  const location = stores.location(bookId);
  // A book never synced has no store yet: its table is empty, and opening it must not create one.
  if (location.kind === 'sqlite' && !fs.existsSync(location.file)) return entries.replace(bookId, columns, [], now.toISOString());
  const store = openStoreAt(location);
  try {
    return await entries.replace(bookId, columns, entryRows(ledgerFromStore(store, job, storedChains(store, job))()), now.toISOString());
  } finally {
    store.close();
  }
}
