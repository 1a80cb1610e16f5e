import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { findChain } from '../chains/chains.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { CsvFileWriter } from '../output/CsvFileWriter.js';
import { loadPlaceholders, savePlaceholders } from '../output/placeholderFile.js';
import { TextFileWriter } from '../output/TextFileWriter.js';
import { AmountFormatter } from './AmountFormatter.js';
import type { RoundingResidual } from './AmountFormatter.js';
import { AssetNamer } from './AssetNamer.js';
import { compileRow, describe, vocabularyLookup } from './compileRow.js';
import { DateFormatter } from './DateFormatter.js';
import { entryRow } from './entryRow.js';
import { beancountOpens, beancountTransaction, hledgerTransaction } from './journalText.js';
import type { Posting } from './Posting.js';
import type { Template } from './Template.js';
import { transactionRows } from './transactionRows.js';
import type { ViewRow } from './ViewRow.js';
import { JournalAccounts } from './JournalAccounts.js';
import { walletTransactionPostings } from './walletTransactionPostings.js';
import { walletTransactions } from './WalletTransaction.js';

export interface RenderContext {
  /** The job's IANA time zone, used by templates whose date zone is `job`. */
  timezone: string;
}

export interface RenderRequest {
  /** Called once per template, so a million entries are streamed, never held. */
  entries: () => Iterable<LedgerEntry>;
  templates: readonly Template[];
  outDir: string;
  context: RenderContext;
}

export interface TemplateResult {
  template: string;
  /** Absolute paths of the run's files: data files and, when the template uses one, the placeholder map. */
  files: string[];
  rows: number;
  /** Spam rows left out because the template says `omit`; counted so nothing disappears silently. */
  omittedSpamRows: number;
  /** Identical transaction-layout rows inside one transaction in one file (a tool would import them twice); expected 0. */
  duplicateRows: number;
  residuals: RoundingResidual[];
}

interface Sink {
  path: string;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** Renders every template over the ledger; each file appears atomically, or not at all if anything fails. */
export async function renderTemplates(request: RenderRequest): Promise<TemplateResult[]> {
  mkdirSync(request.outDir, { recursive: true });
  const results: TemplateResult[] = [];
  for (const template of request.templates) results.push(await renderTemplate(template, request));
  return results;
}

async function renderTemplate(template: Template, request: RenderRequest): Promise<TemplateResult> {
  const zone = template.date.zone === 'job' ? request.context.timezone : template.date.zone;
  const effective: Template = { ...template, date: { ...template.date, zone } };
  const placeholderPath = path.join(request.outDir, `${template.name}.asset-names.json`);
  const usesPlaceholders = template.nftNaming === 'placeholder' || template.unknownTokenNaming === 'placeholder';
  const names = new AssetNamer(template.nftNaming, template.unknownTokenNaming, usesPlaceholders ? loadPlaceholders(placeholderPath) : {});
  const amounts = new AmountFormatter(template.amounts.maxDecimals, template.amounts.rounding);
  const sinks = new Map<string, Sink>();
  const result: TemplateResult = { template: template.name, files: [], rows: 0, omittedSpamRows: 0, duplicateRows: 0, residuals: [] };
  try {
    if (template.renderer === 'csv') await renderCsv(effective, request, names, amounts, sinks, result);
    else await renderJournal(effective, request, amounts, sinks, result);
    for (const sink of sinks.values()) await sink.commit();
  } catch (error) {
    for (const sink of sinks.values()) await sink.abort();
    throw error;
  }
  result.files = [...sinks.values()].map((sink) => sink.path).sort();
  if (names.changed) await savePlaceholders(placeholderPath, names.mapping());
  // The CSVs are named from the map, so it belongs to every run that used it, changed or not.
  if (usesPlaceholders && existsSync(placeholderPath)) result.files.push(placeholderPath);
  result.residuals = amounts.residualReport();
  return result;
}

async function renderCsv(
  template: Template,
  request: RenderRequest,
  names: AssetNamer,
  amounts: AmountFormatter,
  sinks: Map<string, Sink>,
  result: TemplateResult,
): Promise<void> {
  const cellsOf = compileRow(template, { amounts, names });
  const options = { header: template.columns.map((c) => c.header), lineEnding: template.lineEnding, finalNewline: template.finalNewline };
  const writerAt = (file: string): CsvFileWriter => {
    let sink = sinks.get(file) as CsvFileWriter | undefined;
    if (sink === undefined) {
      sink = new CsvFileWriter(path.join(request.outDir, file), options);
      sinks.set(file, sink);
    }
    return sink;
  };
  // A combined file exists even for an empty export (header only), so a missing file always means failure.
  const combined = template.split === 'combined' ? writerAt(template.fileName) : null;
  const fileNames = new FileNames(template, names);
  // Entry and posting rows are distinct ledger entries by construction; only merged transaction rows can collide.
  const duplicates = template.layout === 'transaction' ? new DuplicateCounter() : null;
  /** Returns the writer when its chunk is full, so the loop awaits only then (not once per row). */
  const write = (row: ViewRow, posting: Posting | null): CsvFileWriter | null => {
    if (row.spam !== '' && template.spam === 'omit') {
      result.omittedSpamRows += 1;
      return null;
    }
    const cells = cellsOf(row, posting);
    const writer = combined ?? writerAt(fileNames.for(row));
    if (duplicates !== null) result.duplicateRows += duplicates.count(writer.path, row, cells);
    writer.writeRow(cells);
    result.rows += 1;
    return writer.full ? writer : null;
  };
  // `full` is checked before awaiting: an await per row (even of undefined) costs a microtask per row
  let full: CsvFileWriter | null;
  if (template.layout === 'entry') {
    for (const entry of request.entries()) if ((full = write(entryRow(entry), null)) !== null) await full.flush();
    return;
  }
  const accounts = new JournalAccounts(template.accounts, 'hledger');
  let txn = 0;
  for (const tx of walletTransactions(request.entries())) {
    if (template.layout === 'transaction') {
      for (const row of transactionRows(tx, template)) if ((full = write(row, null)) !== null) await full.flush();
    } else {
      txn += 1;
      for (const posting of walletTransactionPostings(tx, txn, accounts)) if ((full = write(posting.row, posting)) !== null) await full.flush();
    }
  }
}

/**
 * Counts rows identical to an earlier row of the same transaction in the same file: a tool would import
 * them twice (staketaxcsv #18). Rows of different transactions differ by hash or time in every template
 * that matters, so only the current transaction is remembered, and a line is only built for its 2nd row.
 */
class DuplicateCounter {
  private file = '';
  private chainId = -1;
  private txHash = '';
  private first: string[] | null = null;
  private lines: Set<string> | null = null;

