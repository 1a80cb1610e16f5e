import type { Holding } from '../costbasis/BasisEvent.js';
import type { BasisScope } from '../costbasis/CostBasisSettings.js';
import { scopedPoolKey } from '../costbasis/PoolBook.js';
import { type Share, takePart } from '../costbasis/proRata.js';
import type { Money } from '../costbasis/scaledMoney.js';
import { ukDay } from '../costbasis/ukDay.js';

/**
 * Under `uk`, each acquisition's cost as the replay holds it: HMRC counts one UK day's acquisitions of an asset (in one
 * pool) as a single acquisition at their total cost (CRYPTO22252), so each lot costs its share of the day's total by
 * quantity, the day's last lot what is left (as `SameDayLots` deals them); one unknown cost makes the day's unknown.
 * Each of `events` is an acquisition of the period, a lot carried in at its start that was acquired on its first UK
 * day (a period starting at midnight in another zone splits that day: the replay still averages it whole), or a lot a
 * move brought into another pool on the day it was acquired (it joins that pool's day in the replay).
 */
export function sameDayCosts<Event extends SameDayEvent>(events: readonly Event[], scope: BasisScope): Map<Event, Money | null> {
  const days = new Map<string, Event[]>();
  for (const event of events) {
    const key = `${scopedPoolKey(scope, event.holding)}|${ukDay(event.timestamp)}`;
    const day = days.get(key);
    if (day === undefined) days.set(key, [event]);
    else day.push(event);
  }
  const costs = new Map<Event, Money | null>();
  for (const day of days.values()) {
    const total: Share = { quantity: 0n, cost: 0n };
    for (const event of day) {
      total.quantity += event.quantity;
      total.cost = total.cost === null || event.cost === null ? null : total.cost + event.cost;
    }
    for (const event of day) costs.set(event, takePart(total, event.quantity).cost);
  }
  return costs;
}

/** An acquisition as the same-day rule groups it: its pool's holding, its time (its UK day), quantity and cost. */
export interface SameDayEvent {
  holding: Holding;
  timestamp: number;
  quantity: bigint;
  cost: Money | null;
}
