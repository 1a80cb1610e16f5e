import { Decimal } from '../ledger/money.js';
import { minorUnits } from '../prices/minorUnits.js';
import type { DateFormatter } from '../templates/DateFormatter.js';
import { chainSlug } from '../templates/journalSurvey.js';
import { GainsAccounts } from './GainsAccounts.js';
import type { GainsJournal } from './GainsJournal.js';

export type CsvJournal = 'quickbooks-journal' | 'xero-journal';

/** QuickBooks Online's journal entry import (Import data → Journal Entries): rows of one entry share `JournalNo`. */
export const QUICKBOOKS_JOURNAL_HEADER = ['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description', 'Name'] as const;
/** Xero's manual journal import: rows of one journal share narration and date; a positive amount is a debit. */
export const XERO_JOURNAL_HEADER = [
  '*Narration',
  '*Date',
  'Description',
  '*AccountCode',
  '*TaxRate',
  '*Amount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
] as const;

export interface CsvJournalEntries {
  /** Each entry's rows (an entry is never split across files). */
  entries: string[][][];
  /** The gains account's total as written, and how far rounding each entry to the minor unit took it from the exact one. */
  gain: Decimal;
  residue: Decimal;
}

/**
 * A gains journal as QuickBooks Online or Xero journal entries in the book's currency: per entry one line per account
 * (assets at cost per asset account, the realised gain, fees, income by category, the clearing accounts), each
 * rounded half-even to the minor unit; what the rounding leaves is put on the gain line (added when the entry has
 * none), so every entry balances to the cent and nothing is lost.
 */
export function gainsJournalRecords(
  journal: GainsJournal,
  renderer: CsvJournal,
  names: Readonly<Record<string, string>>,
  options: { currency: string; dates: DateFormatter },
): CsvJournalEntries {
  const accounts = new GainsAccounts(names, null);
  const places = minorUnits(options.currency);
  const gainsAccount = names.gains as string;
  let gain = new Decimal(0);
  let exact = new Decimal(0);
  const entries: string[][][] = [];
  for (const entry of journal.entries) {
    const net = new Map<string, Decimal>();
    for (const line of entry.lines) {
      const account = accounts.of(line);
      net.set(account, (net.get(account) ?? new Decimal(0)).add(line.amount));
    }
    const rounded = new Map([...net].map(([account, amount]) => [account, amount.toDecimalPlaces(places)]));
    const off = [...rounded.values()].reduce((sum, amount) => sum.add(amount), new Decimal(0));
    rounded.set(gainsAccount, (rounded.get(gainsAccount) ?? new Decimal(0)).sub(off));
    gain = gain.sub(rounded.get(gainsAccount) as Decimal);
    exact = exact.sub(net.get(gainsAccount) ?? 0);
    const lines = [...rounded].filter(([, amount]) => !amount.isZero());
    if (lines.length === 0) continue;
    const date = options.dates.format(entry.at);
    const description = `${entry.title} (${chainSlug(entry.chainId)} ${entry.txHash})`;
    const text = (amount: Decimal): string => amount.toFixed(places);
    entries.push(
      lines.map(([account, amount]) =>
        renderer === 'quickbooks-journal'
          ? [
              String(entries.length + 1),
              date,
              account,
              amount.isPositive() ? text(amount) : '',
              amount.isNegative() ? text(amount.neg()) : '',
              description,
              '',
            ]
          : [description, date, '', account, names.tax_rate ?? '', text(amount), '', '', '', ''],
      ),
    );
  }
  return { entries, gain, residue: gain.sub(exact) };
}
