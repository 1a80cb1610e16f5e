import { html } from '../html.js';
import type { Html } from '../html.js';
import { layout } from './layout.js';

export function loginPage(): Html {
  return layout({
    title: 'Log in',
    body: html`<h1>Log in</h1>
<form data-form="login" class="card">
<label>User <input name="user" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Log in</button>
<p class="error" data-error></p>
</form>`,
  });
}
