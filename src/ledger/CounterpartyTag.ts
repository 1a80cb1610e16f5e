import type { WireAddressTag } from '../etherscan/WireAddressTag.js';

/** Screening lists the API tags addresses with; an entry with such a counterparty is listed in screening.csv. */
export const SCREENING_SLUGS = ['ofac-sanctioned', 'phish-hack'] as const;

/** What the ledger takes from an address's name tag (domain form of `WireAddressTag`). */
export interface CounterpartyTag {
  /** The public name tag, or the labels joined when the address has no name tag. */
  label: string;
  /** The API labels the address `Exchange`: money sent there is a deposit, not a disposal. */
  exchange: boolean;
  /** The API labels the address `Bridge`. */
  bridge: boolean;
  /** The screening slugs the address carries, space-separated, or ''. */
  screening: string;
}

/** Tags of one chain by lowercase address. */
export type CounterpartyTags = Readonly<Record<string, CounterpartyTag>>;

/** The ledger's view of one stored name tag. */
export function counterpartyTag(wire: WireAddressTag): CounterpartyTag {
  const labels = wire.labels.map((label) => label.trim()).filter((label) => label !== '');
  const slugs = new Set(wire.labels_slug.map((slug) => slug.trim().toLowerCase()));
  const lowerLabels = new Set(labels.map((label) => label.toLowerCase()));
  const has = (name: string): boolean => slugs.has(name) || lowerLabels.has(name);
  return {
    label: wire.nametag.trim() !== '' ? wire.nametag.trim() : labels.join(', '),
    exchange: has('exchange'),
    bridge: has('bridge'),
    screening: SCREENING_SLUGS.filter((slug) => slugs.has(slug)).join(' '),
  };
}
