import type { User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';

/**
 * Every page: local CSS and JS only (the CSP allows nothing else), the CSRF token for app.js in a meta tag. A page
 * for a logged-in user must carry the token: its "Log out" is a DELETE that the CSRF check would otherwise refuse.
 */
export function layout(
  input: { title: string; body: Html } & ({ user: User; csrfToken: string } | { user?: undefined; csrfToken?: string }),
): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${input.csrfToken === undefined ? '' : html`<meta name="csrf-token" content="${input.csrfToken}">`}
<title>${input.title} · ledgerscan</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/style.css">
<script src="/assets/app.js" defer></script>
</head>
<body>
<header class="top"><a href="/" class="brand">ledgerscan workspace</a>
${input.user === undefined ? '' : html`<nav class="who">${input.user.role === 'admin' ? html`<a href="/users">Users</a> <a href="/audit">Audit log</a> ` : ''}<a href="/account" title="Change your password">${input.user.name}</a> (${input.user.role}) <button type="button" data-action="logout">Log out</button></nav>`}
</header>
<main>
${input.body}
</main>
</body>
</html>
`;
}
