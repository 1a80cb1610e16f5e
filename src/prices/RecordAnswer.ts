import { Decimal } from '../ledger/money.js';
import type { WrittenAnswer } from './writtenPrice.js';

/**
 * A cached price record's answer. Rows write the record's own text (`writtenOf` reads `priceText`), so its
 * decimal.js price is parsed only when something computes with it (an ECB conversion, a journal's price
 * directive, a worker's recorded answer): a million-row USD export parsed 173,000 prices it never computed with.
 */
export class RecordAnswer {
  readonly found = true;
  written?: WrittenAnswer;
  #price: Decimal | undefined;

  constructor(
    /** The record's plain decimal, as the store keeps it. */
    readonly priceText: string,
    readonly currency: string,
    readonly time: number,
    readonly source: string,
  ) {}

  get price(): Decimal {
    return (this.#price ??= new Decimal(this.priceText));
  }
}
