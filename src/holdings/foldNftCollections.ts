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
