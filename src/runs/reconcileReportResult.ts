import { Type, type Static } from 'typebox';
import { jsonFileResult } from './RunResult.js';

/** An amount of the report: base units exact and formatted ('' when the decimals are unknown); null when not known. */
const Amount = Type.Union([Type.Object({ raw: Type.String(), amount: Type.String() }), Type.Null()]);

const Asset = Type.Object({
  chainId: Type.Integer(),
  chain: Type.String(),
  wallet: Type.String(),
  walletLabel: Type.String(),
  assetKind: Type.String(),
  asset: Type.String(),
  assetContract: Type.String(),
  tokenId: Type.String(),
  decimals: Type.Union([Type.Integer(), Type.Null()]),
  spam: Type.String(),
  syncedBlock: Type.Integer(),
  /** Absent from reports written before it was recorded. */
  syncedBlockTime: Type.Optional(Type.String()),
  status: Type.String(),
  firstDivergence: Type.Union([Type.Object({ block: Type.Integer() }), Type.Null()]),
  opening: Amount,
  in: Amount,
  out: Amount,
  fees: Amount,
  closing: Amount,
  ledgerBalance: Amount,
  chainBalance: Amount,
  difference: Amount,
});

/** What the pages read of `reconcile.json` (the pipeline's `ReconcileJson`): the period, the synced blocks, each asset's figures. */
const ReconcileReportSchema = Type.Object({
  period: Type.Object({ from: Type.Optional(Type.String()), to: Type.Optional(Type.String()) }),
  /** Per chain id (a JSON key, so a string). */
  syncedBlocks: Type.Record(Type.String(), Type.Integer()),
  /** Absent from reports written before it was recorded. */
  syncedBlockTimes: Type.Optional(Type.Record(Type.String(), Type.String())),
  assets: Type.Array(Asset),
});

export type ReconcileReport = Static<typeof ReconcileReportSchema>;
export type ReconcileReportAsset = Static<typeof Asset>;
export type ReconcileReportAmount = Static<typeof Amount>;

/** A reconcile's report: the roll-forward per wallet and asset and the comparison with the chain. */
export const RECONCILE_REPORT = jsonFileResult('reconcile report', 'reconcile.json', ReconcileReportSchema);
