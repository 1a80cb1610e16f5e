/** Genesis allocations come as txlist rows with a `GENESIS_<address>` pseudo hash: no real tx, no fee. */
export function isGenesis(txHash: string): boolean {
  return txHash.startsWith('GENESIS_');
}
