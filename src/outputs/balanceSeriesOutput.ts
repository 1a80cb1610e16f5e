import { Type, type Static } from 'typebox';
import { balanceSeriesConsumer, type SeriesState } from './balanceSeriesConsumer.js';
import type { Output } from './Output.js';

/** Where a workspace run keeps its balances over time, in its run folder (not among the files it delivers). */
export const BALANCE_SERIES_FILE = 'balance-series.json';

/** The file as written: amounts as decimal strings (JSON has no bigint), times in unix seconds. */
export const BalanceSeriesJson = Type.Object({
  period: Type.Object({ from: Type.String(), to: Type.String() }),
  series: Type.Array(
    Type.Object({
      chainId: Type.Integer(),
      wallet: Type.String(),
      walletLabel: Type.String(),
      asset: Type.String(),
      contract: Type.String(),
      decimals: Type.Integer(),
      points: Type.Array(Type.Tuple([Type.Integer(), Type.String({ pattern: '^-?[0-9]+$' })])),
    }),
  ),
});
export type BalanceSeriesJson = Static<typeof BalanceSeriesJson>;

const BalanceSeriesResult = Type.Object({
  file: Type.Literal(BALANCE_SERIES_FILE),
  /** Lines: one wallet's balance of one asset on one chain. */
  series: Type.Number(),
  points: Type.Number(),
});

/**
 * The period's balances over time for the workspace's chart (`balance-series.json`, in the run's folder): per
 * wallet, chain and fungible asset, the change since the period's start after each entry.
 */
export const balanceSeriesOutput: Output<'balanceSeries', SeriesState, typeof BalanceSeriesResult> = {
  ...balanceSeriesConsumer,
  needs: { runFolder: true },
  result: BalanceSeriesResult,
  merge(states) {
    // A line holds one chain's entries, so a part has it whole; lines keep the order their first entries come in.
    return states.flat().sort((a, b) => a.first.timestamp - b.first.timestamp || a.first.chainId - b.first.chainId);
  },
  async finish(state, { job, files }) {
    const json: BalanceSeriesJson = {
      period: { from: job.period.from, to: job.period.to },
      series: state.map(({ line }) => ({
        chainId: line.ref.chainId,
        wallet: line.ref.wallet,
        walletLabel: line.walletLabel,
        asset: line.asset,
        contract: line.ref.contract,
        decimals: line.decimals,
        points: line.points.map((point): [number, string] => [point.timestamp, point.change.toString()]),
      })),
    };
    await files.kept(BALANCE_SERIES_FILE, `${JSON.stringify(json)}\n`);
    return { file: BALANCE_SERIES_FILE, series: state.length, points: state.reduce((sum, { line }) => sum + line.points.length, 0) };
  },
};
