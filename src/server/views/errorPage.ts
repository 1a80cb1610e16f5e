import type { User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { layout } from './layout.js';

const HEADINGS: Readonly<Record<number, string>> = {
  400: 'This request cannot be answered as asked',
  401: 'Log in first',
  403: 'You do not have access to this page',
  404: 'Nothing here',
  409: 'This cannot be done now',
  503: 'The database is unavailable',
};

/**
 * A page route's refusal or failure as a page (the API answers the same as JSON): what went wrong in a heading, the
 * error's one line, and the way back. For a logged-in visitor the page keeps their menu (and its "Log out").
 */
export function errorPage(input: { status: number; message: string; user: User | undefined; csrfToken: string | undefined }): Html {
  const heading = HEADINGS[input.status] ?? 'Something went wrong';
  const body = html`<h1>${heading}</h1>
<p class="card" data-error-page="${input.status}">${input.message}</p>
<p><a href="/">← Books</a></p>`;
  const title = `${heading} (${input.status})`;
  return input.user === undefined || input.csrfToken === undefined
    ? layout({ title, body })
    : layout({ title, body, user: input.user, csrfToken: input.csrfToken });
}
