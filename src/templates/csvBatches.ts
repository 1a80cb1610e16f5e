import { findChain } from '../chains/chains.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { CsvBatch, CsvTally } from './CsvBatch.js';
import type { CellTools } from './compileRow.js';
import { compileLine } from './compileLine.js';
import { entryRow } from './entryRow.js';
import { keepsIgnored, keptEntries, keptEntry } from './keptEntries.js';
import { balanceRow } from './balanceRow.js';
import { carryDust } from './carryDust.js';
import { JournalBook } from './JournalBook.js';
import { journalCommodity } from './journalNames.js';
import type { PeriodBounds } from './PeriodBounds.js';
import type { Posting } from './Posting.js';
import type { Template } from './Template.js';
import type { TieTally } from './TieTally.js';
import { TIE_REASON } from './TieTally.js';
import { transactionRows } from './transactionRows.js';
import type { ViewRow } from './ViewRow.js';
import type { ValueTotals } from './ValueTotals.js';
import { walletTransactions } from './WalletTransaction.js';

/**
 * Records a batch holds. A batch lives until it is posted or written, and a larger one outlived the worker's
 * young-generation collections and was promoted: at 1M entries in parts (4 MB young generation), 1,000 rows
 * peaked at 288–296 MB unvalued and 303–315 MB valued, 250 at 229–232 and 280–284 MB, in the same time
 * (interleaved runs); 100 went lower still (194, 242) but posts and merges four times as many batches.
 */
const BATCH_ROWS = 250;

/**
 * A CSV template's records over some ledger entries, in batches of `BATCH_ROWS`; counts go to `tally`
 * (its residuals are the caller's, from `tools.amounts`), amounts per holding to `tie`. Pure apart from the
 * tools' and tallies' memory, so it runs the same on the main thread and in a worker.
 */
export function* csvBatches(
  template: Template,
  allEntries: Iterable<LedgerEntry>,
  tools: CellTools,
  tally: Omit<CsvTally, 'residuals' | 'tieout' | 'values'>,
  tie: TieTally,
  period?: PeriodBounds,
  values: ValueTotals | null = null,
): Generator<CsvBatch> {
  const lineOf = compileLine(template, tools, template.lineEnding === 'crlf' ? '\r\n' : '\n');
  const fileNames = new FileNames(template);
  // Entry and posting rows are distinct ledger entries by construction; only merged transaction rows can collide.
  const duplicates = template.layout === 'transaction' ? new DuplicateCounter() : null;
  let batch = emptyBatch();
  let fileIndex = new Map<string, number>();
  /** Adds one row; true when the batch is full. */
  const roundsAmounts = template.amounts.maxDecimals !== null;
  const add = (exact: ViewRow, posting: Posting | null): boolean => {
    // A posting's counter side mirrors its asset side: the asset side alone moves the holding.
    const tied = posting === null || posting.side === 'asset';
    if (exact.spam !== '' && template.spam === 'omit') {
      tally.omittedSpamRows += 1;
      if (tied) tie.row(exact, null, TIE_REASON.spam);
      return false;
    }
    const row = roundsAmounts && posting === null ? carryDust(exact, tools.amounts, tools.names) : exact;
    if (tied) tie.row(exact, row, null);
    if (row === null) {
      tally.dustRows += 1;
      return false;
    }
    const line = lineOf(row, posting);
    const file = template.split === 'combined' ? template.fileName : fileNames.for(row);
    if (duplicates !== null) tally.duplicateRows += duplicates.count(file, row, line);
    let index = fileIndex.get(file);
    if (index === undefined) {
      index = batch.fileNames.push(file) - 1;
      fileIndex.set(file, index);
    }
    batch.file.push(index);
    batch.timestamp.push(row.timestamp);
    batch.chainId.push(row.chainId);
    batch.lines.push(line);
    tally.rows += 1;
    values?.row(row);
    return batch.lines.length >= BATCH_ROWS;
  };
  const take = (): CsvBatch => {
    const full = batch;
    batch = emptyBatch();
    fileIndex = new Map();
    return full;
  };
  // Holdings are rolled from the first block, also for bank statements: their opening row, and the spam verdict
  // of each wallet's first movement of a token, which keeps all its rows in one file (or out of all files).
  const book = template.balances !== 'none' && period !== undefined ? new JournalBook(template.accounts, 'hledger') : null;
  if (book !== null && period !== undefined) book.roll(period.history());
  if (template.layout === 'entry') {
    if (book !== null && period !== undefined) {
      for (const holding of book.holdings.list()) {
        if (holding.balance === 0n) continue;
        const block = period.blocks.get(holding.chainId)?.opening ?? 0;
        if (add(balanceRow(holding, { kind: 'opening', block }, period.startTime), null)) yield take();
      }
    }
    const keep = keepsIgnored(template);
    for (const entry of allEntries) {
      if (!keptEntry(keep, entry, tie)) continue;
      const spam = book === null ? entry.spam : book.holdings.add(entry).leg.spam;
      if (add(entryRow(spam === entry.spam ? entry : { ...entry, spam }), null)) yield take();
    }
  } else if (template.layout === 'transaction') {
    const netted = tie.netted.bind(tie);
    for (const tx of walletTransactions(keptEntries(template, allEntries, tie)))
      for (const row of transactionRows(tx, template, netted)) if (add(row, null)) yield take();
  } else {
    const journal = book ?? new JournalBook(template.accounts, 'hledger');
    const transactions = [
      book === null || period === undefined ? [] : book.balances('opening', period.blocks, period.startTime),
      journal.movements(keptEntries(template, allEntries, tie)),
      // Generated lazily: the closing balances exist only once every movement passed.
      (function* closing() {
        if (book !== null && period !== undefined && template.balances === 'opening-closing')
          yield* book.balances('closing', period.blocks, period.endTime);
      })(),
    ];
    for (const group of transactions)
      for (const tx of group) for (const posting of tx.postings) if (add(posting.row, posting)) yield take();
  }
  if (batch.lines.length > 0) yield take();
}

