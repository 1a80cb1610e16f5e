import type { BasisLeg } from './BasisLeg.js';
import type { AcquireEvent, BasisEvent, DisposeEvent } from './BasisEvent.js';
import { NO_FLAGS, UNKNOWN_PRICE, VALUED_BY_SENT_LEG } from './eventFlags.js';
import type { Holdings } from './Holdings.js';
import { type Money, moneyPart, toMoney } from './scaledMoney.js';
import { splitByWeights } from './splitByWeights.js';

/** One asset of a trade after netting: which side, how much, its value, and the row it is reported under. */
interface NetAsset {
  leg: BasisLeg;
  quantity: bigint;
  value: Money | null;
}

/**
 * One wallet's `trade`/`liquidity_*` legs of one transaction as disposals and acquisitions, added to `events` (the
 * disposals, then the acquisitions, each in row order). Each asset is netted (sent − received, refunds included).
 * Proceeds V are the received values, else the sent values (`valued_by_sent_leg`), else unknown; several sent assets
 * share V by their own values; each received asset costs its own value (the only one, unvalued: V).
 */
export function tradeEvents(legs: readonly BasisLeg[], holdings: Holdings, events: BasisEvent[]): void {
  const sent: NetAsset[] = [];
  const received: NetAsset[] = [];
  netAssets(legs, sent, received);
  const receivedValue = sumKnown(received);
  const byReceived = received.length > 0 && receivedValue !== null;
  const proceeds = byReceived ? receivedValue : sumKnown(sent);
  const flags = byReceived ? NO_FLAGS : proceeds === null ? UNKNOWN_PRICE : VALUED_BY_SENT_LEG;
  const shares =
    sent.length <= 1
      ? null
      : splitByWeights(
          proceeds,
          sent.map((asset) => asset.value),
        );
  for (let index = 0; index < sent.length; index += 1) {
    const { leg, quantity } = sent[index] as NetAsset;
    const share = shares === null ? proceeds : (shares[index] ?? null);
    const event: DisposeEvent = {
      phase: 1,
      entryId: leg.entryId,
      order: leg.order,
      txHash: leg.txHash,
      timestamp: leg.timestamp,
      holding: holdings.of(leg),
      quantity,
      flags: share === null ? UNKNOWN_PRICE : flags,
      type: 'dispose',
      kind: 'trade',
      proceeds: share,
      sellingCosts: 0n,
    };
    events.push(event);
  }
  for (const { leg, quantity, value } of received) {
    const cost = value ?? (received.length === 1 ? proceeds : null);
    const event: AcquireEvent = {
      phase: 3,
      entryId: leg.entryId,
      order: leg.order,
      txHash: leg.txHash,
      timestamp: leg.timestamp,
      holding: holdings.of(leg),
      quantity,
      flags: cost === null ? UNKNOWN_PRICE : value === null ? flags : NO_FLAGS,
      type: 'acquire',
      cost,
    };
    events.push(event);
  }
}

/** The sum of the assets' values, `null` when one is unknown or there is none. */
function sumKnown(assets: readonly NetAsset[]): Money | null {
  if (assets.length === 0) return null;
  let sum = 0n;
  for (const { value } of assets) {
    if (value === null) return null;
    sum += value;
  }
  return sum;
}

/**
 * Per asset key, in the order the keys first appear: the net side, quantity and value (the dominant side's value, pro
 * rata when a refund came back), each side then in row order. A transaction's legs are few and share the chain: scans
 * beat a map keyed by strings, and no list per side is made.
 */
function netAssets(legs: readonly BasisLeg[], sent: NetAsset[], received: NetAsset[]): void {
  for (let index = 0; index < legs.length; index += 1) {
    const contract = (legs[index] as BasisLeg).assetContract;
    if (seenBefore(legs, index, contract)) continue;
    let out = 0n;
    let back = 0n;
    for (let other = index; other < legs.length; other += 1) {
      const leg = legs[other] as BasisLeg;
      if (leg.assetContract !== contract) continue;
      if (leg.direction === 'out') out += leg.amountRaw;
      else back += leg.amountRaw;
    }
    const net = out - back;
    if (net === 0n) continue;
    const direction = net > 0n ? 'out' : 'in';
    const quantity = net > 0n ? net : -net;
    const all = net > 0n ? out : back;
    let first: BasisLeg | undefined;
    let value: Money | null = 0n;
    for (let other = index; other < legs.length; other += 1) {
      const leg = legs[other] as BasisLeg;
      if (leg.assetContract !== contract || leg.direction !== direction) continue;
      first ??= leg;
      if (value !== null) value = leg.value === null ? null : value + toMoney(leg.value);
    }
    if (value !== null && quantity !== all) value = moneyPart(value, quantity, all);
    (net > 0n ? sent : received).push({ leg: first as BasisLeg, quantity, value });
  }
  if (sent.length > 1) sent.sort(byRow);
  if (received.length > 1) received.sort(byRow);
}

function seenBefore(legs: readonly BasisLeg[], index: number, contract: string): boolean {
  for (let other = 0; other < index; other += 1) if ((legs[other] as BasisLeg).assetContract === contract) return true;
  return false;
}

function byRow(a: NetAsset, b: NetAsset): number {
  return a.leg.order - b.leg.order;
}
