import { minorUnits } from '../prices/minorUnits.js';
import type { PriceAnswer } from '../prices/PriceAnswer.js';
import { priceQueryOf } from '../prices/priceQueryOf.js';
import { writtenOf } from '../prices/writtenPrice.js';
import type { RowPrices } from '../prices/valueLeg.js';
import type { AccountDialect } from './journalNames.js';
import type { Leg } from './ViewRow.js';

interface MarketPrice {
  date: string;
  commodity: string;
  price: Extract<PriceAnswer, { found: true }>;
}

/**
 * A valued journal's market prices: one per commodity and day it moved (the day's first answer) and one on the
 * period's last day for every holding, at the period's closing instant (its last second, as balances.csv and
 * reconcile.csv value it), so `hledger bal -X USD` and bean-query's CONVERT value the holdings at one figure.
 * Spam and unpriced assets get none: the journal then shows them in their own units, never at 0.
 */
export class JournalPrices {
  private readonly prices: RowPrices;
  private readonly byDay = new Map<string, MarketPrice>();

  constructor(prices: RowPrices) {
    this.prices = prices;
  }

  /** A commodity's price on a day it moved: the day's first answer stands. */
  note(date: string, commodity: string, leg: Leg, time: number): void {
    if (!this.byDay.has(`${date}\u0000${commodity}`)) this.set(date, commodity, leg, time);
  }

  /** A holding's price at the period's closing instant: it replaces that day's first answer, which `-X` would read. */
  noteClosing(date: string, commodity: string, leg: Leg, closingInstant: number): void {
    this.set(date, commodity, leg, closingInstant);
  }

  private set(date: string, commodity: string, leg: Leg, time: number): void {
    const key = `${date}\u0000${commodity}`;
    const query = priceQueryOf(leg, time);
    if (typeof query === 'string') return;
    const answer = this.prices.priceAt(query);
    if (answer.found) this.byDay.set(key, { date, commodity, price: answer });
  }

  /**
   * The book's currency declared with its minor unit, so reports show values as money (`hledger bal -X EUR`:
   * `1234.57 EUR`, never every digit of a price): hledger's (and ledger's) `format`, beancount's metadata.
   */
  declaration(dialect: AccountDialect, firstDate: string): string {
    const { currency } = this.prices;
    const minor = minorUnits(currency);
    if (dialect === 'beancount') return `${firstDate} commodity ${currency}\n  precision: "${minor}"\n\n`;
    // As the tokens' formats: ledger-cli reads no `format 1.`, so whole units get none.
    return minor > 0 ? `commodity ${currency}\n    format 1.${'0'.repeat(minor)} ${currency}\n\n` : `commodity ${currency}\n\n`;
  }

  /** `P` (hledger) or `price` (beancount) directives, by date then commodity; empty when none was found. */
  text(dialect: AccountDialect): string {
    if (this.byDay.size === 0) return '';
    const sorted = [...this.byDay.values()].sort((a, b) => compare(a.date, b.date) || compare(a.commodity, b.commodity));
    const lines = [`; market prices in ${this.prices.currency}: each commodity on the days it moved and on the period's last day`];
    for (const { date, commodity, price } of sorted) {
      // As the ledger writes it: bounded significant digits, never a conversion's hundred.
      const amount = `${writtenOf(price).text} ${price.currency}`;
      lines.push(dialect === 'beancount' ? `${date} price ${commodity}  ${amount}` : `P ${date} "${commodity}" ${amount}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
