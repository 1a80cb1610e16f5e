import type { FiledRecord } from '../../filing/FiledRecord.js';
import { BALANCES_TABLE } from '../../runs/balancesRun.js';
import { FILED_PERIOD } from '../../runs/closeRun.js';
import { CHECKED_PERIOD } from '../../runs/diffRun.js';
import { carries, runFact } from '../../runs/runResults.js';
import { RUN_KIND_NAMES } from '../../runs/runKinds.js';
import { requestText } from '../../runs/RunRequest.js';
import type { TemplateSummary } from '../../templates/templateCatalog.js';
import { changesBooks } from '../../workspace/Accounts.js';
import type { Book, BookPrice, BookRule, Run, Schedule, User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { bookForm } from './booksPage.js';
import { fieldError } from './formControls.js';
import { layout } from './layout.js';
import { statusBadge } from './parts.js';
import { shortened } from './shortened.js';
import { RUN_PARTS } from './runParts.js';
import { pricesSection } from './pricesSection.js';
import { rulesSection } from './rulesSection.js';
import type { RuleReach } from '../../workspace/entries/ruleReach.js';
import { suggestionsSection } from './suggestionsSection.js';
import type { TransferSuggestion } from '../../ledger/suggestTransfers.js';

export function bookPage(input: {
  user: User;
  csrfToken: string;
  book: Book;
  runs: Run[];
  schedules: Schedule[];
  templates: TemplateSummary[];
  closed: FiledRecord[];
  rules: BookRule[];
  /** What each rule reaches in the transactions table, by rule id. */
  ruleReach: ReadonlyMap<number, RuleReach>;
  prices: BookPrice[];
  suggestions: TransferSuggestion[];
}): Html {
  const { book, user } = input;
  // The book's staff work on it as the admins do (the page reaches them only for their books); editing or
  // removing the book itself stays the admins'.
  const admin = changesBooks(user);
  const history = input.runs.map(
    (run) =>
      html`<tr><td><a href="/runs/${run.id}">#${run.id}</a></td><td>${run.request.kind}</td><td>${run.trigger}</td><td>${run.createdAt.slice(0, 16).replace('T', ' ')}</td><td>${statusBadge(run.status)}</td></tr>`,
  );
  return layout({
    title: book.data.name,
    user,
    csrfToken: input.csrfToken,
    body: html`<h1>${book.data.name}</h1>
${book.archivedAt === null ? '' : html`<p class="archived">Archived ${book.archivedAt.slice(0, 16).replace('T', ' ')} UTC: hidden from the books list, its closed periods and runs kept.</p>`}
<p><a href="/books/${book.id}/entries">Transactions</a> · <a href="/books/${book.id}/summary">Year summary (printable)</a> · <a href="/books/${book.id}/chart">Balance chart</a> · <a href="/books/${book.id}/gains">Gains</a></p>
${admin ? html`<h2>New run</h2>${runForm(book, input.templates)}` : ''}
<h2>Closed periods</h2>
${closedPeriods(book, input.closed, input.runs, admin)}
${admin ? html`<h2>Close a period</h2>${closeForm(book, input.templates)}` : ''}
<h2>Balances at a date</h2>
${balancesSection(book, input.runs, admin)}
<h2>Rules</h2>
${rulesSection(book, input.rules, input.ruleReach, admin)}
<h2>Suggested matches</h2>
${suggestionsSection(book, input.suggestions, admin)}
<h2>Manual prices</h2>
${pricesSection(book, input.prices, admin)}
<h2>Runs</h2>
<div class="wide"><table class="runs"><thead><tr><th>Run</th><th>Kind</th><th>Trigger</th><th>Created (UTC)</th><th>Status</th></tr></thead><tbody>${history}</tbody></table></div>
<h2>Schedules</h2>
${scheduleForm(book, input.schedules, admin)}
${user.role === 'admin' ? html`<p><a href="/books/${book.id}/staff">Staff and clients of this book</a></p><h2>Edit book</h2>${bookForm(book)}${removeSection(book, input.closed)}` : ''}`,
  });
}

/** Archive (closed periods are never deleted) or delete, each asked first; restore for an archived book. */
function removeSection(book: Book, closed: readonly FiledRecord[]): Html {
  if (book.archivedAt !== null) {
    return html`<h2>Restore book</h2><p><button type="button" data-action="restore-book" data-url="/api/books/${book.id}/restore">Restore book</button> <span class="error" data-error></span></p>`;
  }
  const archive = closed.length > 0;
  const question = archive
    ? `Archive “${book.data.name}”? It has ${closed.length} closed period(s): they and its runs are kept, the book leaves the list and can be restored.`
    : `Delete “${book.data.name}” with all its runs and their files? This cannot be undone.`;
  return html`<h2>${archive ? 'Archive book' : 'Delete book'}</h2>
<p><button type="button" class="danger" data-action="remove-book" data-url="/api/books/${book.id}" data-confirm="${question}">${archive ? 'Archive book' : 'Delete book'}</button> <span class="error" data-error></span></p>`;
}

/** Year or whole days, as for an export. */
function periodFields(): Html {
  const year = new Date().getUTCFullYear() - 1;
  return html`<label>Year <input name="year" type="number" value="${year}"></label>
<label>or from <input name="from" type="date"></label> <label>to <input name="to" type="date"></label>${fieldError('period')}`;
}

function templateFields(templates: TemplateSummary[], legend: string): Html {
  return html`<fieldset><legend>${legend}</legend>
${templates.map((template) => html`<label class="template"><input type="checkbox" name="templates" value="${template.name}"> ${template.name} <small>${template.title} · confidence ${template.confidence}</small></label>`)}
</fieldset>${fieldError('templates')}`;
}

function runForm(book: Book, templates: TemplateSummary[]): Html {
  return html`<form data-form="run" data-url="/api/books/${book.id}/runs" class="card">
<label>Kind <select name="kind">${RUN_KIND_NAMES.filter((kind) => RUN_PARTS[kind].inRunForm).map((kind) => html`<option value="${kind}">${kind}</option>`)}</select></label>
${periodFields()}
${templateFields(templates, 'Templates (export)')}
<button type="submit">Start run</button>
<p class="error" data-error></p>
</form>`;
}

/** Files the period as the CLI's `close` does: the templates filed, read-only, never overwritten. */
function closeForm(book: Book, templates: TemplateSummary[]): Html {
  return html`<form data-form="run" data-url="/api/books/${book.id}/runs" class="card" data-close data-confirm="Close this period? Its files are filed read-only and can never be changed or overwritten.">
<input type="hidden" name="kind" value="close">
${periodFields()}
${templateFields(templates, 'Templates to file')}
<button type="submit">Close period</button>
<p class="error" data-error></p>
</form>`;
}

/** Each closed period: when it was closed, its files' hashes, and (admins) a recalculation against it. */
function closedPeriods(book: Book, closed: FiledRecord[], runs: Run[], admin: boolean): Html {
  if (closed.length === 0) return html`<p>No period closed yet.</p>`;
  return html`${closed.map((record) => {
    const closeRun = runs.find((run) => runFact(run, FILED_PERIOD)?.label === record.label);
    const lastDiff = runs.find((run) => runFact(run, CHECKED_PERIOD)?.label === record.label);
    return html`<section class="card closed" data-closed="${record.label}">
<h3>${record.label}: ${record.period.from} to ${record.period.to} (${record.period.timezone})</h3>
<p>Closed ${record.closedAt.slice(0, 19).replace('T', ' ')} UTC with ledgerscan ${record.tool.version}; templates ${record.templates.join(', ')}.
${closeRun === undefined ? '' : html`<a href="/runs/${closeRun.id}">Filed files (run ${closeRun.id})</a>.`}
${lastDiff === undefined ? '' : html`Last check: <a href="/runs/${lastDiff.id}">run ${lastDiff.id}</a> ${statusBadge(lastDiff.status)}`}</p>
<div class="wide"><table class="files"><thead><tr><th>File</th><th>Bytes</th><th>sha256</th></tr></thead><tbody>
${record.files.map((file) => html`<tr><td>${file.path}</td><td class="num">${file.bytes}</td><td>${shortened(file.sha256, 'hash')}</td></tr>`)}
</tbody></table></div>
${admin ? html`<form data-form="run" data-url="/api/books/${book.id}/runs"><input type="hidden" name="kind" value="diff"><input type="hidden" name="label" value="${record.label}"><button type="submit">What changed since filed</button><p class="error" data-error></p></form>` : ''}
</section>`;
  })}`;
}

/** Holdings at an instant in the book's zone (balances.csv); the newest statement is linked. */
function balancesSection(book: Book, runs: Run[], admin: boolean): Html {
  const last = runs.find((run) => carries(run, BALANCES_TABLE));
  return html`${last === undefined ? html`<p>No statement yet.</p>` : html`<p>Newest: <a href="/runs/${last.id}">run ${last.id}, at ${requestText(last.request, 'at')}</a> ${statusBadge(last.status)}</p>`}
${
  admin
    ? html`<form data-form="run" data-url="/api/books/${book.id}/runs" class="card"><input type="hidden" name="kind" value="balances">
<label>At (${book.data.timezone ?? 'UTC'}) <input name="at" type="datetime-local" step="1" required></label>
<button type="submit">State balances</button>
<p class="error" data-error></p>
</form>`
    : ''
}`;
}

function scheduleForm(book: Book, schedules: Schedule[], admin: boolean): Html {
  const rows = schedules
    .map((schedule) => [schedule.kind, schedule.cron, schedule.zone, schedule.templates.join(',')].join(' | '))
    .join('\n');
  return html`<form data-form="schedules" data-url="/api/books/${book.id}/schedules" class="card">
<label>One per line: kind | cron | UTC or book | templates (export) <textarea name="schedules" rows="3" ${admin ? '' : html`readonly`}>${rows}</textarea></label>
${admin ? html`<button type="submit">Save schedules</button>` : ''}
<p class="error" data-error></p>
</form>`;
}
