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
  return text
    .replace(/[\r\n\t;|"\\]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
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

/** A closing balance an account must show, with what the reader should know about where it came from. */
export interface BalanceAssertion {
  account: string;
  commodity: string;
  /** Written with every decimal of the commodity, so beancount's tolerance (half the last digit) is exact. */
  amount: string;
  note: string;
}

/** hledger: zero postings carrying `= amount`, checked in date then file order, so before the closing transaction. */
export function hledgerAssertions(header: JournalHeader, assertions: readonly BalanceAssertion[]): string {
  const lines = [`${header.date} * ${plainText(header.description)}`];
  lines.push(`    ; ${header.tags.map(([key, value]) => `${key}:${plainText(value).replace(/,/g, ' ')}`).join(', ')}`);
  for (const a of assertions) lines.push(`    ${a.account}  0 "${a.commodity}" = ${a.amount} "${a.commodity}"  ; ${plainText(a.note)}`);
  return `${lines.join('\n')}\n\n`;
}

/**
 * beancount: a `balance` directive is checked at the start of its date, so it is dated the day after the period.
 * Its tolerance is one unit of the amount's last digit, so one more (zero) digit makes a 1-wei difference fail.
 */
export function beancountBalances(date: string, assertions: readonly BalanceAssertion[]): string {
  const exact = (amount: string): string => `${amount}${amount.includes('.') ? '0' : '.0'}`;
  return assertions.map((a) => `; ${plainText(a.note)}\n${date} balance ${a.account}  ${exact(a.amount)} ${a.commodity}\n`).join('') + '\n';
}

/** A commodity as the file declares it: contract(s) and decimals, so years and tools agree on what it is. */
export interface CommodityDeclaration {
  commodity: string;
  decimals: number | null;
  /** Lowercase contracts (none for a native coin) and chain slugs it was seen on. */
  contracts: readonly string[];
  chains: readonly string[];
}

function declarationFacts(c: CommodityDeclaration): [string, string][] {
  return [
    ['contract', c.contracts.length === 0 ? 'native' : c.contracts.join(' ')],
    ['decimals', c.decimals === null ? 'unknown (raw base units)' : String(c.decimals)],
    ['chains', [...c.chains].sort().join(' ')],
  ];
}

/**
 * hledger and ledger-cli: `commodity` with a `format` of every decimal (the display precision), and `account`
 * directives, written before the first transaction so `hledger check --strict` and `ledger --strict`/`--pedantic` pass.
 */
export function hledgerDeclarations(commodities: readonly CommodityDeclaration[], accounts: Iterable<string>): string {
  const lines: string[] = [];
  for (const c of commodities) {
    lines.push(`commodity "${c.commodity}"`);
    // ledger-cli reads no `format 1.` (hledger needs the point): whole units need no format, both show them as written.
    if ((c.decimals ?? 0) > 0) lines.push(`    format 1.${'0'.repeat(c.decimals ?? 0)} "${c.commodity}"`);
    lines.push(
      `    ; ${declarationFacts(c)
        .map(([k, v]) => `${k}:${v}`)
        .join(', ')}`,
    );
  }
  for (const account of accounts) lines.push(`account ${account}`);
  return `${lines.join('\n')}\n\n`;
}

/** beancount: `commodity` with metadata, and every account opened on or before its first use (the file's first day). */
export function beancountDeclarations(date: string, commodities: readonly CommodityDeclaration[], accounts: Iterable<string>): string {
  const lines: string[] = [];
  for (const c of commodities) {
    lines.push(`${date} commodity ${c.commodity}`);
    for (const [key, value] of declarationFacts(c)) lines.push(`  ${key}: "${value}"`);
  }
  for (const account of accounts) lines.push(`${date} open ${account}`);
  return `${lines.join('\n')}\n\n`;
}

/** A commodity a journal leaves out, and the most it would have moved (base units). */
export interface LeftOutNote extends CommodityDeclaration {
  debits: bigint;
}

/** beancount: the commodities left out of its arithmetic, said where a reader of the file looks first. */
export function beancountLeftOut(commodities: Iterable<LeftOutNote>): string {
  const lines = [
    '; Left out of this file: beancount computes with 28 significant digits and its reports show at most 9 digits',
    '; before the point, so these commodities are stated in comments at each transaction and in tieout.csv instead.',
  ];
  for (const c of commodities) {
    lines.push(
      `;   ${c.commodity}  ${declarationFacts(c)
        .map(([k, v]) => `${k}:${v}`)
        .join(', ')}, debits:${fullPrecision(c.debits, c.decimals)}`,
    );
  }
  return `${lines.join('\n')}\n\n`;
}

/** beancount: a posting left out of its arithmetic, as a comment above the transaction it belonged to. */
export function beancountLeftOutPosting(date: string, posting: Posting): string {
  return `; left out, past beancount's numbers: ${date} ${posting.account}  ${fullPrecision(posting.amountRaw, posting.decimals)} ${posting.commodity}\n`;
}

/** Every decimal of the commodity written out (`1.500000`), for assertions and declarations to be exact. */
export function fullPrecision(raw: bigint, decimals: number | null): string {
  if (decimals === null || decimals === 0) return raw.toString();
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
