import type { Book, Run, User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { HOLDINGS_AT } from '../../runs/balancesRun.js';
import type { ExportManifest, ManifestValuation } from '../../runs/exportResults.js';
import type { ReconcileReport } from '../../runs/reconcileReportResult.js';
import { runFact } from '../../runs/runResults.js';
import { layout } from './layout.js';
import { requestText } from '../../runs/RunRequest.js';
import { formatBytes, statusBadge } from './parts.js';
import { balanceDates, rollForwardHead, rollForwardRows } from './reconcilePage.js';
import { balancesTable } from './reportTables.js';
import type { RunTable } from './reportTables.js';
import { shortened } from './shortened.js';

/**
 * The printable year summary an accountant files: the newest year report's PDF, the roll-forward per wallet and asset of the
 * newest reconcile, the newest export's counts and file hashes, and the newest statement of balances at a
 * date (the wealth-tax statement; print CSS hides the controls).
 */
export function summaryPage(input: {
  user: User;
  csrfToken: string;
  book: Book;
  reconcile?: { run: Run; report: ReconcileReport } | undefined;
  exported?: { run: Run; manifest: ExportManifest } | undefined;
  balances?: { run: Run; table: RunTable } | undefined;
  /** The newest run that wrote a year report, and the PDF's name among its files. */
  report?: { run: Run; file: string } | undefined;
}): Html {
  const { book, reconcile, exported, balances, report } = input;
  const rollForward = rollForwardRows(reconcile?.report.assets.filter((asset) => asset.spam === '') ?? [], false);
  const dates = reconcile === undefined ? undefined : balanceDates(reconcile.report);
  return layout({
    title: `Year summary · ${book.data.name}`,
    user: input.user,
    csrfToken: input.csrfToken,
    body: html`<h1>Year summary: ${book.data.name}</h1>
<p><button type="button" data-action="print">Print</button></p>
<p>Wallets: ${book.data.wallets.map((wallet, index) => html`${index > 0 ? ', ' : ''}${shortened(wallet.address)} ${wallet.label ?? ''}`)}. Chains: ${book.data.chains.join(', ')}. Time zone: ${book.data.timezone ?? 'UTC'}.</p>
${
  report === undefined
    ? html``
    : html`<p>Year report: <a class="button" href="/api/runs/${report.run.id}/files/${report.file}" download>${report.file}</a> (run ${report.run.id}, finished ${report.run.finishedAt ?? ''}).</p>`
}
<h2>Roll-forward</h2>
${
  reconcile === undefined
    ? html`<p>No reconcile yet: start one from the book page.</p>`
    : html`<p>Reconcile run ${reconcile.run.id}, ${reconcile.report.period.from} to ${reconcile.report.period.to}, finished ${reconcile.run.finishedAt ?? ''} ${statusBadge(reconcile.run.status)}; ${rollForward.length} lines (an NFT collection on one, spam left out).</p>
<p class="note">${dates?.note}</p>
<div class="wide"><table class="reconcile">${rollForwardHead(dates?.closing ?? '', false)}<tbody>
${rollForward}
</tbody></table></div>`
}
<h2>Export</h2>
${
  exported === undefined
    ? html`<p>No export yet.</p>`
    : html`<p>Export run ${exported.run.id}, ${exported.manifest.period.from} to ${exported.manifest.period.to} (${exported.manifest.period.timezone}).
Counts: ${Object.entries(exported.manifest.counts)
        .map(([name, count]) => `${name} ${count}`)
        .join(', ')}.
Blocks: ${Object.entries(exported.manifest.blockRanges)
        .map(([chain, range]) => `chain ${chain} ${range.fromBlock}–${range.toBlock}`)
        .join(', ')}.</p>
${valuesLine(exported.manifest.valuation)}
<div class="wide"><table class="files"><thead><tr><th>File</th><th>Size</th><th>sha256</th></tr></thead><tbody>
${exported.manifest.files.map((file) => html`<tr><td>${file.path}</td><td class="num">${formatBytes(file.bytes)}</td><td class="hash">${file.sha256}</td></tr>`)}
</tbody></table></div>`
}
<h2>Balances at a date</h2>
${
  balances === undefined
    ? html`<p>No statement yet: state balances at a date from the book page.</p>`
    : html`<p>Run ${balances.run.id}, holdings at ${runFact(balances.run, HOLDINGS_AT)?.at ?? requestText(balances.run.request, 'at')} ${statusBadge(balances.run.status)}.</p>${balancesTable(balances.table)}`
}`,
  });
}

/** A valued export's values in one line: currency and sources, price calls, rows without a value (never written as 0). */
function valuesLine(valuation: ManifestValuation | undefined): Html {
  if (valuation === undefined) return html``;
  const fx = valuation.fx === null ? '' : `, FX ${valuation.fx}`;
  const unqueried = valuation.unqueriedRows ?? {};
  const apart = [
    unqueried['unknown decimals'] === undefined ? '' : `, ${unqueried['unknown decimals']} of tokens with unknown decimals`,
    unqueried.spam === undefined ? '' : `; ${unqueried.spam} spam rows never valued`,
  ];
  return html`<p>Values in ${valuation.currency} (${valuation.sources.join(', ')}${fx}): ${valuation.priceCalls} price calls of ${valuation.expectedPriceCalls} expected, ${valuation.cacheHits} cache hits; rows without a value: ${valuation.missingRows} without a price${apart[0]} (listed in prices-missing.csv)${apart[1]}.</p>`;
}
