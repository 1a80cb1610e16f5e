import type { Book, Run, Share, User } from '../../workspace/WorkspaceData.js';
import { FINISHED_STATUSES } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { layout } from './layout.js';
import { csvTable, filesTable, statusBadge } from './parts.js';

/** The CSV a diff or balances run is about (diff.csv, balances.csv). */
export type RunTable = { header: readonly string[]; rows: readonly (readonly string[])[] };

/** Which listed CSV a run page shows as a table. */
export const RUN_TABLES: Partial<Record<Run['request']['kind'], string>> = { diff: 'diff.csv', balances: 'balances.csv', export: 'tieout.csv', close: 'tieout.csv' };

/** Tie-out lines that say why a template's totals differ from the ledger's; the equal totals themselves are only in the file. */
const TIEOUT_REASONS = new Set(['explained', 'stated', 'rounding']);

function tieoutSection(table: RunTable): Html {
  const line = table.header.indexOf('line');
  const reasons = { header: table.header, rows: table.rows.filter((row) => TIEOUT_REASONS.has(row[line] ?? '')) };
  const templates = new Set(table.rows.map((row) => row[0])).size;
  return html`<h2>Tie-out</h2><p>Every template's amounts tie to the unified ledger's, per chain, wallet and asset, to the base unit (${templates} template${templates === 1 ? '' : 's'}; an unexplained difference would have failed the run). What a template left out, merged or stated apart:</p>${
    reasons.rows.length === 0 ? html`<p class="good-news">Nothing: every template carries every amount of the ledger as it is.</p>` : csvTable(reasons, 'tieout')}`;
}

function reportSection(run: Run, table: RunTable): Html {
  if (run.request.kind === 'export' || run.request.kind === 'close') return tieoutSection(table);
  if (run.request.kind === 'balances') return html`<h2>Balances at ${run.summary?.at ?? run.request.at ?? ''}</h2>${csvTable(table, 'balances')}`;
  const label = run.request.label ?? '';
  if (table.rows.length === 0) {
    return html`<h2>What changed since ${label} was filed</h2><p class="good-news">Nothing changed since ${label} was filed: a recalculation today gives every filed file row for row.</p>`;
  }
  return html`<h2>What changed since ${label} was filed</h2><p>${table.rows.length} row${table.rows.length === 1 ? '' : 's'} of the filed files would change:</p>${csvTable(table, 'diff')}`;
}

/** The run page: live figures over SSE (app.js), the log, then files, zip, share and the reconcile report. */
export function runPage(input: { user: User; csrfToken: string; book: Book; run: Run; log: string[]; shares: (Share & { downloads: number })[]; now: string; table?: RunTable | undefined }): Html {
  const { run, user } = input;
  const admin = user.role === 'admin';
  const finished = FINISHED_STATUSES.includes(run.status);
  const { progress } = run;
  return layout({
    title: `Run ${run.id}`,
    user,
    csrfToken: input.csrfToken,
    body: html`<h1>Run ${run.id}: ${run.request.kind} of <a href="/books/${input.book.id}">${input.book.data.name}</a></h1>
<section class="card" data-run="${run.id}" data-finished="${finished ? 'yes' : 'no'}" data-log-lines="${input.log.length}">
<p>Status: <span data-field="status">${statusBadge(run.status)}</span></p>
<progress max="100" value="${progress.blocksPercent}" data-field="bar"></progress>
<dl class="figures">
<dt>Blocks</dt><dd data-field="blocks">${progress.blocksPercent} %</dd>
<dt>Receipts</dt><dd data-field="receipts">${progress.receiptsDone}/${progress.receiptsTotal}</dd>
<dt>API calls</dt><dd data-field="calls">${progress.apiCalls}</dd>
${run.apiKeyName === null ? '' : html`<dt>API key</dt><dd>${run.apiKeyName}</dd>`}
<dt>ETA</dt><dd data-field="eta">${progress.etaSeconds === null || finished ? '–' : `${progress.etaSeconds} s`}</dd>
</dl>
${run.error === null ? '' : html`<p class="error">${run.error}</p>`}
${admin && !finished ? html`<button type="button" data-action="stop" data-url="/api/runs/${run.id}/stop">Stop</button>` : ''}
</section>
${input.table === undefined ? '' : reportSection(run, input.table)}
${finished && run.files.length > 0
  ? html`<h2>Files</h2>${filesTable(run.files, `/api/runs/${run.id}`)}
${run.request.kind === 'reconcile' ? html`<p><a class="button" href="/runs/${run.id}/reconcile">Reconcile report</a></p>` : ''}
${input.shares.length === 0 ? '' : html`<h2>Share links</h2><table class="shares"><thead><tr><th>Share</th><th>Expires (UTC)</th><th>Downloads</th><th>State</th></tr></thead><tbody>
${input.shares.map((share) => html`<tr><td>${share.id}</td><td>${share.expiresAt.slice(0, 16).replace('T', ' ')}</td><td class="num">${share.downloads}</td><td>${share.revokedAt !== null ? 'revoked' : share.expiresAt <= input.now ? 'expired' : admin ? html`<button type="button" data-action="revoke" data-url="/api/shares/${share.id}">Revoke</button>` : 'active'}</td></tr>`)}
</tbody></table>`}
${admin ? html`<form data-form="share" data-url="/api/runs/${run.id}/shares" class="card"><label>Share for <input name="days" type="number" value="14" min="1" max="365"> days</label> <button type="submit">Create share link</button> <output data-share-url></output><p class="error" data-error></p></form>` : ''}`
  : ''}
<h2>Log</h2>
<pre class="log">${input.log.join('\n')}</pre>`,
  });
}
