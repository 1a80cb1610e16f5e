import type { TemplateSummary } from '../../templates/templateCatalog.js';
import type { Book, Run, Schedule, User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { bookForm } from './booksPage.js';
import { layout } from './layout.js';
import { statusBadge } from './parts.js';

export function bookPage(input: { user: User; csrfToken: string; book: Book; runs: Run[]; schedules: Schedule[]; templates: TemplateSummary[] }): Html {
  const { book, user } = input;
  const admin = user.role === 'admin';
  const history = input.runs.map(
    (run) => html`<tr><td><a href="/runs/${run.id}">#${run.id}</a></td><td>${run.request.kind}</td><td>${run.trigger}</td><td>${run.createdAt.slice(0, 16).replace('T', ' ')}</td><td>${statusBadge(run.status)}</td></tr>`,
  );
  return layout({
    title: book.data.name,
    user,
    csrfToken: input.csrfToken,
    body: html`<h1>${book.data.name}</h1>
<p><a href="/books/${book.id}/summary">Year summary (printable)</a> · <a href="/books/${book.id}/chart">Balance chart</a></p>
${admin ? html`<h2>New run</h2>${runForm(book, input.templates)}` : ''}
<h2>Runs</h2>
<table class="runs"><thead><tr><th>Run</th><th>Kind</th><th>Trigger</th><th>Created (UTC)</th><th>Status</th></tr></thead><tbody>${history}</tbody></table>
<h2>Schedules</h2>
${scheduleForm(book, input.schedules, admin)}
${admin ? html`<h2>Edit book</h2>${bookForm(book)}` : ''}`,
  });
}

function runForm(book: Book, templates: TemplateSummary[]): Html {
  const year = new Date().getUTCFullYear() - 1;
  return html`<form data-form="run" data-url="/api/books/${book.id}/runs" class="card">
<label>Kind <select name="kind"><option value="export">export</option><option value="reconcile">reconcile</option><option value="sync">sync</option></select></label>
<label>Year <input name="year" type="number" value="${year}"></label>
<label>or from <input name="from" type="date"></label> <label>to <input name="to" type="date"></label>
<fieldset><legend>Templates (export)</legend>
${templates.map((template) => html`<label class="template"><input type="checkbox" name="templates" value="${template.name}"> ${template.name} <small>${template.title} · confidence ${template.confidence}</small></label>`)}
</fieldset>
<button type="submit">Start run</button>
<p class="error" data-error></p>
</form>`;
}

function scheduleForm(book: Book, schedules: Schedule[], admin: boolean): Html {
  const rows = schedules.map((schedule) => [schedule.kind, schedule.cron, schedule.zone, schedule.templates.join(',')].join(' | ')).join('\n');
  return html`<form data-form="schedules" data-url="/api/books/${book.id}/schedules" class="card">
<label>One per line: kind | cron | UTC or book | templates (export) <textarea name="schedules" rows="3" ${admin ? '' : html`readonly`}>${rows}</textarea></label>
${admin ? html`<button type="submit">Save schedules</button>` : ''}
<p class="error" data-error></p>
</form>`;
}
