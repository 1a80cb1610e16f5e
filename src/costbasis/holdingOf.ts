import type { BasisLeg } from './BasisLeg.js';
import type { Holding } from './BasisEvent.js';

/** The wallet's asset a leg moves; only legs with known decimals reach the events. */
export function holdingOf(leg: BasisLeg): Holding {
  return {
    wallet: leg.wallet,
    chainId: leg.chainId,
    asset: leg.asset,
    assetContract: leg.assetContract,
    decimals: leg.decimals as number,
  };
}
