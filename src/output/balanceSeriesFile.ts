import fs from 'node:fs/promises';
import type { BalanceSeriesJson } from '../outputs/balanceSeriesOutput.js';

export { BALANCE_SERIES_FILE } from '../outputs/balanceSeriesOutput.js';

/** What the balance chart reads: a run's period and its balances over time. */
export interface BalanceSeriesFile {
  period: { from: string; to: string };
  series: {
    chainId: number;
    wallet: string;
    walletLabel: string;
    asset: string;
    contract: string;
    decimals: number;
    points: { timestamp: number; change: bigint }[];
  }[];
}

/** The file a run wrote (`balanceSeriesOutput`), or undefined when it wrote none (a run before this file existed, or one that failed). */
export async function readBalanceSeriesFile(file: string): Promise<BalanceSeriesFile | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const json = JSON.parse(text) as BalanceSeriesJson;
  return {
    period: json.period,
    series: json.series.map((line) => ({
      ...line,
      points: line.points.map(([timestamp, change]) => ({ timestamp, change: BigInt(change) })),
    })),
  };
}
