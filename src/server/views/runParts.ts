import { BALANCES_TABLE, HOLDINGS_AT } from '../../runs/balancesRun.js';
import { DIFF_TABLE } from '../../runs/diffRun.js';
import { TIEOUT_TABLE } from '../../runs/exportResults.js';
import { YEAR_REPORT } from '../../runs/reportRun.js';
import type { FileResult, RunTableSchema } from '../../runs/RunResult.js';
import { runFact } from '../../runs/runResults.js';
import type { RunKindName } from '../../runs/runKinds.js';
import { requestText } from '../../runs/RunRequest.js';
import type { Run } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { csvTable } from './parts.js';
import { balancesTable, tieoutTable } from './reportTables.js';
import type { RunTable } from './reportTables.js';

export type { RunTable } from './reportTables.js';

/** A run kind's part of the pages; typed over the registry, so a new kind does not build without its own. */
export interface RunPart {
  /** Offered by the book page's "New run" form (the others have forms of their own). */
  inRunForm: boolean;
  /** Which of its results' tables its run page shows, and how. */
  table?: FileResult<typeof RunTableSchema>;
  section?(run: Run, table: RunTable): Html;
  /** Links below the run's files. */
  links?(run: Run): Html;
}

/** Tie-out lines that say why a template's totals differ from the ledger's; the equal totals themselves are only in the file. */
const TIEOUT_REASONS = new Set(['explained', 'stated', 'rounding']);

function tieoutSection(_run: Run, table: RunTable): Html {
  const line = table.header.indexOf('line');
  const reasons = { header: table.header, rows: table.rows.filter((row) => TIEOUT_REASONS.has(row[line] ?? '')) };
  const templates = new Set(table.rows.map((row) => row[0])).size;
  const intro = html`Every template's amounts tie to the unified ledger's, per chain, wallet and asset, to the base unit (${templates} template${templates === 1 ? '' : 's'}; an unexplained difference would have failed the run).`;
  if (reasons.rows.length === 0)
    return html`<h2>Tie-out</h2><p>${intro}</p><p class="good-news">Nothing left out: every template carries every amount of the ledger as it is.</p>`;
  // Folded: the files come first; the reasons are there for whoever asks why a template's totals differ.
  return html`<h2>Tie-out</h2><p>${intro}</p><details class="tieout"><summary>What a template left out, merged or stated apart (${reasons.rows.length} line${reasons.rows.length === 1 ? '' : 's'})</summary>${tieoutTable(reasons)}</details>`;
}

function diffSection(run: Run, table: RunTable): Html {
  const label = requestText(run.request, 'label');
  if (table.rows.length === 0) {
    return html`<h2>What changed since ${label} was filed</h2><p class="good-news">Nothing changed since ${label} was filed: a recalculation today gives every filed file row for row.</p>`;
  }
  return html`<h2>What changed since ${label} was filed</h2><p>${table.rows.length} row${table.rows.length === 1 ? '' : 's'} of the filed files would change:</p>${csvTable(table, 'diff')}`;
}

/** A report run's PDF, as one of its listed files. */
function reportLink(run: Run): Html {
  const report = runFact(run, YEAR_REPORT)?.report;
  return report === undefined ? html`` : html`<p><a class="button" href="/api/runs/${run.id}/files/${report}">Year report (PDF)</a></p>`;
}

export const RUN_PARTS: Readonly<Record<RunKindName, RunPart>> = {
  export: { inRunForm: true, table: TIEOUT_TABLE, section: tieoutSection },
  sync: { inRunForm: true },
  reconcile: { inRunForm: true, links: (run) => html`<p><a class="button" href="/runs/${run.id}/reconcile">Reconcile report</a></p>` },
  close: { inRunForm: false, table: TIEOUT_TABLE, section: tieoutSection },
  diff: { inRunForm: false, table: DIFF_TABLE, section: diffSection },
  report: { inRunForm: true, table: TIEOUT_TABLE, section: tieoutSection, links: reportLink },
  balances: {
    inRunForm: false,
    table: BALANCES_TABLE,
    section: (run, table) =>
      html`<h2>Balances at ${runFact(run, HOLDINGS_AT)?.at ?? requestText(run.request, 'at')}</h2>${balancesTable(table)}`,
  },
};
