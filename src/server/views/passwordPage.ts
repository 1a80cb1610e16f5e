import type { User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { fieldError } from './formControls.js';
import { layout } from './layout.js';

/** Any user: change one's own password (the current one first); one's other sessions end. */
export function passwordPage(input: { user: User; csrfToken: string }): Html {
  return layout({
    title: 'Password',
    user: input.user,
    csrfToken: input.csrfToken,
    body: html`<h1>Change your password</h1>
<form data-form="own-password" class="card">
<label>Current password <input name="current" type="password" autocomplete="current-password" required></label>${fieldError('current')}
<label>New password (at least 10 characters) <input name="password" type="password" autocomplete="new-password" minlength="10" required></label>${fieldError('password')}
<label>New password again <input name="repeat" type="password" autocomplete="new-password" minlength="10" required></label>${fieldError('repeat')}
<button type="submit">Change password</button>
<p class="error" data-error></p>
<p class="good-news" data-done hidden>Password changed. You stay logged in here; every other session of yours has ended.</p>
</form>`,
  });
}
