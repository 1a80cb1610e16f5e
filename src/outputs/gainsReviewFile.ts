import { Type, type Static } from 'typebox';
import type { BasisLeg } from '../costbasis/BasisLeg.js';
import type { DisposalKind } from '../costbasis/BasisEvent.js';
import type { BasisIssue, GainRow } from '../costbasis/BasisReport.js';
import type { BasisMethod } from '../costbasis/CostBasisSettings.js';
import { Decimal, formatUnits } from '../ledger/money.js';
import type { TrailAcquisition } from './gainTrail.js';

/** Where a workspace run keeps its gains for review, in its run folder (not among the files it delivers). */
export const GAINS_REVIEW_FILE = 'gains-review.json';

/** Money exact as a decimal text (rounded only when shown), or null when unknown. */
const Exact = Type.Union([Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$' }), Type.Null()]);
/** Base units as a decimal integer text (JSON has no bigint). */
const Raw = Type.String({ pattern: '^[0-9]+$' });

const GainRowJson = Type.Object({
  entryId: Type.String(),
  lotId: Type.Union([Type.String(), Type.Null()]),
  txHash: Type.String(),
  chainId: Type.Integer(),
  wallet: Type.String(),
  asset: Type.String(),
  assetContract: Type.String(),
  quantity: Raw,
  decimals: Type.Integer(),
  acquiredAt: Type.Union([Type.Integer(), Type.Null()]),
  soldAt: Type.Integer(),
  proceeds: Exact,
  sellingCosts: Exact,
  costBasis: Exact,
  gain: Exact,
  term: Type.Union([Type.Literal('short'), Type.Literal('long'), Type.Null()]),
  kind: Type.String(),
  method: Type.String(),
  flags: Type.Array(Type.String()),
});

/** The leg behind a lot or an issue, as the lot trail and the worklist's fixes need it. */
const LegJson = Type.Object({
  entryId: Type.String(),
  txHash: Type.String(),
  timestamp: Type.Integer(),
  chainId: Type.Integer(),
  wallet: Type.String(),
  direction: Type.String(),
  category: Type.String(),
  asset: Type.String(),
  assetContract: Type.String(),
  amountRaw: Raw,
  decimals: Type.Union([Type.Integer(), Type.Null()]),
  value: Exact,
});
export type LegJson = Static<typeof LegJson>;

/** The kept file: the period's `gains.csv` rows (money exact), the legs that acquired their lots, and the issues with their legs. */
export const GainsReviewJson = Type.Object({
  currency: Type.String(),
  method: Type.String(),
  scope: Type.String(),
  profile: Type.String(),
  period: Type.Object({ from: Type.String(), to: Type.String() }),
  rows: Type.Array(GainRowJson),
  acquisitions: Type.Array(LegJson),
  issues: Type.Array(
    Type.Object({
      entryId: Type.String(),
      issue: Type.String(),
      /** Whole units, '' when the issue names none. */
      quantity: Type.String(),
      detail: Type.String(),
      /** The issue's leg when it is one of the ledger's (an opening lot's issue has none). */
      leg: Type.Union([LegJson, Type.Null()]),
    }),
  ),
});
export type GainsReviewJson = Static<typeof GainsReviewJson>;

const exact = (value: Decimal | null): string | null => (value === null ? null : value.toFixed());
const decimal = (text: string | null): Decimal | null => (text === null ? null : new Decimal(text));

export function gainRowJson(row: GainRow): Static<typeof GainRowJson> {
  // Field by field, not a spread: a row the replay made keeps its money as Money besides (`gainMoney`), not for the file.
  return {
    entryId: row.entryId,
    lotId: row.lotId,
    txHash: row.txHash,
    chainId: row.chainId,
    wallet: row.wallet,
    asset: row.asset,
    assetContract: row.assetContract,
    quantity: row.quantity.toString(),
    decimals: row.decimals,
    acquiredAt: row.acquiredAt,
    soldAt: row.soldAt,
    proceeds: exact(row.proceeds),
    sellingCosts: exact(row.sellingCosts),
    costBasis: exact(row.costBasis),
    gain: exact(row.gain),
    term: row.term,
    kind: row.kind,
    method: row.method,
    flags: [...row.flags],
  };
}

/** A kept row as the replay gave it (money exact). */
export function gainRowOf(row: Static<typeof GainRowJson>): GainRow {
  return {
    ...row,
    quantity: BigInt(row.quantity),
    proceeds: decimal(row.proceeds),
    sellingCosts: decimal(row.sellingCosts),
    costBasis: decimal(row.costBasis),
    gain: decimal(row.gain),
    kind: row.kind as DisposalKind,
    method: row.method as BasisMethod,
  };
}

export function legJson(leg: BasisLeg): LegJson {
  const { entryId, txHash, timestamp, chainId, wallet, direction, category, asset, assetContract, decimals } = leg;
  return {
    entryId,
    txHash,
    timestamp,
    chainId,
    wallet,
    direction,
    category,
    asset,
    assetContract,
    decimals,
    amountRaw: leg.amountRaw.toString(),
    value: exact(leg.value),
  };
}

/** A kept leg as the lot trail reads an acquisition. */
export function acquisitionOf(leg: LegJson): TrailAcquisition {
  return { ...leg, amountRaw: BigInt(leg.amountRaw), value: decimal(leg.value) };
}

export function issueJson(issue: BasisIssue, leg: BasisLeg | undefined): GainsReviewJson['issues'][number] {
  const quantity = issue.quantity === null ? '' : formatUnits(issue.quantity, issue.decimals ?? 0);
  return { entryId: issue.entryId, issue: issue.issue, quantity, detail: issue.detail, leg: leg === undefined ? null : legJson(leg) };
}
