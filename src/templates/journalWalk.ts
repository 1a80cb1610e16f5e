import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { DateFormatter } from './DateFormatter.js';
import type { JournalBook, JournalTransaction } from './JournalBook.js';
import type { PeriodBounds } from './PeriodBounds.js';
import type { Posting } from './Posting.js';
import { closingInstant } from '../config/periodInstants.js';

export interface JournalStep {
  kind: 'opening' | 'movement' | 'closing';
  tx: JournalTransaction;
  date: string;
}

/**
 * A period's journal transactions in file order: the opening balances (dated the period's first day), the
 * movements, then the closing balances, dated the day after the period because a balance directive is checked
 * at the start of its day. A journal walks this twice, once to learn what to declare first and once to write,
 * each time on a fresh book, so both walks see the same transactions.
 */
export function* journalWalk(
  book: JournalBook,
  bounds: PeriodBounds | undefined,
  closing: boolean,
  entries: Iterable<LedgerEntry>,
  dates: DateFormatter,
): Generator<JournalStep> {
  if (bounds !== undefined) {
    book.roll(bounds.history());
    const date = dates.format(bounds.startTime);
    for (const tx of book.balances('opening', bounds.blocks, bounds.startTime)) yield { kind: 'opening', tx, date };
  }
  for (const tx of book.movements(entries)) yield { kind: 'movement', tx, date: dates.format((tx.postings[0] as Posting).row.timestamp) };
  if (bounds !== undefined && closing) {
    const date = format(addDays(parseISO(dates.format(closingInstant(bounds))), 1), 'yyyy-MM-dd');
    for (const tx of book.balances('closing', bounds.blocks, bounds.endTime)) yield { kind: 'closing', tx, date };
  }
}
