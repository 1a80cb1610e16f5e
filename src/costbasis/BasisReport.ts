import type { Decimal } from '../ledger/money.js';
import type { DisposalKind } from './BasisEvent.js';
import type { BasisMethod } from './CostBasisSettings.js';
import type { LotTrail } from './LotTrail.js';

/** `gains.csv`: one row per disposal and lot piece. Money exact here, rounded only when written. */
export interface GainRow {
  /** The disposed leg (a trade's first sent row of that asset). */
  entryId: string;
  /** `null`: under `average`, or the part without a lot (`missing_acquisition`). */
  lotId: string | null;
  txHash: string;
  chainId: number;
  wallet: string;
  asset: string;
  assetContract: string;
  /** Base units, and the decimals to write them. */
  quantity: bigint;
  decimals: number;
  acquiredAt: number | null;
  soldAt: number;
  proceeds: Decimal | null;
  sellingCosts: Decimal | null;
  costBasis: Decimal | null;
  gain: Decimal | null;
  term: 'short' | 'long' | null;
  kind: DisposalKind;
  method: BasisMethod;
  /** Issue names that touch this row (`missing_acquisition`, `unknown_price`, `valued_by_sent_leg`, …). */
  flags: readonly string[];
}

/**
 * The period's gain rows in disposal order, to be read (as often as wanted), not held: the replay keeps them compact
 * (`GainRows`) and makes each row when it is read.
 */
export interface GainRowList extends Iterable<GainRow> {
  readonly length: number;
}

/** `income.csv`: income at fair value, which is also the lot's cost. */
export interface IncomeRow {
  entryId: string;
  timestamp: number;
  txHash: string;
  chainId: number;
  wallet: string;
  asset: string;
  assetContract: string;
  quantity: bigint;
  decimals: number;
  category: string;
  price: Decimal | null;
  priceSource: string;
  value: Decimal | null;
}

/** `removals.csv`: lots that left without a gain (gift out, donation, loss, unclassified out). */
export interface RemovalRow {
  entryId: string;
  timestamp: number;
  wallet: string;
  asset: string;
  assetContract: string;
  quantity: bigint;
  decimals: number;
  kind: string;
  costBasis: Decimal | null;
}

/** `lots-open.csv` at the period's end; `wallet` null under the universal scope. */
export interface OpenLotRow {
  wallet: string | null;
  chainId: number;
  asset: string;
  assetContract: string;
  lotId: string | null;
  acquiredAt: number | null;
  quantity: bigint;
  decimals: number;
  costBasis: Decimal | null;
}

/** `costbasis-issues.csv`. */
export interface BasisIssue {
  entryId: string;
  issue: string;
  quantity: bigint | null;
  decimals: number | null;
  detail: string;
}

/** `lot-allocation.csv`: a universal lot given to a wallet when the scope changed to per wallet. */
export interface LotAllocationRow {
  at: number;
  wallet: string;
  chainId: number;
  asset: string;
  assetContract: string;
  lotId: string | null;
  acquiredAt: number | null;
  quantity: bigint;
  decimals: number;
  costBasis: Decimal | null;
}

/**
 * The tie-out's basis section, one per pool: cost acquired + moved in = disposed + removed + moved out + open. Costs
 * exact over the known lots; `unknown` counts the pieces of unknown cost on either side (then the equation is over
 * the known ones).
 */
export interface PoolTie {
  wallet: string | null;
  chainId: number;
  asset: string;
  assetContract: string;
  acquired: Decimal;
  movedIn: Decimal;
  disposed: Decimal;
  removed: Decimal;
  movedOut: Decimal;
  open: Decimal;
  unknown: number;
}

/**
 * Where the replay puts the period's income and removal rows and the issues as it makes them, in their files' order
 * (kept in arrays by `replayBasis`, handed on by an export).
 */
export interface BasisRowSink {
  income(row: IncomeRow): void;
  removal(row: RemovalRow): void;
  issue(issue: BasisIssue): void;
}

/**
 * What a replay keeps (its period's rows go to sinks: `GainSink`, `BasisRowSink`): the lots open at the period's end,
 * the allocations and each pool's tie.
 */
export interface BasisOutcome {
  openLots: OpenLotRow[];
  allocations: LotAllocationRow[];
  ties: PoolTie[];
  /** For the journals with lots: the lots open at the period's start, and those its removals and moves took. */
  trail?: LotTrail;
}

/**
 * A replay's report with its gain rows kept: the period's disposals, income and removals, the issues, the lots open
 * at the period's end and each pool's tie. Each disposal's pieces keep the lots they took, so a gain can be explained.
 */
export interface BasisReport extends BasisOutcome {
  gains: GainRowList;
  income: IncomeRow[];
  removals: RemovalRow[];
  issues: BasisIssue[];
}
