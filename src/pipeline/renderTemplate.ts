import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { CsvFileWriter } from '../output/CsvFileWriter.js';
import { loadPlaceholders, savePlaceholders } from '../output/placeholderFile.js';
import { TextFileWriter } from '../output/TextFileWriter.js';
import { AmountFormatter } from '../templates/AmountFormatter.js';
import type { RoundingResidual } from '../templates/AmountFormatter.js';
import { AssetNamer } from '../templates/AssetNamer.js';
import type { CsvPart } from '../templates/CsvPart.js';
import { localCsvPart } from '../templates/CsvPart.js';
import type { Template } from '../templates/Template.js';
import { mergeCsvParts } from './mergeCsvParts.js';
import type { AssertionTally, JournalOptions, JournalRender } from '../templates/renderJournal.js';
import { closingFileName, renderJournal } from '../templates/renderJournal.js';
import { keptEntries } from '../templates/keptEntries.js';
import { amountColumns, EVERY_LEG } from '../templates/amountColumns.js';
import { TieTally } from '../templates/TieTally.js';
import type { TemplateTie } from '../templates/tieoutSheet.js';
import { valuedTemplate } from '../templates/valuedTemplate.js';
import type { RenderValuation } from './RenderValuation.js';
import type { CollectingValuation } from './prepareValuation.js';
import type { ValueTotalsState } from '../templates/ValueTotals.js';
import { sumValueTotals } from '../templates/ValueTotals.js';
import type { PeriodBounds } from '../templates/PeriodBounds.js';

export interface RenderContext {
  /** The job's IANA time zone, used by templates whose date zone is `job`. */
  timezone: string;
}

/** What every template of an export is rendered over and into. */
export interface TemplatePlace {
  /** The ledger, read anew at each call, so a million entries are streamed, never held. */
  entries: () => Iterable<LedgerEntry>;
  /** The period's bounds and history, for templates with opening or closing balances; absent: movements only. */
  period?: PeriodBounds;
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
  /** Rows left out because every amount was below the template's precision (carried into later rows). */
  dustRows: number;
  /** Identical transaction-layout rows inside one transaction in one file (a tool would import them twice); expected 0. */
  duplicateRows: number;
  residuals: RoundingResidual[];
  /** Journals with closing balance assertions: how many, and which the chain contradicts; `null` otherwise. */
  assertions: AssertionTally | null;
}

export interface Sink {
  path: string;
  close(): Promise<void>;
  publish(): void;
  abort(): Promise<void>;
}

/** A template rendered into files not committed yet, with what it tallied and what it does once they are. */
export interface Rendered {
  result: TemplateResult;
  tie: TemplateTie;
  sinks: Sink[];
  /** Its CSV files, for spreadsheet twins. */
  csvs: CsvFileWriter[];
  committed: () => Promise<void>;
}

/**
 * What a template is rendered from: its parts (a CSV cut by chain, some on other threads), or its walk of a read it
 * shares with the other templates (`pace` awaited between its steps).
 */
export type TemplateSource = { parts: CsvPart[] } | { entries: () => Iterable<LedgerEntry>; pace: () => Promise<void> };

type Valuation = RenderValuation | CollectingValuation | null;

/** The template as rendered: valued columns when valued, its date zone the job's where it says `job`. */
export function effectiveTemplate(template: Template, request: TemplatePlace, valuation: Valuation): Template {
  const zone = template.date.zone === 'job' ? request.context.timezone : template.date.zone;
  return { ...valuedTemplate(template, valuation !== null), date: { ...template.date, zone } };
}

