import type { BasisLeg } from './BasisLeg.js';
import type { ArriveEvent, MoveEvent } from './BasisEvent.js';
import { NO_FLAGS } from './eventFlags.js';
import type { Holdings } from './Holdings.js';

/** The categories whose legs move lots between pools (basis, id and acquisition time kept) when paired. */
export const MOVE_CATEGORIES: ReadonlySet<string> = new Set(['own_transfer', 'wrap', 'unwrap', 'bridge']);

/**
 * One transaction's moving legs as moves: an `own_transfer` out-leg with the in-leg of the same asset and amount
 * (another wallet first), a wrap's or unwrap's out-leg with the same wallet's in-leg of the other asset, a bridge leg
 * with its partner on the other chain (the out-leg puts its lots in transit, the in-leg takes them out). A leg without
 * its partner is `unpaired` (the caller treats it as an unclassified transfer).
 */
export function moveEvents(legs: readonly BasisLeg[], holdings: Holdings): { moves: (MoveEvent | ArriveEvent)[]; unpaired: BasisLeg[] } {
  const moves: (MoveEvent | ArriveEvent)[] = [];
  const unpaired: BasisLeg[] = [];
  const ins = legs.filter((leg) => leg.direction === 'in' && leg.category !== 'bridge');
  const taken = new Set<BasisLeg>();
  for (const leg of legs) {
    if (leg.category === 'bridge') {
      const bridged = bridgeEvent(leg, holdings);
      if (bridged === null) unpaired.push(leg);
      else moves.push(bridged);
      continue;
    }
    if (leg.direction === 'in') continue;
    const partner = leg.category === 'own_transfer' ? ownPartner(leg, ins, taken) : wrapPartner(leg, ins, taken);
    if (partner === undefined) {
      unpaired.push(leg);
      continue;
    }
    taken.add(partner);
    moves.push(moveEvent(leg, holdings, { holding: holdings.of(partner), quantity: partner.amountRaw }));
  }
  for (const leg of ins) if (!taken.has(leg)) unpaired.push(leg);
  return { moves, unpaired };
}

function ownPartner(sent: BasisLeg, ins: readonly BasisLeg[], taken: ReadonlySet<BasisLeg>): BasisLeg | undefined {
  const fits = (leg: BasisLeg): boolean =>
    !taken.has(leg) && leg.category === 'own_transfer' && leg.assetContract === sent.assetContract && leg.amountRaw === sent.amountRaw;
  return ins.find((leg) => fits(leg) && leg.wallet !== sent.wallet) ?? ins.find(fits);
}

function wrapPartner(sent: BasisLeg, ins: readonly BasisLeg[], taken: ReadonlySet<BasisLeg>): BasisLeg | undefined {
  return ins.find(
    (leg) =>
      !taken.has(leg) &&
      (leg.category === 'wrap' || leg.category === 'unwrap') &&
      leg.wallet === sent.wallet &&
      leg.assetContract !== sent.assetContract,
  );
}

function bridgeEvent(leg: BasisLeg, holdings: Holdings): MoveEvent | ArriveEvent | null {
  const { bridge } = leg;
  if (bridge === undefined) return null;
  if (leg.direction === 'out' && bridge.role === 'to') return moveEvent(leg, holdings, { transitTo: bridge.entryId });
  if (leg.direction === 'in' && bridge.role === 'from') {
    return {
      phase: 2,
      entryId: leg.entryId,
      order: leg.order,
      txHash: leg.txHash,
      timestamp: leg.timestamp,
      holding: holdings.of(leg),
      quantity: leg.amountRaw,
      flags: NO_FLAGS,
      type: 'arrive',
      transitFrom: bridge.entryId,
    };
  }
  return null;
}

// Each event in one literal (no spread of a shared base: the replay's profile showed them).
function moveEvent(leg: BasisLeg, holdings: Holdings, target: MoveEvent['target']): MoveEvent {
  return {
    phase: 2,
    entryId: leg.entryId,
    order: leg.order,
    txHash: leg.txHash,
    timestamp: leg.timestamp,
    holding: holdings.of(leg),
    quantity: leg.amountRaw,
    flags: NO_FLAGS,
    type: 'move',
    target,
  };
}
