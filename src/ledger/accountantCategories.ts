/** A leg's direction (as `LedgerEntry`'s, which imports this file's category type, so not imported from there). */
type Direction = 'in' | 'out';

/**
 * Categories only a user rule sets (the chain cannot tell an airdrop from a gift), each valid on one
 * direction of leg: income arrives, an expense leaves. The key order is the order docs and pages list them.
 */
const ACCOUNTANT_DIRECTION = {
  income: 'in',
  airdrop: 'in',
  staking_reward: 'in',
  interest: 'in',
  gift_in: 'in',
  payment_in: 'in',
  gift_out: 'out',
  payment_out: 'out',
  donation: 'out',
  lost: 'out',
  cost: 'out',
} as const satisfies Record<string, Direction>;

export type AccountantCategory = keyof typeof ACCOUNTANT_DIRECTION;
export const ACCOUNTANT_CATEGORIES = Object.keys(ACCOUNTANT_DIRECTION) as readonly AccountantCategory[];

/** The one direction of leg the category fits, or null for the ledger's own categories (either direction). */
export function categoryDirection(category: string): Direction | null {
  return (ACCOUNTANT_DIRECTION as Record<string, Direction>)[category] ?? null;
}

/**
 * Whether a rule's category may land on the entry: never on a fee (gas stays gas), and a category of one
 * direction (`airdrop` arrives, `donation` leaves) only on legs of that direction.
 */
export function categoryFits(category: string, entry: { kind: string; direction: Direction }): boolean {
  if (entry.kind === 'fee') return false;
  const direction = categoryDirection(category);
  return direction === null || direction === entry.direction;
}