/** One template rendered into its files (closed, not published): CSV batch by batch, or a journal. */
export async function renderTemplate(
  template: Template,
  request: TemplatePlace,
  valuation: Valuation,
  source: TemplateSource,
): Promise<Rendered> {
  const effective = effectiveTemplate(template, request, valuation);
  const placeholderPath = path.join(request.outDir, `${template.name}.asset-names.json`);
  const usesPlaceholders = template.nftNaming === 'placeholder' || template.unknownTokenNaming === 'placeholder';
  const names = new AssetNamer(template.nftNaming, template.unknownTokenNaming, usesPlaceholders ? loadPlaceholders(placeholderPath) : {});
  const newAmounts = (): AmountFormatter => new AmountFormatter(template.amounts.maxDecimals, template.amounts.rounding);
  const newTie = (): TieTally => new TieTally(template, template.renderer === 'csv' ? amountColumns(template) : () => EVERY_LEG);
  let amounts = newAmounts();
  let tie = newTie();
  const sinks = new Map<string, Sink>();
  const result: TemplateResult = {
    template: template.name,
    files: [],
    rows: 0,
    omittedSpamRows: 0,
    dustRows: 0,
    duplicateRows: 0,
    residuals: [],
    assertions: null,
  };
  const values: (ValueTotalsState | null)[] = [];
  try {
    if (template.renderer === 'csv') {
      const parts =
        'parts' in source
          ? source.parts
          : [paced(localCsvPart(effective, source.entries(), names, request.period, valuation?.prices ?? null), source.pace)];
      await renderCsv(effective, request.outDir, parts, { amounts, sinks, result, tie, values });
    } else {
      const walk = 'entries' in source ? source : { entries: request.entries, pace: undefined };
      const prices = valuation?.prices ?? null;
      const kept = (tally: TieTally, entries: Iterable<LedgerEntry>): Iterable<LedgerEntry> => keptEntries(effective, entries, tally);
      let journal = await writeJournal(effective, request, sinks, amounts, tie, kept(tie, walk.entries()), {
        prices,
        ...(walk.pace === undefined ? {} : { pace: walk.pace }),
      });
      if (journal.redo !== null) {
        // beancount left a commodity out, which its walk learnt at the end: written again over a read of its own.
        for (const sink of sinks.values()) await sink.abort();
        sinks.clear();
        amounts = newAmounts();
        tie = newTie();
        journal = await writeJournal(effective, request, sinks, amounts, tie, kept(tie, request.entries()), {
          prices,
          known: journal.redo,
        });
      }
      result.rows = journal.rows;
      result.assertions = journal.assertions;
    }
    // Finished but not published until every template tied out; closed now so no descriptor stays open meanwhile.
    for (const sink of sinks.values()) await sink.close();
  } catch (error) {
    for (const sink of sinks.values()) await sink.abort();
    throw error;
  }
  result.files = [...sinks.values()].map((sink) => sink.path).sort();
  result.residuals = amounts.residualReport();
  const committed = async (): Promise<void> => {
    if (names.changed) await savePlaceholders(placeholderPath, names.mapping());
    // The CSVs are named from the map, so it belongs to every run that used it, changed or not.
    if (usesPlaceholders && existsSync(placeholderPath)) result.files.push(placeholderPath);
  };
  const csvs = [...sinks.values()].filter((sink): sink is CsvFileWriter => sink instanceof CsvFileWriter);
  return {
    result,
    tie: { template: effective, tie: tie.state(), residuals: result.residuals, values: sumValueTotals(values) },
    sinks: [...sinks.values()],
    csvs,
    committed,
  };
}

/** A journal's files (hledger's closing transaction in one of its own) written from `entries`. */
async function writeJournal(
  template: Template,
  request: TemplatePlace,
  sinks: Map<string, Sink>,
  amounts: AmountFormatter,
  tie: TieTally,
  entries: Iterable<LedgerEntry>,
  options: JournalOptions,
): Promise<JournalRender> {
  const main = new TextFileWriter(path.join(request.outDir, template.fileName), { headed: true });
  sinks.set(template.fileName, main);
  let closing: TextFileWriter | null = null;
  if (template.renderer === 'hledger' && template.balances === 'opening-closing' && request.period !== undefined) {
    const name = closingFileName(template.fileName);
    closing = new TextFileWriter(path.join(request.outDir, name));
    sinks.set(name, closing);
  }
  return renderJournal(template, entries, request.period, amounts, { main, closing }, tie, options);
}

/** A part whose every batch waits for `pace` first. */
function paced(part: CsvPart, pace: () => Promise<void>): CsvPart {
  return {
    local: part.local,
    get ready() {
      return part.ready;
    },
    next: async () => {
      await pace();
      return part.next();
    },
    tally: () => part.tally(),
    cancel: () => part.cancel(),
  };
}

/** What one template's rendering fills in. */
interface Tallies {
  amounts: AmountFormatter;
  sinks: Map<string, Sink>;
  result: TemplateResult;
  tie: TieTally;
  values: (ValueTotalsState | null)[];
}

async function renderCsv(template: Template, outDir: string, parts: readonly CsvPart[], tallies: Tallies): Promise<void> {
  const { amounts, sinks, result, tie, values } = tallies;
  const options = { header: template.columns.map((c) => c.header), lineEnding: template.lineEnding, finalNewline: template.finalNewline };
  const writerAt = (file: string): CsvFileWriter => {
    let sink = sinks.get(file) as CsvFileWriter | undefined;
    if (sink === undefined) {
      sink = new CsvFileWriter(path.join(outDir, file), options);
      sinks.set(file, sink);
    }
    return sink;
  };
  // A combined file exists even for an empty export (header only), so a missing file always means failure.
  if (template.split === 'combined') writerAt(template.fileName);
  try {
    await mergeCsvParts(parts, writerAt);
  } finally {
    await Promise.all(parts.map((part) => part.cancel()));
  }
  for (const part of parts) {
    const tally = part.tally();
    result.rows += tally.rows;
    result.omittedSpamRows += tally.omittedSpamRows;
    result.dustRows += tally.dustRows;
    result.duplicateRows += tally.duplicateRows;
    amounts.absorb(tally.residuals);
    tie.absorb(tally.tieout);
    values.push(tally.values);
  }
}
