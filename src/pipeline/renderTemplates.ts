import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { CsvFileWriter } from '../output/CsvFileWriter.js';
import { loadPlaceholders, savePlaceholders } from '../output/placeholderFile.js';
import { TextFileWriter } from '../output/TextFileWriter.js';
import { XlsxTwin } from '../output/XlsxTwin.js';
import { AmountFormatter } from '../templates/AmountFormatter.js';
import type { RoundingResidual } from '../templates/AmountFormatter.js';
import { AssetNamer } from '../templates/AssetNamer.js';
import type { CsvPart } from '../templates/CsvPart.js';
import { localCsvPart, renderableInParts } from '../templates/CsvPart.js';
import type { Template } from '../templates/Template.js';
import { mergeCsvParts } from './mergeCsvParts.js';
import type { PeriodBounds } from '../templates/PeriodBounds.js';
import type { AssertionTally } from '../templates/renderJournal.js';
import { closingFileName, renderJournal } from '../templates/renderJournal.js';
import { keptEntries } from '../templates/keptEntries.js';
import { amountColumns, EVERY_LEG } from '../templates/amountColumns.js';
import { TieTally } from '../templates/TieTally.js';
import type { TemplateTie } from '../templates/tieoutSheet.js';
import { TIEOUT_FILE, TIEOUT_HEADER, TIEOUT_KINDS, TIEOUT_XLSX, tieoutSheet } from '../templates/tieoutSheet.js';
import { spreadsheetKinds } from '../templates/spreadsheetKinds.js';
import { makeDirectory } from '../makeDirectory.js';
import { valuedTemplate } from '../templates/valuedTemplate.js';
import type { RenderValuation } from './RenderValuation.js';
import type { CollectingValuation, DeferredValuation } from './prepareValuation.js';
import type { ValueTotalsState } from '../templates/ValueTotals.js';
import { sumValueTotals } from '../templates/ValueTotals.js';
import type { OutputPass } from './OutputPass.js';

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
  parts?: (template: Template, valuation: RenderValuation | CollectingValuation | null, pass?: OutputPass) => CsvPart[] | null;
  templates: readonly Template[];
  /** The period's bounds and history, for templates with opening or closing balances; absent: movements only. */
  period?: PeriodBounds;
  outDir: string;
  context: RenderContext;
  /** The job's `xlsx`: templates that offer it, and the tie-out, also as `.xlsx` beside their CSVs. */
  xlsx?: boolean;
  /**
   * A valued export's prices: valued columns written, value fields filled; absent: today's files. Prepared, or
   * deferred: settled after the first template, which then renders again only if the cache lacked a row's price.
   */
  valuation?: RenderValuation | DeferredValuation;
  /** The export's other outputs, fed by the first render that reads the ledger (whole or in parts). */
  pass?: OutputPass;
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

interface Sink {
  path: string;
  close(): Promise<void>;
  publish(): void;
  abort(): Promise<void>;
}

/** A template rendered into files not committed yet, with what it tallied and what it does once they are. */
interface Rendered {
  result: TemplateResult;
  tie: TemplateTie;
  sinks: Sink[];
  /** Its CSV files, for spreadsheet twins. */
  csvs: CsvFileWriter[];
  committed: () => Promise<void>;
}

/**
 * Renders every template over the ledger, then ties each out against the ledger (`tieout.csv`). Files appear
 * atomically and all together once every template is rendered and tied out; if anything fails, none does.
 */
export async function renderTemplates(given: RenderRequest): Promise<TemplateResult[]> {
  const { pass } = given;
  // The first walk of the whole ledger here carries the outputs, unless a render in parts claimed them first.
  const request: RenderRequest =
    pass === undefined ? given : { ...given, entries: () => (pass.claim(1) ? pass.tap(given.entries()) : given.entries()) };
  makeDirectory(request.outDir);
  const rendered: Rendered[] = [];
  const sheet = new CsvFileWriter(path.join(request.outDir, TIEOUT_FILE), { header: TIEOUT_HEADER, lineEnding: 'lf', finalNewline: true });
  const twins: XlsxTwin[] = [];
  const sinks = (): Sink[] => [...rendered.flatMap((one) => one.sinks), sheet, ...twins];
  try {
    const given = request.valuation;
    const deferred = given !== undefined && 'settle' in given ? given : null;
    let valuation = deferred === null ? ((given as RenderValuation | undefined) ?? null) : null;
    for (const [index, template] of request.templates.entries()) {
      if (index === 0 && deferred !== null) {
        rendered.push(await renderSettling(template, request, deferred));
        valuation = deferred.prepared().render;
      } else rendered.push(await renderTemplate(template, request, valuation));
    }
    if (deferred !== null && request.templates.length === 0) await deferred.settle(request.entries);
    for (const record of tieoutSheet(rendered.map((one) => one.tie))) sheet.writeRow(record);
    await sheet.close();
    if (request.xlsx === true) {
      for (const one of rendered.filter((candidate) => candidate.tie.template.xlsx)) {
        const kinds = spreadsheetKinds(one.tie.template);
        const made = one.csvs.map((csv) => new XlsxTwin(csv.unpublishedPath, csv.path.replace(/(\.csv)?$/, '.xlsx'), kinds));
        twins.push(...made);
        one.result.files = [...one.result.files, ...made.map((twin) => twin.path)].sort();
      }
      twins.push(new XlsxTwin(sheet.unpublishedPath, path.join(request.outDir, TIEOUT_XLSX), TIEOUT_KINDS));
      for (const twin of twins) await twin.close();
    }
    for (const sink of sinks()) sink.publish();
  } catch (error) {
    for (const sink of sinks()) await sink.abort();
    throw error;
  }
  for (const one of rendered) await one.committed();
  return rendered.map((one) => one.result);
}

