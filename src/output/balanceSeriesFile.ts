import type { BalanceSeries } from '../holdings/balanceSeries.js';
import { AtomicFile } from './AtomicFile.js';

/** Where a workspace run keeps its balances over time, in its run folder (not among the files it delivers). */
export const BALANCE_SERIES_FILE = 'balance-series.json';

/** The file as written (the workspace reads it as `BALANCE_SERIES`): amounts as decimal strings (JSON has no bigint), times in unix seconds. */
interface BalanceSeriesJson {
  period: { from: string; to: string };
  series: {
    chainId: number;
    wallet: string;
    walletLabel: string;
    asset: string;
    contract: string;
    decimals: number;
    points: [number, string][];
  }[];
}

export async function writeBalanceSeriesFile(
  file: string,
  period: { from: string; to: string },
  series: readonly BalanceSeries[],
): Promise<void> {
  const json: BalanceSeriesJson = {
    period: { from: period.from, to: period.to },
    series: series.map((line) => ({
      chainId: line.ref.chainId,
      wallet: line.ref.wallet,
      walletLabel: line.walletLabel,
      asset: line.asset,
      contract: line.ref.contract,
      decimals: line.decimals,
      points: line.points.map((point) => [point.timestamp, point.change.toString()]),
    })),
  };
  const out = new AtomicFile(file);
  try {
    await out.write(`${JSON.stringify(json)}\n`);
    await out.commit();
  } catch (error) {
    await out.abort();
    throw error;
  }
}
