import { Decimal, formatUnits } from '../ledger/money.js';
import type { DateFormatter } from '../templates/DateFormatter.js';
import { chainSlug } from '../templates/journalSurvey.js';
import { GainsAccounts, holdingCommodity } from './GainsAccounts.js';
import type { GainsEntry, GainsJournal, GainsLine, JournalLot } from './GainsJournal.js';

/**
 * Money in the plain-text journals: 8 decimals, so the gains account summed by bean-query or hledger is the exact
 * total within a millionth of a cent per disposal (rounded to cents it is `gains.csv`'s total); a lot's unit cost
 * carries 24, so every piece of it is the same lot and its quantity × unit cost is its cost well inside that.
 */
const MONEY_PLACES = 8;
const UNIT_PLACES = 24;

export type TextDialect = 'beancount' | 'hledger';

export interface GainsText {
  text: string;
  /** The gains account's total as written (8 decimals; a gain positive). */
  gain: Decimal;
  /** Lots carried in at cost at the period's start (lines of the carried entry). */
  carried: number;
}

/**
 * A plain-text journal of the period's lots and realised gains: the lots open at the period's start carried in at
 * cost on its first day, then one transaction per ledger transaction. beancount holds every lot at cost with its date and id (`{1500 USD, 2024-03-01, "id"}`) and reduces
 * exactly those lots (booking STRICT: a lot the method did not choose fails `bean-check`), proceeds as the
 * reduction's price (`@@`); a pool's piece has no lot to name, so it is reduced at the pool's cost in an account
 * booking NONE (beancount 2's AVERAGE matches as STRICT does, so it cannot take an average cost); hledger writes
 * each lot's cost with `@@` and its id and date as tags. One line per transaction (the gain, else its counter) takes
 * what rounding to 8 decimals left, so each balances exactly.
 */
export function gainsJournalText(
  journal: GainsJournal,
  dialect: TextDialect,
  names: Readonly<Record<string, string>>,
  options: { currency: string; start: number; dates: DateFormatter },
): GainsText {
  const accounts = new GainsAccounts(names, dialect);
  const { currency, dates } = options;
  const unitText = new Map<JournalLot, string>();
  const unitOf = (lot: JournalLot): string => {
    let text = unitText.get(lot);
    if (text === undefined) unitText.set(lot, (text = lot.unit.toDecimalPlaces(UNIT_PLACES).toFixed()));
    return text;
  };
  const carried = carriedLines(journal.opening);
  const entries: GainsEntry[] =
    carried.length === 0
      ? journal.entries
      : [{ at: options.start, chainId: 0, txHash: '', wallet: '', title: 'lots carried in at cost', lines: carried }, ...journal.entries];
  const used = new Set<string>();
  const unmatched = unmatchedAccounts(entries, accounts);
  let gain = new Decimal(0);
  const body: string[] = [];
  const left = new Map<string, string[]>();
  for (const out of journal.leftOut) {
    const note = `; left out, ${out.why}: ${dates.format(out.at)} ${out.what} (entry ${out.entryId}, tx ${out.txHash})`;
    left.set(out.txHash, [...(left.get(out.txHash) ?? []), note]);
  }
  for (const entry of entries) {
    const written = writtenAmounts(entry.lines, dialect, unitOf);
    for (const [index, line] of entry.lines.entries()) {
      used.add(accounts.of(line));
      if (line.role === 'gains') gain = gain.sub(written[index] as Decimal);
    }
    body.push(...(left.get(entry.txHash) ?? []).map((note) => `${note}\n`));
    left.delete(entry.txHash);
    body.push(transaction(entry, written, { dialect, accounts, currency, dates, unitOf }));
  }
  const rest = [...left.values()].flat();
  const head =
    dialect === 'beancount'
      ? [
          `option "operating_currency" "${currency}"`,
          // Each transaction balances to within rounding to 8 decimals: the tolerance is a little over half of one.
          'option "inferred_tolerance_multiplier" "1.1"',
          '',
          ...[...used].sort().map((account) => `${dates.format(options.start)} open ${account}${unmatched.has(account) ? ' "NONE"' : ''}`),
        ]
      : [`commodity 1.${'0'.repeat(MONEY_PLACES)} ${currency}`, ...[...used].sort().map((account) => `account ${account}`)];
  const text = `${[...head, '', ...rest, ...(rest.length > 0 ? [''] : [])].join('\n')}\n${body.join('')}`;
  return { text, gain, carried: carried.filter((line) => line.role === 'asset').length };
}

/** Each line's amount as written: 8 decimals; a reduction's weight its quantity × unit cost (beancount) or cost (hledger). */
function writtenAmounts(lines: readonly GainsLine[], dialect: TextDialect, unitOf: (lot: JournalLot) => string): Decimal[] {
  const weight = (line: GainsLine): Decimal =>
    dialect === 'beancount' && line.lot !== undefined
      ? new Decimal(unitOf(line.lot)).times(formatUnits(line.quantity as bigint, (line.holding as { decimals: number }).decimals))
      : line.amount.toDecimalPlaces(MONEY_PLACES);
  const written = lines.map(weight);
  const gains = lines.findLastIndex((line) => line.role === 'gains');
  const balancer = gains >= 0 ? gains : lines.findLastIndex((line) => line.lot === undefined);
  // A move's lots leave and arrive at the same unit cost, as a uk sale's settle: nothing to balance.
  if (balancer < 0) return written;
  const others = written.reduce((sum, amount, index) => (index === balancer ? sum : sum.add(amount)), new Decimal(0));
  written[balancer] = others.neg().toDecimalPlaces(MONEY_PLACES);
  return written;
}

