/** A wallet to sync and the chains it is synced on, read by `syncJob` and by `estimateCalls` (its own file, so neither imports the other). */
export interface SyncWallet {
  address: string;
  /** `null`: every chain of the plan. */
  chains: readonly number[] | null;
}
