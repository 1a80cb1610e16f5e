import type { Book, User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { layout } from './layout.js';

/** Admins: who besides the admins and viewers sees the book — a tick per staff or client user, saved as one list. */
export function bookStaffPage(input: {
  user: User;
  csrfToken: string;
  book: Book;
  assigned: readonly User[];
  candidates: readonly User[];
}): Html {
  const { book } = input;
  const assigned = new Set(input.assigned.map((user) => user.id));
  return layout({
    title: `Staff and clients · ${book.data.name}`,
    user: input.user,
    csrfToken: input.csrfToken,
    body: html`<h1>Staff and clients: ${book.data.name}</h1>
<p><a href="/books/${book.id}">Back to the book</a></p>
<p>Staff work on the books ticked for them; clients read and download theirs. Neither finds any other book. Admins and viewers see every book.</p>
${
  input.candidates.length === 0
    ? html`<p>No staff or client users yet: add them on <a href="/users">Users</a>.</p>`
    : html`<form data-form="book-staff" data-url="/api/books/${book.id}/staff" class="card">
${input.candidates.map((user) => html`<label><input type="checkbox" name="users" value="${user.name}" ${assigned.has(user.id) ? html`checked` : ''}> ${user.name} <small>${user.role}</small></label>`)}
<button type="submit">Save</button>
<p class="error" data-error></p>
</form>`
}`,
  });
}
