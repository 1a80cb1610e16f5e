import type { LedgerEntry } from './LedgerEntry.js';

/** What each wallet has sent so far: an inbound token it never sent may be unsolicited. */
export interface TokenHistory {
  hasSent(wallet: string, assetContract: string): boolean;
  /**
   * `address` is not one the wallet has paid but shares the first and last 4 hex digits with one: the
   * look-alike an address-poisoning transfer comes from, hoping the victim copies it from the history.
   */
  isLookalike(wallet: string, address: string): boolean;
}

/** A history that knows of no earlier transaction (a single transaction judged on its own). */
export const NO_HISTORY: TokenHistory = { hasSent: () => false, isLookalike: () => false };

/** The first and last 4 hex digits, which wallets show of an address. */
function lookalikeKey(address: string): string {
  return address.slice(2, 6) + address.slice(-4);
}

/** The history `buildLedger` grows as it walks the chain in order. */
export class SentTokens implements TokenHistory {
  // Contracts per wallet: asked once per token entry, so no key string is built per question.
  readonly #sent = new Map<string, Set<string>>();
  /** Per wallet: the counterparties it has paid, and their look-alike keys (computed once per new counterparty). */
  readonly #paid = new Map<string, { addresses: Set<string>; keys: Set<string> }>();

  hasSent(wallet: string, assetContract: string): boolean {
    return this.#sent.get(wallet)?.has(assetContract) ?? false;
  }

  isLookalike(wallet: string, address: string): boolean {
    const paid = this.#paid.get(wallet);
    return paid !== undefined && !paid.addresses.has(address) && paid.keys.has(lookalikeKey(address));
  }

  record(entry: LedgerEntry): void {
    if (entry.direction !== 'out' || entry.kind === 'fee') return;
    if (entry.counterparty !== '' && entry.spam === '') this.#recordPaid(entry.wallet, entry.counterparty);
    if (entry.assetContract === '') return;
    let contracts = this.#sent.get(entry.wallet);
    if (contracts === undefined) {
      contracts = new Set();
      this.#sent.set(entry.wallet, contracts);
    }
    contracts.add(entry.assetContract);
  }

  #recordPaid(wallet: string, counterparty: string): void {
    let paid = this.#paid.get(wallet);
    if (paid === undefined) this.#paid.set(wallet, (paid = { addresses: new Set(), keys: new Set() }));
    if (paid.addresses.has(counterparty)) return;
    paid.addresses.add(counterparty);
    paid.keys.add(lookalikeKey(counterparty));
  }
}
