import type { BasisLeg } from './BasisLeg.js';
import type { Holding } from './BasisEvent.js';

/**
 * A replay's holdings, one object each: the events of every leg of one wallet's asset share it, so the pools and
 * balances find theirs by identity, not by a key string built per event (the replay's profile showed those).
 */
export class Holdings {
  /** Wallet → contract → the holdings of that contract (chains, and in principle symbols or decimals, apart). */
  private readonly table = new Map<string, Map<string, Holding[]>>();

  /** The wallet's asset a leg moves; only legs with known decimals reach the events. */
  of(leg: BasisLeg): Holding {
    let byContract = this.table.get(leg.wallet);
    if (byContract === undefined) this.table.set(leg.wallet, (byContract = new Map()));
    let held = byContract.get(leg.assetContract);
    if (held === undefined) byContract.set(leg.assetContract, (held = []));
    for (const holding of held) {
      if (holding.chainId === leg.chainId && holding.asset === leg.asset && holding.decimals === leg.decimals) return holding;
    }
    const holding = {
      wallet: leg.wallet,
      chainId: leg.chainId,
      asset: leg.asset,
      assetContract: leg.assetContract,
      decimals: leg.decimals as number,
    };
    held.push(holding);
    return holding;
  }
}