  count(file: string, row: ViewRow, cells: readonly string[]): number {
    if (file !== this.file || row.chainId !== this.chainId || row.txHash !== this.txHash) {
      this.file = file;
      this.chainId = row.chainId;
      this.txHash = row.txHash;
      this.first = cells.slice();
      this.lines = null;
      return 0;
    }
    if (this.lines === null) this.lines = new Set([(this.first as string[]).join('\u0000')]);
    const line = cells.join('\u0000');
    if (this.lines.has(line)) return 1;
    this.lines.add(line);
    return 0;
  }
}

/** beancount computes in Python's default decimal context (28 significant digits). */
const beancountDigits = 28;

async function renderJournal(template: Template, request: RenderRequest, amounts: AmountFormatter, sinks: Map<string, Sink>, result: TemplateResult): Promise<void> {
  const dialect = template.renderer === 'beancount' ? 'beancount' : 'hledger';
  const writer = new TextFileWriter(path.join(request.outDir, template.fileName));
  sinks.set(template.fileName, writer);
  const dates = new DateFormatter('yyyy-MM-dd', template.date.zone);
  const names = new AssetNamer('symbol', 'symbol');
  const journalAccounts = new JournalAccounts(template.accounts, dialect);
  const accounts = new Set<string>();
  let firstDate = '';
  let txn = 0;
  for (const tx of walletTransactions(request.entries())) {
    txn += 1;
    const postings = walletTransactionPostings(tx, txn, journalAccounts);
    const first = postings[0] as Posting;
    const date = dates.format(first.row.timestamp);
    if (firstDate === '' || date < firstDate) firstDate = date;
    const categories = [...new Set(tx.entries.map((e) => e.category))].join(' ');
    const row = first.row;
    const described = postings.map((p) => describe(template, names, p.row));
    if (dialect === 'beancount' && postings.some((p) => (p.amountRaw < 0n ? -p.amountRaw : p.amountRaw).toString().length > beancountDigits)) {
      described.push(`amount rounded to ${beancountDigits} significant digits, the most beancount computes with`);
    }
    const notes = [...new Set(described.filter((d) => d !== ''))].join('; ');
    const header = {
      date,
      description: `${vocabularyLookup(template, template.labels, row) || categories} ${row.walletLabel}`.trim(),
      tags: [
        ['tx', tx.txHash],
        ['chain', findChain(tx.chainId)?.slug ?? String(tx.chainId)],
        ['block', String(row.blockNumber)],
        ['wallet', tx.wallet],
        ...(notes === '' ? [] : [['note', notes] as const]),
      ] as const,
    };
    for (const posting of postings) accounts.add(posting.account);
    await writer.write(
      dialect === 'beancount'
        ? beancountTransaction(header, postings, (p) => amounts.formatSignificant(p.amountRaw, p.decimals, p.side === 'asset' ? p.commodity : null, beancountDigits))
        : hledgerTransaction(header, postings, (p) => amounts.format(p.amountRaw, p.decimals, p.commodity)),
    );
    result.rows += postings.length;
  }
  if (dialect === 'beancount' && accounts.size > 0) await writer.write(beancountOpens(firstDate, accounts));
}

/** Files named from wallet, chain and asset, every part made safe for a file system; cached per key. */
class FileNames {
  private readonly template: Template;
  private readonly names: AssetNamer;
  private readonly cache = new Map<string, string>();

  constructor(template: Template, names: AssetNamer) {
    this.template = template;
    this.names = names;
  }

  for(row: ViewRow): string {
    const leg = row.sent ?? row.received ?? row.fee;
    const asset = this.template.split === 'wallet-chain-asset' && leg !== null ? this.names.name(leg) : '';
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
