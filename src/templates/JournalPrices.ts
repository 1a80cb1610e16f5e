import type { PriceAnswer } from '../prices/PriceAnswer.js';
import { priceQueryOf } from '../prices/priceQueryOf.js';
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
 * period's last day for every holding, so `hledger bal -X USD` and bean-query's CONVERT value the holdings.
 * Spam and unpriced assets get none: the journal then shows them in their own units, never at 0.
 */
export class JournalPrices {
  private readonly prices: RowPrices;
  private readonly byDay = new Map<string, MarketPrice>();

  constructor(prices: RowPrices) {
    this.prices = prices;
  }

  note(date: string, commodity: string, leg: Leg, time: number): void {
    const key = `${date}\u0000${commodity}`;
    if (this.byDay.has(key)) return;
    const query = priceQueryOf(leg, time);
    if (typeof query === 'string') return;
    const answer = this.prices.priceAt(query);
    if (answer.found) this.byDay.set(key, { date, commodity, price: answer });
  }

  /** `P` (hledger) or `price` (beancount) directives, by date then commodity; empty when none was found. */
  text(dialect: AccountDialect): string {
    if (this.byDay.size === 0) return '';
    const sorted = [...this.byDay.values()].sort((a, b) => compare(a.date, b.date) || compare(a.commodity, b.commodity));
    const lines = [`; market prices in ${this.prices.currency}: each commodity on the days it moved and on the period's last day`];
    for (const { date, commodity, price } of sorted) {
      const amount = `${price.price.toFixed()} ${price.currency}`;
      lines.push(dialect === 'beancount' ? `${date} price ${commodity}  ${amount}` : `P ${date} "${commodity}" ${amount}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