/** The tie-out sheet's files, beside the templates' (and its spreadsheet twin with the job's `xlsx`). */
export function tieoutFiles(outDir: string, xlsx: boolean): string[] {
  return [path.join(outDir, TIEOUT_FILE), ...(xlsx ? [path.join(outDir, TIEOUT_XLSX)] : [])];
}

/**
 * The first template of a deferred valuation: a CSV renders with the cache's prices while its rows are tallied, and
 * again with prepared ones only when the cache lacked a key; a journal (which may read the ledger more than once)
 * waits for a pass that notes its questions.
 */
async function renderSettling(template: Template, request: RenderRequest, deferred: DeferredValuation): Promise<Rendered> {
  if (template.renderer !== 'csv') {
    const { prepared } = await deferred.settle(request.entries);
    return renderTemplate(template, request, prepared.render);
  }
  const guessed = await renderTemplate(template, request, deferred.collecting);
  try {
    const { prepared, exact } = await deferred.settle(request.entries, true);
    if (exact) return guessed;
    for (const sink of guessed.sinks) await sink.abort();
    return await renderTemplate(template, request, prepared.render);
  } catch (error) {
    for (const sink of guessed.sinks) await sink.abort();
    throw error;
  }
}

async function renderTemplate(
  template: Template,
  request: RenderRequest,
  valuation: RenderValuation | CollectingValuation | null,
): Promise<Rendered> {
  const zone = template.date.zone === 'job' ? request.context.timezone : template.date.zone;
  const effective: Template = { ...valuedTemplate(template, valuation !== null), date: { ...template.date, zone } };
  const placeholderPath = path.join(request.outDir, `${template.name}.asset-names.json`);
  const usesPlaceholders = template.nftNaming === 'placeholder' || template.unknownTokenNaming === 'placeholder';
  const names = new AssetNamer(template.nftNaming, template.unknownTokenNaming, usesPlaceholders ? loadPlaceholders(placeholderPath) : {});
  const amounts = new AmountFormatter(template.amounts.maxDecimals, template.amounts.rounding);
  const tie = new TieTally(template, template.renderer === 'csv' ? amountColumns(template) : () => EVERY_LEG);
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
    if (template.renderer === 'csv') await renderCsv(effective, request, valuation, { names, amounts, sinks, result, tie, values });
    else {
      const main = new TextFileWriter(path.join(request.outDir, template.fileName));
      sinks.set(template.fileName, main);
      let closing: TextFileWriter | null = null;
      if (template.renderer === 'hledger' && template.balances === 'opening-closing' && request.period !== undefined) {
        const name = closingFileName(template.fileName);
        closing = new TextFileWriter(path.join(request.outDir, name));
        sinks.set(name, closing);
      }
      const entries = (tally: TieTally): Iterable<LedgerEntry> => keptEntries(effective, request.entries(), tally);
      const journal = await renderJournal(effective, entries, request.period, amounts, { main, closing }, tie, valuation?.prices ?? null);
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

/** What one template's rendering fills in, whichever renderer. */
interface Tallies {
  names: AssetNamer;
  amounts: AmountFormatter;
  sinks: Map<string, Sink>;
  result: TemplateResult;
  tie: TieTally;
  values: (ValueTotalsState | null)[];
}

async function renderCsv(
  template: Template,
  request: RenderRequest,
  valuation: RenderValuation | CollectingValuation | null,
  tallies: Tallies,
): Promise<void> {
  const { names, amounts, sinks, result, tie, values } = tallies;
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
  const entries = (): Iterable<LedgerEntry> =>
    valuation !== null && 'noted' in valuation ? valuation.noted(request.entries()) : request.entries();
  const parts = (renderableInParts(template) ? request.parts?.(template, valuation, request.pass) : undefined) ?? [
    localCsvPart(template, entries(), names, request.period, valuation?.prices ?? null),
  ];
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
