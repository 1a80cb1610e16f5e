import { BRIDGE_CONTRACTS } from './bridgeContracts.js';
import type { LedgerEntry } from './LedgerEntry.js';

/** Entry id → the note that names its partner on the other chain. */
export type BridgePairs = ReadonlyMap<string, string>;

/**
 * The longest a canonical bridge takes: OP Stack and Arbitrum withdrawals wait out a 7-day challenge
 * period before the owner finalises them on L1; deposits arrive within minutes.
 */
export const BRIDGE_WINDOW_SECONDS = 8 * 24 * 3600;

export const UNMATCHED_NOTE = 'bridge_unmatched';

/**
 * Pairs the bridge legs of a ledger spanning several chains (in ledger order): a leg leaving through a
 * canonical bridge and the first later leg arriving on the bridge's other chain from a bridge leading back,
 * for an owned wallet (the same address first), of the same coin (native, or a token of the same symbol and
 * decimals: the L2 copy has another address) and the same amount, within `BRIDGE_WINDOW_SECONDS`. Both get a
 * note naming the other (`bridged_to` / `bridged_from <chain>:<tx hash>:<entry id>`); a leg without such a
 * partner keeps `bridge_unmatched` — a near match is never taken for one.
 */
export function pairBridges(legs: Iterable<LedgerEntry>): BridgePairs {
  const pending: LedgerEntry[] = [];
  const pairs = new Map<string, string>();
  for (const leg of legs) {
    if (leg.category !== 'bridge') continue;
    if (leg.direction === 'out') {
      pending.push(leg);
      continue;
    }
    const index = partnerIndex(pending, leg);
    if (index === -1) continue;
    const [sent] = pending.splice(index, 1) as [LedgerEntry];
    pairs.set(sent.entryId, `bridged_to ${leg.chainId}:${leg.txHash}:${leg.entryId}`);
    pairs.set(leg.entryId, `bridged_from ${sent.chainId}:${sent.txHash}:${sent.entryId}`);
  }
  return pairs;
}

function partnerIndex(pending: readonly LedgerEntry[], arrived: LedgerEntry): number {
  let other = -1;
  for (let i = 0; i < pending.length; i += 1) {
    const sent = pending[i] as LedgerEntry;
    if (!matches(sent, arrived)) continue;
    if (sent.wallet === arrived.wallet) return i;
    if (other === -1) other = i;
  }
  return other;
}

function matches(sent: LedgerEntry, arrived: LedgerEntry): boolean {
  const elapsed = arrived.timestamp - sent.timestamp;
  return (
    elapsed >= 0 &&
    elapsed <= BRIDGE_WINDOW_SECONDS &&
    otherChain(sent) === arrived.chainId &&
    otherChain(arrived) === sent.chainId &&
    sent.amountRaw === arrived.amountRaw &&
    sent.decimals === arrived.decimals &&
    (sent.assetContract === '') === (arrived.assetContract === '') &&
    sent.asset === arrived.asset
  );
}

function otherChain(leg: LedgerEntry): number | undefined {
  return BRIDGE_CONTRACTS[leg.chainId]?.[leg.counterparty]?.otherChain;
}

/** The ledger with each paired bridge leg's `bridge_unmatched` note replaced by its partner's (the entries themselves when none is paired). */
export function withBridgePairs(entries: Iterable<LedgerEntry>, pairs: BridgePairs): Iterable<LedgerEntry> {
  return pairs.size === 0 ? entries : paired(entries, pairs);
}

function* paired(entries: Iterable<LedgerEntry>, pairs: BridgePairs): Generator<LedgerEntry> {
  for (const entry of entries) {
    const note = entry.category === 'bridge' ? pairs.get(entry.entryId) : undefined;
    yield note === undefined ? entry : { ...entry, note: entry.note.replace(UNMATCHED_NOTE, note) };
  }
}

/** Whether any two of the chains are joined by a canonical bridge: otherwise no leg can find a partner. */
export function chainsBridged(chainIds: readonly number[]): boolean {
  return chainIds.some((chainId) => Object.values(BRIDGE_CONTRACTS[chainId] ?? {}).some((bridge) => chainIds.includes(bridge.otherChain)));
}
