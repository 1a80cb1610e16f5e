import { html } from '../html.js';
import type { Html } from '../html.js';

/**
 * Rows with every NFT collection of one holder folded into one row, in the place of its first: a report listing each
 * token id on a line of its own grew to tens of thousands of pixels and fifteen printed pages for one collection.
 * `collection` names a row's group (null for a row that stays as it is); `fold` makes the group's row.
 */
export function foldNftCollections<Row, Folded>(
  rows: readonly Row[],
  collection: (row: Row) => string | null,
  fold: (group: readonly Row[]) => Folded,
  single: (row: Row) => Folded,
): Folded[] {
  const groups = new Map<string, Row[]>();
  const order: (Row | string)[] = [];
  for (const row of rows) {
    const key = collection(row);
    if (key === null) order.push(row);
    else {
      const group = groups.get(key);
      if (group === undefined) {
        groups.set(key, [row]);
        order.push(key);
      } else group.push(row);
    }
  }
  return order.map((item) => (typeof item === 'string' ? fold(groups.get(item) as Row[]) : single(item)));
}

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
