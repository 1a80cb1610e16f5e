import { XlsxTwin } from '../output/XlsxTwin.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { CsvPart } from '../templates/CsvPart.js';
import { renderableInParts } from '../templates/CsvPart.js';
import type { Template } from '../templates/Template.js';
import { checkTies } from '../templates/tieoutSheet.js';
import { spreadsheetKinds } from '../templates/spreadsheetKinds.js';
import { makeDirectory } from '../makeDirectory.js';
import type { RenderValuation } from './RenderValuation.js';
import type { CollectingValuation, DeferredValuation } from './prepareValuation.js';
import type { OutputPass } from './OutputPass.js';
import { LedgerFanOut } from './LedgerFanOut.js';
import { effectiveTemplate, renderTemplate, type Rendered, type Sink, type TemplatePlace, type TemplateResult } from './renderTemplate.js';

export type { TemplateResult } from './renderTemplate.js';

export interface RenderRequest extends TemplatePlace {
  /**
   * The ledger cut by chain into parts rendered at once (all but the first on other threads), for a
   * template `renderableInParts`; absent, or `null` for this template: one pass over `entries` here.
   */
  parts?: (template: Template, valuation: RenderValuation | CollectingValuation | null, pass?: OutputPass) => CsvPart[] | null;
  templates: readonly Template[];
  /** The job's `xlsx`: templates that offer it, and the tie-out, also as `.xlsx` beside their CSVs. */
  xlsx?: boolean;
  /**
   * A valued export's prices: valued columns written, value fields filled; absent: today's files. Prepared, or
   * deferred: settled after the templates' pass, which renders again only if the cache lacked a row's price.
   */
  valuation?: RenderValuation | DeferredValuation;
  /** The export's other outputs, fed by the templates' read of the ledger (whole or in parts). */
  pass?: OutputPass;
}

/**
 * Renders every template over one read of the ledger and checks each ties out against the ledger, handing the ties to
 * the pass (the `tieout` output writes `tieout.csv`). Files appear atomically and all together once every template is
 * rendered and tied out; if anything fails, none does.
 * A deferred valuation's pass prices from the cache while it tallies; when the cache lacked a price, the tallies'
 * questions are read and prepared, and every template renders again with the prepared prices (two reads more).
 */
export async function renderTemplates(request: RenderRequest): Promise<TemplateResult[]> {
  makeDirectory(request.outDir);
  let rendered: Rendered[] = [];
  const twins: XlsxTwin[] = [];
  const sinks = (): Sink[] => [...rendered.flatMap((one) => one.sinks), ...twins];
  try {
    const given = request.valuation;
    const deferred = given !== undefined && 'settle' in given ? given : null;
    rendered = await renderPass(request, deferred === null ? ((given as RenderValuation | undefined) ?? null) : deferred.collecting);
    if (deferred !== null) {
      const { prepared, exact } = await deferred.settle(request.entries, request.templates.length > 0);
      if (!exact && request.templates.length > 0) {
        for (const sink of rendered.flatMap((one) => one.sinks)) await sink.abort();
        rendered = [];
        rendered = await renderPass(request, prepared.render);
      }
    }
    const ties = rendered.map((one) => one.tie);
    checkTies(ties);
    request.pass?.tied(ties);
    if (request.xlsx === true) {
      for (const one of rendered.filter((candidate) => candidate.tie.template.xlsx)) {
        const kinds = spreadsheetKinds(one.tie.template);
        const made = one.csvs.map((csv) => new XlsxTwin(csv.unpublishedPath, csv.path.replace(/(\.csv)?$/, '.xlsx'), kinds));
        twins.push(...made);
        one.result.files = [...one.result.files, ...made.map((twin) => twin.path)].sort();
      }
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

/**
 * Every template over one read of the ledger, which also feeds the outputs (claiming the pass) and notes a collecting
 * valuation's rows: a lone template renderable in parts reads in parts on threads (which do both themselves);
 * otherwise every template walks one read on this thread, none far ahead of the others (`LedgerFanOut`).
 */
async function renderPass(request: RenderRequest, valuation: RenderValuation | CollectingValuation | null): Promise<Rendered[]> {
  const { templates, pass } = request;
  const only = templates.length === 1 ? (templates[0] as Template) : null;
  if (only !== null && renderableInParts(only)) {
    const parts = request.parts?.(effectiveTemplate(only, request, valuation), valuation, pass) ?? null;
    if (parts !== null) return [await renderTemplate(only, request, valuation, { parts })];
  }
  const collecting = valuation !== null && 'noted' in valuation ? valuation : null;
  const read = (): Iterable<LedgerEntry> => {
    const entries = pass?.claim(1) === true ? pass.tap(request.entries()) : request.entries();
    return collecting === null ? entries : collecting.noted(entries);
  };
  // A lone template walks the read itself: nothing to keep for another.
  if (only !== null) return [await renderTemplate(only, request, valuation, { entries: read, pace: () => Promise.resolve() })];
  const fan = new LedgerFanOut(templates.length, read);
  const settled = await Promise.allSettled(
    templates.map((template, index) =>
      renderTemplate(template, request, valuation, { entries: () => fan.entries(index), pace: () => fan.pace(index) })
        .catch((error: unknown) => {
          fan.fail(error);
          throw error;
        })
        .finally(() => fan.close(index)),
    ),
  );
  const failed = settled.find((one): one is PromiseRejectedResult => one.status === 'rejected');
  const done = settled.flatMap((one) => (one.status === 'fulfilled' ? [one.value] : []));
  if (failed === undefined) return done;
  for (const sink of done.flatMap((one) => one.sinks)) await sink.abort();
  throw failed.reason;
}