function emptyBatch(): CsvBatch {
  return { fileNames: [], file: [], timestamp: [], chainId: [], lines: [] };
}

/**
 * Counts rows identical to an earlier row of the same transaction in the same file: a tool would import
 * them twice (staketaxcsv #18). Rows of different transactions differ by hash or time in every template
 * that matters, so only the current transaction is remembered. A CSV line stands for its cells exactly.
 */
class DuplicateCounter {
  private file = '';
  private chainId = -1;
  private txHash = '';
  private first = '';
  private lines: Set<string> | null = null;

  count(file: string, row: ViewRow, line: string): number {
    if (file !== this.file || row.chainId !== this.chainId || row.txHash !== this.txHash) {
      this.file = file;
      this.chainId = row.chainId;
      this.txHash = row.txHash;
      this.first = line;
      this.lines = null;
      return 0;
    }
    if (this.lines === null) this.lines = new Set([this.first]);
    if (this.lines.has(line)) return 1;
    this.lines.add(line);
    return 0;
  }
}

/** Files named from wallet, chain and asset, every part made safe for a file system; cached per key. */
class FileNames {
  private readonly template: Template;
  private readonly cache = new Map<string, string>();

  constructor(template: Template) {
    this.template = template;
  }

  for(row: ViewRow): string {
    const leg = row.sent ?? row.received ?? row.fee;
    // One statement per asset: symbol and contract, since symbols repeat (bridged and native USDC on one chain);
    // an NFT collection is one asset, not one per token id.
    const asset = this.template.split !== 'wallet-chain-asset' || leg === null ? '' : journalCommodity(leg);
    const key = `${row.wallet}\u0000${row.walletLabel}\u0000${row.chainId}\u0000${asset}`;
    let name = this.cache.get(key);
    if (name === undefined) {
      name = this.template.fileName
        .replaceAll('{wallet}', row.wallet)
        .replaceAll('{walletLabel}', safeFilePart(row.walletLabel === '' ? row.wallet : row.walletLabel))
        .replaceAll('{chain}', findChain(row.chainId)?.slug ?? String(row.chainId))
        .replaceAll('{asset}', asset === '' ? 'none' : safeFilePart(asset));
      this.cache.set(key, name);
    }
    return name;
  }
}

function safeFilePart(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || 'unnamed';
}
