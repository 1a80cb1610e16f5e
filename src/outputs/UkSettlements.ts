import type { GainRow } from '../costbasis/BasisReport.js';
import type { BasisScope } from '../costbasis/CostBasisSettings.js';
import { scopedPoolKey } from '../costbasis/PoolBook.js';
import { ukDay } from '../costbasis/ukDay.js';

/** A disposal's part the section 104 pool or nothing covers waits out the 30 days after its day (CRYPTO22254). */
const WAIT_DAYS = 31;

/**
 * When a `uk` disposal's lots leave their asset account in the journals: when the replay settles its matching, so each
 * asset account holds at a period's end exactly the replay's open lots (`lots-open.csv`). The replay answers a
 * disposal on the UK day after its last same-day or 30-day acquisition when those cover it, else once its 30 days are
 * over (its pool part is taken then), and never before a disposal of the same pool from an earlier day; the journal
 * settles it at the last second of the day before (a period ending at that day's start counts it settled, as the
 * replay's count does). Disposals come in the order they ran.
 */
export class UkSettlements {
  /** Per pool, the UK day its latest disposal is answered on. */
  private readonly answered = new Map<string, number>();

  constructor(private readonly scope: BasisScope) {}

  /** Unix seconds: the last second before the disposal of `rows` (its `gains.csv` rows) is answered. */
  at(rows: readonly GainRow[]): number {
    const first = rows[0] as GainRow;
    const sold = ukDay(first.soldAt);
    let day = sold + 1;
    for (const row of rows) {
      const due = row.lotId === null || row.acquiredAt === null ? sold + WAIT_DAYS : ukDay(row.acquiredAt) + 1;
      if (due > day) day = due;
    }
    const key = scopedPoolKey(this.scope, first);
    const before = this.answered.get(key) ?? day;
    if (before > day) day = before;
    this.answered.set(key, day);
    return ukDayStart(day) - 1;
  }
}

/** The first second of UK day `day`: midnight in London is 23:00 UTC the day before in summer time. */
function ukDayStart(day: number): number {
  const summer = day * 86_400 - 3_600;
  return ukDay(summer) === day ? summer : day * 86_400;
}
