import type { NightSummary } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { withoutServerPaths } from '../withoutServerPaths.js';

/** The front page's line about the latest night (admins: it counts every book), with the books that need a look. */
export function nightSection(night: NightSummary | null): Html | '' {
  if (night === null) return '';
  const calls = Object.entries(night.calls)
    .map(([key, count]) => `${key} ${count}`)
    .join(', ');
  const look = night.outcomes.filter((book) => book.status === 'failed' || book.status === 'deferred');
  return html`<section class="night"><h2>Night of ${night.night}</h2>
<p>${night.books} books: ${night.reconciled} reconciled, ${night.differences} with differences, ${night.failed} failed, ${night.deferred} deferred${night.pending > 0 ? `, ${night.pending} still going` : ''}${calls === '' ? '' : ` · API calls ${calls}`}</p>
${
  look.length === 0
    ? ''
    : html`<ul>${look.map(
        (book) =>
          html`<li><a href="/runs/${book.runId}">book ${book.bookId}</a> ${book.status}${book.resumeAt === null ? '' : ` until ${book.resumeAt.slice(0, 16).replace('T', ' ')} UTC`}: ${book.error === null ? '' : withoutServerPaths(book.error)}</li>`,
      )}</ul>`
}</section>`;
}
