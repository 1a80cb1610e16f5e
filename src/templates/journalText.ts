import type { Posting } from './Posting.js';

/** What a plain-text journal transaction says besides its postings. */
export interface JournalHeader {
  date: string;
  description: string;
  /** Metadata written as hledger tags / beancount metadata, in this order. */
  tags: readonly (readonly [string, string])[];
}

/** Formats a posting's signed amount; the renderer decides the precision rules. */
export type Quantity = (posting: Posting) => string;

/** Journal syntax gives `;`, `|`, quotes and line breaks meaning, so free text is flattened first. */
function plainText(text: string): string {
  return text.replace(/[\r\n\t;|"\\]+/g, ' ').replace(/ {2,}/g, ' ').trim();
}

/** hledger: commodities are always quoted because ours contain digits and dashes. */
export function hledgerTransaction(header: JournalHeader, postings: readonly Posting[], quantity: Quantity): string {
  const lines = [`${header.date} * ${plainText(header.description)}`];
  lines.push(`    ; ${header.tags.map(([key, value]) => `${key}:${plainText(value).replace(/,/g, ' ')}`).join(', ')}`);
  for (const posting of postings) lines.push(`    ${posting.account}  ${quantity(posting)} "${posting.commodity}"`);
  return `${lines.join('\n')}\n\n`;
}

/** beancount: narration and metadata are quoted strings; metadata keys are lowercase. */
export function beancountTransaction(header: JournalHeader, postings: readonly Posting[], quantity: Quantity): string {
  const lines = [`${header.date} * "${plainText(header.description)}"`];
  for (const [key, value] of header.tags) lines.push(`  ${key}: "${plainText(value)}"`);
  for (const posting of postings) lines.push(`  ${posting.account}  ${quantity(posting)} ${posting.commodity}`);
  return `${lines.join('\n')}\n\n`;
}

/** beancount needs every account opened on or before its first use; the date is the file's first day. */
export function beancountOpens(date: string, accounts: Iterable<string>): string {
  return [...accounts].sort().map((account) => `${date} open ${account}\n`).join('');
}