function transaction(
  entry: GainsEntry,
  written: readonly Decimal[],
  context: { dialect: TextDialect; accounts: GainsAccounts; currency: string; dates: DateFormatter; unitOf: (lot: JournalLot) => string },
): string {
  const { dialect, accounts, currency, dates, unitOf } = context;
  const money = (amount: Decimal): string => `${amount.toFixed(MONEY_PLACES)} ${currency}`;
  const tags: [string, string][] =
    entry.txHash === ''
      ? []
      : [
          ['tx', entry.txHash],
          ['chain', chainSlug(entry.chainId)],
          ['wallet', entry.wallet],
        ];
  const lines =
    dialect === 'beancount'
      ? [`${dates.format(entry.at)} * "${entry.title}"`, ...tags.map(([key, value]) => `  ${key}: "${value}"`)]
      : [
          `${dates.format(entry.at)} * ${entry.title}`,
          ...(tags.length === 0 ? [] : [`    ; ${tags.map(([k, v]) => `${k}:${v}`).join(', ')}`]),
        ];
  entry.lines.forEach((line, index) => {
    const account = accounts.of(line);
    const amount = written[index] as Decimal;
    if (line.lot === undefined || line.holding === undefined || line.quantity === undefined) {
      lines.push(`${dialect === 'beancount' ? '  ' : '    '}${account}  ${money(amount)}`);
      return;
    }
    const commodity = holdingCommodity(line.holding);
    const quantity = formatUnits(line.quantity, line.holding.decimals);
    const acquired = line.lot.acquiredAt === null ? null : dates.format(line.lot.acquiredAt);
    if (dialect === 'beancount') {
      const named = line.lot.pooled ? [] : [...(acquired === null ? [] : [acquired]), `"${line.lot.id}"`];
      const spec = [`${unitOf(line.lot)} ${currency}`, ...named].join(', ');
      const price = line.proceeds === undefined ? '' : ` @@ ${money(line.proceeds.toDecimalPlaces(MONEY_PLACES))}`;
      lines.push(`  ${account}  ${quantity} ${commodity} {${spec}}${price}`);
    } else {
      const facts = line.lot.pooled ? [] : [`lot:${line.lot.id}`, ...(acquired === null ? [] : [`acquired:${acquired}`])];
      if (line.proceeds !== undefined) facts.push(`proceeds:${money(line.proceeds.toDecimalPlaces(MONEY_PLACES))}`);
      lines.push(
        `    ${account}  ${quantity} "${commodity}" @@ ${money(amount.abs())}${facts.length === 0 ? '' : `  ; ${facts.join(', ')}`}`,
      );
    }
  });
  return `${lines.join('\n')}\n\n`;
}

/** The lots open at the period's start as the carried entry's lines, against `carried` (nothing when none is known). */
function carriedLines(opening: readonly GainsLine[]): GainsLine[] {
  const total = opening.reduce((sum, line) => sum.add(line.amount), new Decimal(0));
  return opening.length === 0 ? [] : [...opening, { role: 'carried', amount: total.neg() }];
}

/**
 * The accounts beancount must book `NONE`: a pool's (its pieces name no lot), and one reducing a lot it does not hold
 * then (none of ours should: the tests hold every other account to STRICT). `owed` holds lots short: a sale's
 * negative line adds to them and its settlement's positive line reduces them.
 */
function unmatchedAccounts(entries: readonly GainsEntry[], accounts: GainsAccounts): Set<string> {
  const held = new Map<string, bigint>();
  const unmatched = new Set<string>();
  const lotLines = (entry: GainsEntry): GainsLine[] => entry.lines.filter((line) => line.lot !== undefined && line.quantity !== undefined);
  const key = (line: GainsLine): string => `${accounts.of(line)}\u0000${(line.lot as JournalLot).id}`;
  const added = (line: GainsLine): bigint => (line.role === 'owed' ? -(line.quantity as bigint) : (line.quantity as bigint));
  for (const entry of entries) {
    // A transaction's reductions are booked against what the account held before it.
    const lines = lotLines(entry);
    for (const line of lines) {
      if ((line.lot as JournalLot).pooled) unmatched.add(accounts.of(line));
      if (added(line) >= 0n) continue;
      const have = (held.get(key(line)) ?? 0n) + added(line);
      if (have < 0n) unmatched.add(accounts.of(line));
      held.set(key(line), have);
    }
    for (const line of lines) if (added(line) > 0n) held.set(key(line), (held.get(key(line)) ?? 0n) + added(line));
  }
  return unmatched;
}
