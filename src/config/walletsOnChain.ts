/** The wallets exported on a chain: those without a chain list are on every chain of the job. */
export function walletsOnChain<W extends { chains: readonly number[] | null }>(wallets: readonly W[], chainId: number): W[] {
  return wallets.filter((wallet) => wallet.chains === null || wallet.chains.includes(chainId));
}
