import type { LedgerEntry } from './LedgerEntry.js';

/** Which token contracts each wallet has sent so far: an inbound token it never sent may be unsolicited. */
export interface TokenHistory {
  hasSent(wallet: string, assetContract: string): boolean;
}

/** A history that knows of no earlier transaction (a single transaction judged on its own). */
export const NO_HISTORY: TokenHistory = { hasSent: () => false };

/** The history `buildLedger` grows as it walks the chain in order. */
export class SentTokens implements TokenHistory {
  readonly #sent = new Set<string>();

  hasSent(wallet: string, assetContract: string): boolean {
    return this.#sent.has(`${wallet}|${assetContract}`);
  }

  record(entry: LedgerEntry): void {
    if (entry.direction === 'out' && entry.assetContract !== '') this.#sent.add(`${entry.wallet}|${entry.assetContract}`);
  }
}
