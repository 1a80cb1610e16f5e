import { categoryDirection } from '../ledger/accountantCategories.js';
import { vocabularyLookup } from './compileRow.js';
import type { Template } from './Template.js';
import type { ViewRow } from './ViewRow.js';

/**
 * What a transaction-layout row of a user's category (`airdrop`, `donation`, …) was written as, when the
 * template has no word of its own for that category (no `<category>` or `<category>.<shape>` key in its
 * labels or types): the tie-out states it rather than let the tool read a gift as a plain deposit unsaid.
 * `null` when the row's category is expressed, or is one of the ledger's own.
 */
export function unexpressedCategory(template: Template, row: ViewRow): string | null {
  if (template.layout !== 'transaction' || categoryDirection(row.category) === null) return null;
  const own = (words: Readonly<Record<string, string>>): boolean =>
    words[row.category] !== undefined || words[`${row.category}.${row.shape}`] !== undefined;
  if (own(template.labels) || own(template.types)) return null;
  const written = [vocabularyLookup(template, template.types, row), vocabularyLookup(template, template.labels, row)].filter(
    (word) => word !== '',
  );
  return written.length === 0 ? 'no label' : written.join(' / ');
}
