import type { BasisLeg } from './BasisLeg.js';
import type { BasisReport } from './BasisReport.js';
import { BasisReplay } from './BasisReplay.js';
import type { CostBasisSettings } from './CostBasisSettings.js';
import { dayStart } from './dayStart.js';
import { Holdings } from './Holdings.js';
import { holdingTerm } from './holdingTerm.js';
import type { OpeningLot } from './Lot.js';
import { makePool } from './makePool.js';
import { PoolBook } from './PoolBook.js';
import { toDecimal, toMoney } from './scaledMoney.js';
import { switchScope } from './switchScope.js';
import { transactionEvents } from './transactionEvents.js';

export interface ReplayOptions {
  settings: CostBasisSettings;
  /** Unix seconds, `end` exclusive: which disposals, income and removals are reported, and when lots are counted open. */
  period: { start: number; end: number };
  /** The job's time zone: the calendar days of terms and of the `changes`. */
  timezone: string;
  openingLots?: readonly OpeningLot[];
}

/**
 * Cost basis in one pass over the ledger: legs in ledger order from each wallet's first entry (history before the
 * period included) become events transaction by transaction and run against the pools of the current method and
 * scope; dated changes switch them as they come. Holds the period's rows and the open lots, never the legs.
 */
export function replayBasis(legs: Iterable<BasisLeg>, options: ReplayOptions): BasisReport {
  const { settings, period, timezone } = options;
  const termOf = settings.profile === 'uk' ? () => null : (acquiredAt: number, soldAt: number) => holdingTerm(acquiredAt, soldAt, timezone);
  const replay = new BasisReplay(new PoolBook(settings.method, settings.scope, makePool), period, termOf);
  const changes = settings.changes.map((change) => ({ ...change, at: dayStart(change.from, timezone) }));
  let method = settings.method;
  let scope = settings.scope;
  let counted = false;
  let day = Number.NaN;
  /** Open lots and ties at the period's end, once: what a later leg does is not the period's. */
  const count = (): void => {
    if (counted) return;
    counted = true;
    for (const entry of replay.book.entries()) entry.pool.advance(period.end);
    for (const entry of replay.book.entries()) {
      const { wallet, chainId, asset, assetContract, decimals } = entry;
      for (const piece of entry.pool.open()) {
        const { lotId, acquiredAt, quantity, cost } = piece;
        replay.report.openLots.push({
          wallet,
          chainId,
          asset,
          assetContract,
          lotId,
          acquiredAt,
          quantity,
          decimals,
          costBasis: cost === null ? null : toDecimal(cost),
        });
      }
    }
    replay.report.ties = replay.book.tiesNow();
  };
  /** Everything due before `time`: the changes that start by then, the period's end, a new day for the `uk` pools. */
  const reach = (time: number): void => {
    while (changes.length > 0 && (changes[0]?.at as number) <= time) {
      const change = changes.shift() as (typeof changes)[number];
      if (change.at > period.start) replay.startTrail();
      if (change.at >= period.end) count();
      method = change.method ?? method;
      scope = change.scope ?? scope;
      switchScope(replay, method, scope, change.at, change.from);
    }
    if (time >= period.start) replay.startTrail();
    if (time >= period.end) count();
    if (method === 'uk' && Math.floor(time / 86400) !== day) {
      day = Math.floor(time / 86400);
      for (const entry of replay.book.entries()) entry.pool.advance(time);
    }
  };
  for (const lot of options.openingLots ?? []) open(replay, lot);
  const holdings = new Holdings();
  let group: BasisLeg[] = [];
  const runGroup = (): void => {
    const first = group[0];
    if (first === undefined) return;
    reach(first.timestamp);
    const { events, issues } = transactionEvents(group, settings, holdings);
    if (replay.inPeriod(first.timestamp)) for (const issue of issues) replay.issue(issue);
    for (const event of events) replay.run(event);
    group = [];
  };
  for (const leg of legs) {
    const first = group[0];
    if (first !== undefined && (first.txHash !== leg.txHash || first.chainId !== leg.chainId)) runGroup();
    group.push(leg);
  }
  runGroup();
  if (!counted) {
    reach(period.end - 1);
    for (const entry of replay.book.entries()) entry.pool.settle();
    count();
  }
  for (const entry of replay.book.entries()) entry.pool.settle();
  return replay.finish();
}

/** An opening lot enters its pool before the first leg (under the wallet scope it must name its wallet). */
function open(replay: BasisReplay, lot: OpeningLot): void {
  const { wallet, chainId, asset, assetContract, decimals, lotId, acquiredAt, quantity, cost } = lot;
  if (wallet === null && replay.book.scope === 'wallet') {
    const detail = 'an opening lot without a wallet under per-wallet pools: give its wallet';
    return replay.issue({ entryId: lotId, issue: 'opening_lot_without_wallet', quantity, decimals, detail });
  }
  const entry = replay.book.poolOf({ wallet: wallet ?? '', chainId, asset, assetContract, decimals });
  const opening = { lotId, acquiredAt, quantity, cost: cost === null ? null : toMoney(cost) };
  entry.pool.acquire(opening);
  replay.book.count(entry, 'acquired', [opening]);
}
