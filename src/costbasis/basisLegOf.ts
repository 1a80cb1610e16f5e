import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { BasisLeg } from './BasisLeg.js';

/** A leg's value in the book's currency, as the valuation found it (`null` value: unknown, `valueState` says why). */
export type BasisValue = Pick<BasisLeg, 'value' | 'valueState' | 'price' | 'priceSource'>;

/** The partner `pairBridges` wrote into the note: `bridged_to <chain>:<tx hash>:<entry id>` (or `bridged_from`). */
const BRIDGE_NOTE = /(?:^| )bridged_(to|from) ([0-9]+):([^: ]+):([^ ]+)/;

/**
 * The replay's view of one ledger entry and its value, or `null` for an entry a user rule left out of tax templates
 * (`ignored`): it takes no part, like spam, but unlike spam it is not the ledger's to flag.
 */
export function basisLegOf(entry: LedgerEntry, value: BasisValue): BasisLeg | null {
  if (entry.ignored === true) return null;
  const leg: BasisLeg = {
    entryId: entry.entryId,
    timestamp: entry.timestamp,
    chainId: entry.chainId,
    blockNumber: entry.blockNumber,
    txHash: entry.txHash,
    transactionIndex: entry.transactionIndex,
    order: entry.order,
    wallet: entry.wallet,
    direction: entry.direction,
    kind: entry.kind,
    category: entry.category,
    asset: entry.asset,
    assetContract: entry.assetContract,
    amountRaw: entry.amountRaw,
    decimals: entry.decimals,
    spam: entry.spam,
    ...value,
  };
  const bridge = bridgeOf(entry);
  if (bridge !== undefined) leg.bridge = bridge;
  return leg;
}

/** The bridge partner `pairBridges` wrote into a bridge entry's note, if it did. */
export function bridgeOf(entry: LedgerEntry): BasisLeg['bridge'] {
  const bridge = entry.category === 'bridge' ? BRIDGE_NOTE.exec(entry.note) : null;
  if (bridge === null) return undefined;
  const [, role, chainId, txHash, entryId] = bridge as unknown as [string, 'to' | 'from', string, string, string];
  return { role, chainId: Number(chainId), txHash, entryId };
}
