import type { Run, Share } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { layout } from './layout.js';
import { filesTable } from './parts.js';

export function sharePage(input: { token: string; share: Share; run: Run; book: string }): Html {
  return layout({
    title: `Shared files of ${input.book}`,
    body: html`<h1>${input.book}: run ${input.run.id} (${input.run.request.kind})</h1>
<p>Shared until ${input.share.expiresAt.slice(0, 10)}. Every download is logged.</p>
${filesTable(input.run.files, `/s/${input.token}`)}`,
  });
}
