import { FILED_PERIOD } from '../../runs/closeRun.js';
import { carries } from '../../runs/runResults.js';
import { withoutServerPaths } from '../withoutServerPaths.js';
import { changesBooks } from '../../workspace/Accounts.js';
import type { Book, Run, Share, User } from '../../workspace/WorkspaceData.js';
import { FINISHED_STATUSES } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { layout } from './layout.js';
import { filesTable, statusBadge } from './parts.js';
import { shortened } from './shortened.js';
import type { RunTable } from './runParts.js';
import { RUN_PARTS } from './runParts.js';
import { valuesSection } from './valuesSection.js';

/** The run page: live figures over SSE (app.js), then files, zip, share and the reconcile report first, the kind's table, the log. */
export function runPage(input: {
  user: User;
  csrfToken: string;
  book: Book;
  run: Run;
  log: string[];
  shares: (Share & { downloads: number })[];
  now: string;
  table?: RunTable | undefined;
  missingPrices?: RunTable | undefined;
}): Html {
  const { run, user } = input;
  // The run's book's staff stop it, share it and price it as the admins do (the page reaches them only for their books).
  const admin = changesBooks(user);
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
${run.error === null ? '' : html`<p class="error">${withoutServerPaths(run.error)}</p>`}
${admin && !finished ? html`<p><button type="button" data-action="stop" data-url="/api/runs/${run.id}/stop" data-confirm="Stop run ${run.id}? It ends without files; a new run starts over.">Stop</button> <span class="error" data-error></span></p>` : ''}
</section>
${
  finished && run.files.length > 0
    ? html`<h2>Files</h2>${filesTable(run.files, `/api/runs/${run.id}`)}
${RUN_PARTS[run.request.kind].links?.(run) ?? ''}
${
  input.shares.length === 0
    ? ''
    : html`<h2>Share links</h2><div class="wide"><table class="shares"><thead><tr><th>Share</th><th>Expires (UTC)</th><th>Downloads</th><th>State</th></tr></thead><tbody>
${input.shares.map((share) => html`<tr><td>${shortened(share.id, 'hash')}</td><td>${share.expiresAt.slice(0, 16).replace('T', ' ')}</td><td class="num">${share.downloads}</td><td>${share.revokedAt !== null ? 'revoked' : share.expiresAt <= input.now ? 'expired' : admin ? html`<button type="button" data-action="revoke" data-url="/api/shares/${share.id}" data-confirm="Revoke this share link? Whoever holds it can no longer download the files.">Revoke</button> <span class="error" data-error></span>` : 'active'}</td></tr>`)}
</tbody></table></div>`
}
${admin ? html`<form data-form="share" data-url="/api/runs/${run.id}/shares" class="card"><label>Share for <input name="days" type="number" value="14" min="1" max="365"> days</label> <button type="submit">Create share link</button> <output data-share-url></output><p class="error" data-error></p></form>` : ''}`
    : ''
}
${input.table === undefined ? '' : RUN_PARTS[run.request.kind].section?.(run, input.table)}
${valuesSection(run, input.missingPrices, admin ? { bookId: input.book.id, currency: input.book.data.valuation?.currency ?? 'USD', rerun: carries(run, FILED_PERIOD) ? undefined : run.request } : undefined)}
<h2>Log</h2>
<pre class="log">${input.log.join('\n')}</pre>`,
  });
}
