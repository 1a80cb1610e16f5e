import { findChain } from '../chains/chains.js';
import { assetKey } from '../holdings/AssetRef.js';
import type { BalanceSeriesJson } from '../outputs/balanceSeriesOutput.js';
import { BALANCE_SERIES } from '../runs/exportResults.js';
import type { ReconcileReport } from '../runs/reconcileReportResult.js';
import type { Workspace } from '../workspace/Workspace.js';
import type { Run } from '../workspace/WorkspaceData.js';
import { latestResult } from './runReports.js';

/** One wallet's balance of one fungible asset on one chain over the period, in base units (exact), as the chart draws it. */
export interface BalanceSeries {
  chain: string;
  wallet: string;
  walletLabel: string;
  asset: string;
  decimals: number;
  /** Balance at the period's start: from a reconcile of the same period, else 0 (then the chart shows the change). */
  opening: bigint;
  openingKnown: boolean;
  points: { time: string; balance: bigint }[];
}

/**
 * The newest finished run that kept its balances over time (every workspace export and close does; a closed period
 * counts as much as an export), with them.
 */
export async function latestBalanceSeries(
  workspace: Workspace,
  runs: readonly Run[],
): Promise<{ run: Run; file: BalanceSeriesJson } | undefined> {
  const latest = await latestResult(workspace, runs, BALANCE_SERIES);
  return latest === undefined ? undefined : { run: latest.run, file: latest.value };
}

/** The run's series, each opened at the balance a reconcile over the same period found at its start, when there is one. */
export function balanceSeries(file: BalanceSeriesJson, reconcile: ReconcileReport | undefined): BalanceSeries[] {
  const openings = new Map<string, bigint>();
  for (const asset of reconcile?.assets ?? []) {
    if (asset.opening !== null && (asset.assetKind === 'native' || asset.assetKind === 'erc20')) {
      openings.set(
        assetKey({ chainId: asset.chainId, wallet: asset.wallet, contract: asset.assetContract, tokenId: '' }),
        BigInt(asset.opening.raw),
      );
    }
  }
  return file.series.map((line) => {
    const opening = openings.get(assetKey({ ...line, tokenId: '' }));
    const start = opening ?? 0n;
    return {
      chain: findChain(line.chainId)?.slug ?? String(line.chainId),
      wallet: line.wallet,
      walletLabel: line.walletLabel,
      asset: line.asset,
      decimals: line.decimals,
      opening: start,
      openingKnown: opening !== undefined,
      points: line.points.map(([timestamp, change]) => ({
        time: new Date(timestamp * 1000).toISOString(),
        balance: start + BigInt(change),
      })),
    };
  });
}
