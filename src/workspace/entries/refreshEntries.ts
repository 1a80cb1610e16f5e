import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { walletsOnChain } from '../../config/walletsOnChain.js';
import type { Job } from '../../config/Job.js';
import { STREAMS } from '../../etherscan/wire.js';
import { defaultFiledDir } from '../../filing/FiledRecord.js';
import type { LedgerEntry } from '../../ledger/LedgerEntry.js';
import type { LedgerRule } from '../../ledger/LedgerRule.js';
import { searchText } from '../../ledger/ruleMatches.js';
import type { ChainBlocks } from '../../pipeline/ledgerFromStore.js';
import { ledgerFromStore } from '../../pipeline/ledgerFromStore.js';
import type { HeldStore } from '../../pipeline/LockedStore.js';
import { openCachedPriceOracle } from '../../pipeline/openPriceOracle.js';
import type { PriceOracle } from '../../prices/PriceOracle.js';
import { PriceQueries } from '../../prices/PriceQueries.js';
import type { RowPrices } from '../../prices/valueLeg.js';
import type { RecordStore } from '../../store/RecordStore.js';
import type { StoreLocation } from '../../store/StoreLocation.js';
import { openStoreAt } from '../../store/openStoreAt.js';
import type { BookData } from '../BookData.js';
import type { BookPlaces } from '../BookPlaces.js';
import { RuleCheck } from '../checkBookRule.js';
import type { ApiAccess } from '../jobForRun.js';
import { jobForRun } from '../jobForRun.js';
import type { Book, BookPrice, BookRule, WorkspaceData } from '../WorkspaceData.js';
import { bookSettings } from './bookSettings.js';
import { ledgerCells } from './ledgerCells.js';
import type { SqlBookEntries } from './SqlBookEntries.js';
import type { NewEntryRow } from './entryTables.js';

/** What a refresh reads: plain data, so a worker thread can be handed it. */
export interface EntryRefresh {
  bookId: number;
  book: BookData;
  /** The book's rules, applied after the job's as in every run. */
  rules: readonly BookRule[];
  /** The book's manual prices, the file source's as in every run. */
  prices: readonly BookPrice[];
  /** The book's store, and its `--state` (beside it, the closed periods). */
  location: StoreLocation;
  state: string;
  api: ApiAccess;
  now: Date;
}

export interface RefreshOutcome {
  entries: number;
  /** The rows it wrote: 0 when the table already held them, fewer than `entries` where only its last rows changed. */
  written: number;
  /** With a rule tried (`Workspace.addBookRule`): the rule as stored and how many entries it changed. */
  trial?: { rule: BookRule; matched: number; warnings: string[] };
}

/** Entries valued per chunk: each chunk's questions are prepared from the cache together, then its rows written. */
const VALUED_CHUNK = 5_000;

/**
 * Per chain of the job, the blocks every synced (wallet, stream) of the store holds: up to the lowest synced end,
 * so a wallet synced further than another never shows half a history. Chains nothing was synced on are left out.
 */
export function storedChains(store: RecordStore, job: Pick<Job, 'chains' | 'wallets'>): ChainBlocks[] {
  return job.chains.flatMap((chainId) => {
    const ends = walletsOnChain(job.wallets, chainId).flatMap((wallet) =>
      STREAMS.map((stream) => store.syncedRange(chainId, wallet.address, stream)?.toBlock ?? null),
    );
    const synced = ends.filter((end): end is number => end !== null);
    return synced.length === 0 ? [] : [{ chainId, fromBlock: 0, toBlock: Math.min(...synced) }];
  });
}

/** What the table keeps of an entry: its filter columns and its `ledger.csv` cells, valued with `prices` when given. */
export function* entryRows(entries: Iterable<LedgerEntry>, prices: RowPrices | null = null): Generator<NewEntryRow> {
  const { columns, cells } = ledgerCells(prices);
  const valueAt = columns.indexOf('value');
  const currencyAt = columns.indexOf('price_currency');
  for (const entry of entries) {
    const row = cells(entry);
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
      search: searchText(entry),
      cells: JSON.stringify(row),
      value: row[valueAt] ?? '',
      value_currency: row[currencyAt] ?? '',
    };
  }
}

