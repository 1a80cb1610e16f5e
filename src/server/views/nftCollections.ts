import { html } from '../html.js';
import type { Html } from '../html.js';

/** Whether an asset kind is an NFT's (a count of token ids, not an amount). */
export const isNftKind = (assetKind: string): boolean => assetKind === 'erc721' || assetKind === 'erc1155';

/** The folded row's token ids, behind a disclosure (closed, so a printed report stays short). */
export function tokenIdList(ids: readonly string[]): Html {
  return html`<details class="token-ids"><summary>${ids.length} token id${ids.length === 1 ? '' : 's'}</summary>${ids.map((id, index) => html`${index > 0 ? ' ' : ''}#${id}`)}</details>`;
}

/** Base-unit strings summed ('' when any is unknown). */
export function sumRaw(values: readonly string[]): string {
  return values.some((value) => value === '') ? '' : values.reduce((total, value) => total + BigInt(value), 0n).toString();
}
