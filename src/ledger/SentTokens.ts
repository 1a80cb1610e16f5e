import type { LedgerEntry } from './LedgerEntry.js';

/** Which token contracts each wallet has sent so far: an inbound token it never sent may be unsolicited. */
export interface TokenHistory {
  hasSent(wallet: string, assetContract: string): boolean;
}

/** A history that knows of no earlier transaction (a single transaction judged on its own). */
export const NO_HISTORY: TokenHistory = { hasSent: () => false };

/** The history `buildLedger` grows as it walks the chain in order. */
export class SentTokens implements TokenHistory {
  // Contracts per wallet: asked once per token entry, so no key string is built per question.
  readonly #sent = new Map<string, Set<string>>();

  hasSent(wallet: string, assetContract: string): boolean {
    return this.#sent.get(wallet)?.has(assetContract) ?? false;
  }

  record(entry: LedgerEntry): void {
    if (entry.direction !== 'out' || entry.assetContract === '') return;
    let contracts = this.#sent.get(entry.wallet);
    if (contracts === undefined) {
      contracts = new Set();
      this.#sent.set(entry.wallet, contracts);
    }
    contracts.add(entry.assetContract);
  }
}
