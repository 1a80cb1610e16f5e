import { ROLES } from '../../workspace/Accounts.js';
import type { User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { fieldError } from './formControls.js';
import { layout } from './layout.js';

const roleOptions = (chosen: User['role']): Html =>
  html`${ROLES.map((role) => html`<option value="${role}" ${role === chosen ? html`selected` : ''}>${role}</option>`)}`;

/** One user's row: role (changed at once), a password reset, removal (asked first). */
function userRow(user: User, me: User): Html {
  return html`<tr>
<td class="name">${user.name}${user.id === me.id ? html` <small>(you)</small>` : ''}</td>
<td data-label="Role"><form data-form="user-role" data-url="/api/users/${user.id}" class="inline"><select name="role" aria-label="Role of ${user.name}">${roleOptions(user.role)}</select> <button type="submit">Change role</button><span class="error" data-error></span></form></td>
<td data-label="Password"><form data-form="user-reset" data-url="/api/users/${user.id}/password" class="inline" data-confirm="Reset the password of ${user.name}? Every session of theirs ends."><input type="password" name="password" autocomplete="new-password" minlength="10" required aria-label="New password for ${user.name}" placeholder="new password"> <button type="submit">Reset password</button><span class="error" data-error></span></form></td>
<td><button type="button" data-action="remove-user" data-url="/api/users/${user.id}" data-confirm="Remove ${user.name}? Their sessions and tokens end.">Remove</button></td>
</tr>`;
}

/** Admins: the workspace's users, and a form to add one. */
export function usersPage(input: { user: User; csrfToken: string; users: readonly User[] }): Html {
  return layout({
    title: 'Users',
    user: input.user,
    csrfToken: input.csrfToken,
    body: html`<h1>Users</h1>
<p>Viewers read and download every book; clients only the books assigned to them. Staff work on their assigned books (runs, review, rules, prices, shares); admins also create, edit and remove books, assign them, manage users and read the audit log. The last admin can be neither removed nor made a viewer.</p>
<div class="wide"><table class="users stack"><thead><tr><th>Name</th><th>Role</th><th>Password</th><th></th></tr></thead>
<tbody>${input.users.map((user) => userRow(user, input.user))}</tbody></table></div>
<h2>Add a user</h2>
<form data-form="user-add" class="card">
<label>Name <input name="name" autocomplete="off" required maxlength="200"></label>${fieldError('name')}
<label>Role <select name="role">${roleOptions('viewer')}</select></label>
<label>Password (at least 10 characters) <input name="password" type="password" autocomplete="new-password" minlength="10" required></label>${fieldError('password')}
<button type="submit">Add user</button>
<p class="error" data-error></p>
</form>`,
  });
}
