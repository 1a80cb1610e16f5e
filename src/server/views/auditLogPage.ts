import { AUDIT_ACTIONS } from '../../workspace/AuditAction.js';
import type { AuditEntry } from '../../workspace/AuditLog.js';
import type { Book, User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import type { AuditQuery } from '../schemas/audit.js';
import { layout } from './layout.js';

const VIA: Record<AuditEntry['via'], string> = {
  session: 'page',
  bearer: 'token',
  cli: 'command line',
  worker: 'worker',
  anonymous: 'no account',
};

/** The user as they were named then, and how they came when not through a page. */
function who(entry: AuditEntry): Html {
  if (entry.user === null) return html`<small>${VIA[entry.via]}</small>`;
  return html`${entry.user}${entry.via === 'session' ? '' : html` <small>(${VIA[entry.via]})</small>`}`;
}

/** A before or after value: short JSON whole, a long one folded. */
function value(json: unknown): Html {
  if (json === null) return html``;
  const text = JSON.stringify(json, null, 1);
  return text.length <= 80
    ? html`<code>${JSON.stringify(json)}</code>`
    : html`<details><summary><code>${JSON.stringify(json).slice(0, 40)}…</code></summary><pre>${text}</pre></details>`;
}

/** The filters as a plain GET form (no script needed), each field keeping what was asked. */
function filters(query: AuditQuery, books: readonly Book[], users: readonly User[]): Html {
  const chosen = (value: string | undefined, option: string): Html | '' => (value === option ? html`selected` : '');
  return html`<form method="get" action="/audit" class="card filters">
<label>Book <select name="book"><option value="">any</option>${books.map((book) => html`<option value="${book.id}" ${chosen(query.book, String(book.id))}>${book.data.name}</option>`)}</select></label>
<label>User <input name="user" list="audit-users" value="${query.user ?? ''}" placeholder="any" autocomplete="off"></label><datalist id="audit-users">${users.map((user) => html`<option value="${user.name}">`)}</datalist>
<label>Action <select name="action"><option value="">any</option>${AUDIT_ACTIONS.map((action) => html`<option value="${action}" ${chosen(query.action, action)}>${action}</option>`)}</select></label>
<label>From (UTC) <input type="date" name="from" value="${query.from ?? ''}"></label>
<label>To (UTC) <input type="date" name="to" value="${query.to ?? ''}"></label>
<button type="submit">Filter</button> <a href="/audit">clear</a>
</form>`;
}

/** The audit log, newest first, filtered; "Older" follows the keyset cursor. Read-only: nothing here changes an entry. */
export function auditLogPage(input: {
  user: User;
  csrfToken: string;
  query: AuditQuery;
  entries: readonly AuditEntry[];
  next: URLSearchParams | null;
  books: readonly Book[];
  users: readonly User[];
}): Html {
  const bookNames = new Map(input.books.map((book) => [book.id, book.data.name]));
  const rows = input.entries.map(
    (entry) =>
      html`<tr>
<td class="when" data-label="When">${entry.at.slice(0, 19).replace('T', ' ')}</td>
<td class="who" data-label="Who">${who(entry)}</td>
<td class="action" data-label="Action"><code>${entry.action}</code></td>
<td data-label="Book">${entry.book === null ? '' : html`<a href="/books/${entry.book}">${bookNames.get(entry.book) ?? `book ${entry.book}`}</a>`}</td>
<td data-label="Target">${entry.target}</td>
<td class="json" data-label="Before">${value(entry.before)}</td>
<td class="json" data-label="After">${value(entry.after)}</td>
</tr>`,
  );
  return layout({
    title: 'Audit log',
    user: input.user,
    csrfToken: input.csrfToken,
    body: html`<h1>Audit log</h1>
<p>Every login, change, run, share and download, newest first; times are the database's clock (UTC). Entries are only ever added.</p>
${filters(input.query, input.books, input.users)}
<div class="wide"><table class="audit stack"><thead><tr><th>When (UTC)</th><th>Who</th><th>Action</th><th>Book</th><th>Target</th><th>Before</th><th>After</th></tr></thead>
<tbody>${rows.length === 0 ? html`<tr><td colspan="7">No entries match.</td></tr>` : rows}</tbody></table></div>
${input.next === null ? '' : html`<p><a class="button" href="/audit?${input.next.toString()}">Older entries</a></p>`}`,
  });
}
