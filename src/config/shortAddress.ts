/** A readable default label, `0xab12...cd34`; ASCII so every tax tool's CSV import accepts it. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}