/**
 * The rows of a valued book: a chunk of entries at a time, its price questions prepared from the book's price
 * cache (the oracle is cache-only: the table never makes a price call, and says `not fetched` of what no run asked).
 */
async function* valuedRows(entries: Iterable<LedgerEntry>, oracle: PriceOracle): AsyncGenerator<NewEntryRow> {
  const prices: RowPrices = { currency: oracle.stats().currency, priceAt: (query) => oracle.priceAt(query) };
  let chunk: LedgerEntry[] = [];
  const flush = async function* (): AsyncGenerator<NewEntryRow> {
    const queries = new PriceQueries();
    for (const entry of chunk) queries.add(entry);
    await oracle.prepareAssets(queries.assets());
    yield* entryRows(chunk, prices);
    chunk = [];
  };
  for (const entry of entries) {
    chunk.push(entry);
    if (chunk.length === VALUED_CHUNK) yield* flush();
  }
  if (chunk.length > 0) yield* flush();
}

/** Each entry on its way to the table, shown to the trial's check; the seqs (1-based order) of those it changed. */
function* watched(entries: Iterable<LedgerEntry>, check: RuleCheck, changed: number[]): Generator<LedgerEntry> {
  let seq = 0;
  for (const entry of entries) {
    seq += 1;
    if (check.see(entry)) changed.push(seq);
    yield entry;
  }
}

/** A set written and not yet shown, and what the tried rule's check found (it passed). */
interface WrittenSet {
  setId: number;
  entries: number;
  /** The entries the tried rule changed (their seqs) and how many. */
  trial: { matched: number; changed: number[]; warnings: string[] };
}

/** A rule tried by a refresh (`Workspace.addBookRule`): applied last, and stored by `save` only when its check passes. */
export interface RuleTrial {
  rule: LedgerRule;
  save: () => Promise<BookRule>;
}

/**
 * Materializes the book's ledger into its transactions table: the job a run of the book gets (`jobForRun`, so book
 * settings, rules and valuation reach both alike) through `ledgerFromStore`, the function every run's ledger comes
 * from, over all the store has synced, each entry valued from the book's price cache. Only the rows that changed are
 * written (`SqlEntrySets.update`): a night's reconcile adds a day at the end of a book's table. A rule tried costs the
 * same one build, in two halves: a whole set is written unshown and the rule checked (`writeEntrySet`), then the
 * rule stored, named in the cells, and the set shown (`showEntrySet`).
 */
export async function refreshEntries(
  refresh: EntryRefresh,
  entries: SqlBookEntries,
  trial?: RuleTrial,
  held?: HeldStore,
): Promise<RefreshOutcome> {
  if (trial === undefined) {
    const settings = bookSettings(refresh.book);
    const now = refresh.now.toISOString();
    const updated = await withRows(refresh, held, undefined, (rows) =>
      entries.sets.update(refresh.bookId, ledgerCells().columns, rows, now, settings),
    );
    return { entries: updated.entries, written: updated.written };
  }
  return showEntrySet(refresh, await writeEntrySet(refresh, entries, trial.rule), entries, trial.save);
}

/**
 * The heavy half of a rule's trial: the ledger built, valued and written as a set nobody sees yet, the rule (applied
 * last as `CANDIDATE_ID`) checked in the same pass; a refused rule leaves nothing behind.
 */
async function writeEntrySet(refresh: EntryRefresh, entries: SqlBookEntries, rule: LedgerRule): Promise<WrittenSet> {
  const check = new RuleCheck(rule);
  const changed: number[] = [];
  const written = await withRows(refresh, undefined, { rule, see: (built) => watched(built, check, changed) }, (rows) =>
    entries.sets.write(refresh.bookId, ledgerCells().columns, rows, refresh.now.toISOString(), bookSettings(refresh.book)),
  );
  try {
    return { ...written, trial: { ...check.verdict(), changed } };
  } catch (error) {
    await entries.sets.discard(written.setId);
    throw error;
  }
}

