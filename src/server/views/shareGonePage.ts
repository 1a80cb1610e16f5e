import type { Share } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { layout } from './layout.js';

/** Why a share link shows no files: revoked, expired (with the date), or never issued; a page for the client, not JSON. */
export function shareGonePage(share: Share | undefined): Html {
  const reason =
    share === undefined
      ? html`This address is not a share link: check that it was copied whole.`
      : share.revokedAt !== null
        ? html`This share link was revoked on ${share.revokedAt.slice(0, 10)}.`
        : html`This share link expired on ${share.expiresAt.slice(0, 10)}.`;
  return layout({
    title: 'Share link not available',
    body: html`<h1>Share link not available</h1>
<p class="card" data-share-gone>${reason} Ask the person who sent it for a new link.</p>`,
  });
}
