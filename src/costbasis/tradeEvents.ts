import type { BasisLeg } from './BasisLeg.js';
import type { AcquireEvent, DisposeEvent } from './BasisEvent.js';
import type { Holdings } from './Holdings.js';
import { type Money, moneyPart, toMoney } from './scaledMoney.js';
import { sumOf } from './sumOf.js';
import { splitByWeights } from './splitByWeights.js';

/** One asset of a trade after netting: which side, how much, its value, and the row it is reported under. */
interface NetAsset {
  leg: BasisLeg;
  quantity: bigint;
  value: Money | null;
}

/**
 * One wallet's `trade`/`liquidity_*` legs of one transaction as disposals and acquisitions. Each asset is netted
 * (sent − received, refunds included). Proceeds V are the received values, else the sent values (`valued_by_sent_leg`),
 * else unknown; several sent assets share V by their own values; each received asset costs its own value (the only
 * one, unvalued: V).
 */
export function tradeEvents(legs: readonly BasisLeg[], holdings: Holdings): { disposals: DisposeEvent[]; acquisitions: AcquireEvent[] } {
  const { sent, received } = netAssets(legs);
  const receivedValue = sumKnown(received);
  const sentValue = sumKnown(sent);
  const byReceived = received.length > 0 && receivedValue !== null;
  const proceeds = byReceived ? receivedValue : sentValue;
  const flags = byReceived ? [] : proceeds === null ? ['unknown_price'] : ['valued_by_sent_leg'];
  const shares = splitByWeights(
    proceeds,
    sent.map((asset) => asset.value),
  );
  const disposals = sent.map(({ leg, quantity }, index): DisposeEvent => ({
    phase: 1,
    entryId: leg.entryId,
    order: leg.order,
    txHash: leg.txHash,
    timestamp: leg.timestamp,
    holding: holdings.of(leg),
    quantity,
    flags: shares[index] === null ? ['unknown_price'] : [...flags],
    type: 'dispose',
    kind: 'trade',
    proceeds: shares[index] ?? null,
    sellingCosts: 0n,
  }));
  const acquisitions = received.map(({ leg, quantity, value }): AcquireEvent => {
    const cost = value ?? (received.length === 1 ? proceeds : null);
    const flag = cost === null ? ['unknown_price'] : value === null ? flags : [];
    return {
      phase: 3,
      entryId: leg.entryId,
      order: leg.order,
      txHash: leg.txHash,
      timestamp: leg.timestamp,
      holding: holdings.of(leg),
      quantity,
      flags: [...flag],
      type: 'acquire',
      cost,
    };
  });
  return { disposals, acquisitions };
}

/** The sum of the assets' values, `null` when one is unknown or there is none. */
function sumKnown(assets: readonly NetAsset[]): Money | null {
  if (assets.length === 0 || assets.some((asset) => asset.value === null)) return null;
  return sumOf(assets.map((asset) => asset.value as Money));
}

/** Per asset key: the net side, quantity and value (the dominant side's value, pro rata when a refund came back). */
function netAssets(legs: readonly BasisLeg[]): { sent: NetAsset[]; received: NetAsset[] } {
  // A transaction's legs are few and share the chain: a scan beats a map keyed by strings.
  const sides: { contract: string; out: BasisLeg[]; in: BasisLeg[] }[] = [];
  for (const leg of legs) {
    let side = sides.find((candidate) => candidate.contract === leg.assetContract);
    if (side === undefined) sides.push((side = { contract: leg.assetContract, out: [], in: [] }));
    side[leg.direction].push(leg);
  }
  const sent: NetAsset[] = [];
  const received: NetAsset[] = [];
  for (const side of sides) {
    const net = total(side.out) - total(side.in);
    if (net === 0n) continue;
    const dominant = net > 0n ? side.out : side.in;
    const quantity = net > 0n ? net : -net;
    (net > 0n ? sent : received).push({ leg: dominant[0] as BasisLeg, quantity, value: netValue(dominant, quantity) });
  }
  const byRow = (a: NetAsset, b: NetAsset): number => a.leg.order - b.leg.order;
  return { sent: sent.sort(byRow), received: received.sort(byRow) };
}

function total(legs: readonly BasisLeg[]): bigint {
  return legs.reduce((sum, leg) => sum + leg.amountRaw, 0n);
}

function netValue(legs: readonly BasisLeg[], quantity: bigint): Money | null {
  if (legs.some((leg) => leg.value === null)) return null;
  const value = sumOf(legs.map((leg) => toMoney(leg.value as NonNullable<BasisLeg['value']>)));
  const all = total(legs);
  return quantity === all ? value : moneyPart(value, quantity, all);
}