/**
 * The book's rows, built and valued, handed to `use` while its store (and a scratch folder for its price file) are
 * open: the run's own store when it is `held` (left open), else one opened here; the run's ledger when it kept the same
 * one (`KeptLedger`), else read. With `trial`, its rule is applied last and the entries pass its check on their way.
 */
async function withRows<T>(
  refresh: EntryRefresh,
  held: HeldStore | undefined,
  trial: { rule: LedgerRule; see: (entries: Iterable<LedgerEntry>) => Iterable<LedgerEntry> } | undefined,
  use: (rows: Iterable<NewEntryRow> | AsyncIterable<NewEntryRow>) => Promise<T>,
): Promise<T> {
  const { location } = refresh;
  const scratch = refresh.prices.length === 0 ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-refresh-'));
  // A book never synced has no store yet: its table is empty, and opening it must not create one.
  const opened = held?.opened;
  const store = opened ?? (location.kind === 'sqlite' && !fs.existsSync(location.file) ? null : openStoreAt(location));
  try {
    const loaded = refreshJob(refresh, scratch);
    const job = trial === undefined ? loaded : { ...loaded, rules: [...loaded.rules, trial.rule] };
    const chains = store === null ? [] : storedChains(store, job);
    const built = store === null ? [] : (held?.ledger.entries(job, chains) ?? ledgerFromStore(store, job, chains)());
    const ledger = trial === undefined ? built : trial.see(built);
    const oracle =
      store === null || job.valuation === undefined ? undefined : openCachedPriceOracle(job.valuation, store, { markUnfetched: true });
    return await use(oracle === undefined ? entryRows(ledger) : valuedRows(ledger, oracle));
  } finally {
    if (opened === undefined) store?.close();
    if (scratch !== undefined) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The light half: a tried rule stored and named by its stored id in the cells it changed, then the set shown. */
async function showEntrySet(
  refresh: EntryRefresh,
  written: WrittenSet,
  entries: SqlBookEntries,
  save: () => Promise<BookRule>,
): Promise<RefreshOutcome> {
  let outcome: RefreshOutcome;
  try {
    const rule = await save();
    await entries.sets.renameInCells(written.setId, written.trial.changed, RuleCheck.NOTE, `rule:${rule.id}`);
    const { matched, warnings } = written.trial;
    outcome = { entries: written.entries, written: written.entries, trial: { rule, matched, warnings } };
  } catch (error) {
    await entries.sets.discard(written.setId);
    throw error;
  }
  await entries.sets.publish(refresh.bookId, written.setId, refresh.now.toISOString());
  return outcome;
}

/**
 * The job a run of the book gets. A book with manual prices values from its price file, which the file source reads
 * from disk: it is written to a scratch folder for the job's loading and read there, as a run reads its own.
 */
function refreshJob(refresh: EntryRefresh, scratch: string | undefined): Job {
  const { state, now } = refresh;
  const input = {
    book: refresh.book,
    rules: refresh.rules,
    request: { kind: 'sync' as const },
    api: refresh.api,
    state,
    out: '.',
    now,
    filedDir: defaultFiledDir(state),
  };
  if (scratch === undefined) return jobForRun({ ...input, jobFile: 'job.json', write: false });
  return jobForRun({ ...input, prices: refresh.prices, jobFile: path.join(scratch, 'job.json'), write: true });
}

/** What a refresh reads besides the book: the workspace itself, or a run's context (`executeRun`). */
export interface RefreshPlaces {
  data: Pick<WorkspaceData, 'bookRules' | 'bookPrices'>;
  stores: BookPlaces;
  api: ApiAccess;
  now: () => Date;
}

/** The one way a refresh's input is assembled: the book, its rules as stored now, its store, the API. */
export async function bookRefresh(places: RefreshPlaces, book: Book): Promise<EntryRefresh> {
  const { stores, api } = places;
  return {
    bookId: book.id,
    book: book.data,
    rules: await places.data.bookRules(book.id),
    prices: await places.data.bookPrices(book.id),
    location: stores.location(book.id),
    state: stores.stateFile(book.id),
    api,
    now: places.now(),
  };
}
