import { allocateLots } from './allocateLots.js';
import type { BasisReplay } from './BasisReplay.js';
import type { BasisMethod, BasisScope } from './CostBasisSettings.js';
import { openLotRow } from './openLotRow.js';

/**
 * From `at` on, lots leave by `method` in pools of `scope`. Universal → wallet allocates each universal pool's lots to
 * the wallets holding the asset at that instant, in the method's order (the rows and issues are reported when the
 * switch falls in the period); wallet → universal merges the wallets' pools. Either way the lots keep id, time and
 * cost, and the ties count them out and in.
 */
export function switchScope(replay: BasisReplay, method: BasisMethod, scope: BasisScope, at: number, day: string): void {
  const { book } = replay;
  if (scope === book.scope) return book.rebuild(method, at, day);
  const drained = book.drain(at, day);
  const toWallets = scope === 'wallet';
  book.scope = scope;
  book.method = method;
  for (const { entry, lots } of drained) {
    const { chainId, asset, assetContract, decimals } = entry;
    if (!toWallets) {
      const merged = book.poolOf({ wallet: entry.wallet ?? '', chainId, asset, assetContract, decimals });
      for (const lot of lots) merged.pool.acquire(lot);
      book.count(entry, 'movedOut', lots);
      book.count(merged, 'movedIn', lots);
      continue;
    }
    const { shares, surplus } = allocateLots(book.inOrder(lots, method, at, day), replay.balancesOf(chainId, assetContract));
    for (const share of shares) {
      const target = book.poolOf({ wallet: share.wallet, chainId, asset, assetContract, decimals });
      for (const lot of share.lots) {
        target.pool.acquire(lot);
        if (replay.inPeriod(at)) replay.report.allocations.push({ at, ...openLotRow(share.wallet, entry, lot) });
      }
      book.count(entry, 'movedOut', share.lots);
      book.count(target, 'movedIn', share.lots);
      if (share.uncovered > 0n && replay.inPeriod(at)) {
        const detail = `${share.wallet} held more ${asset} (chain ${chainId}) than the universal lots left at the switch to per-wallet pools`;
        replay.issue({ entryId: '', issue: 'missing_acquisition', quantity: share.uncovered, decimals, detail });
      }
    }
    book.count(entry, 'removed', surplus);
    if (!replay.inPeriod(at)) continue;
    for (const lot of surplus) {
      const detail = `a universal lot no wallet held at the switch to per-wallet pools (${asset}, chain ${chainId}): dropped`;
      replay.issue({ entryId: lot.lotId, issue: 'allocation_surplus', quantity: lot.quantity, decimals, detail });
    }
  }
}
