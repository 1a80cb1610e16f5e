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
import { describe, vocabularyLookup } from './compileRow.js';
import type { CsvPart } from './CsvPart.js';
import { localCsvPart, renderableInParts } from './CsvPart.js';
import { DateFormatter } from './DateFormatter.js';
import { beancountOpens, beancountTransaction, hledgerTransaction } from './journalText.js';
import type { Posting } from './Posting.js';
import { keptEntries } from './keptEntries.js';
import type { Template } from './Template.js';
import { JournalAccounts } from './JournalAccounts.js';
import { mergeCsvParts } from './mergeCsvParts.js';
import { walletTransactionPostings } from './walletTransactionPostings.js';
import { walletTransactions } from './WalletTransaction.js';

export interface RenderContext {
  /** The job's IANA time zone, used by templates whose date zone is `job`. */
  timezone: string;
}

export interface RenderRequest {
  /** Called once per template, so a million entries are streamed, never held. */
  entries: () => Iterable<LedgerEntry>;
  /**
   * The ledger cut by chain into parts rendered at once (all but the first on other threads), for a
   * template `renderableInParts`; absent, or `null` for this template: one pass over `entries` here.
   */
  parts?: (template: Template) => CsvPart[] | null;
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
  if (template.split === 'combined') writerAt(template.fileName);
  const parts = (renderableInParts(template) ? request.parts?.(template) : undefined) ?? [localCsvPart(template, request.entries(), names)];
  try {
    await mergeCsvParts(parts, writerAt);
  } finally {
    await Promise.all(parts.map((part) => part.cancel()));
  }
  for (const part of parts) {
    const tally = part.tally();
    result.rows += tally.rows;
    result.omittedSpamRows += tally.omittedSpamRows;
    result.duplicateRows += tally.duplicateRows;
    amounts.absorb(tally.residuals);
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
  for (const tx of walletTransactions(keptEntries(template, request.entries()))) {
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
