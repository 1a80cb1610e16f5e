/** Decimals of an ERC-20 row, or `null` with the reason when the explorer does not know them. */
export interface TokenDecimals {
  decimals: number | null;
  note: '' | 'unknown_decimals' | 'unknown_metadata';
}

/**
 * Never defaults to 18 (or 0): a wrong guess silently scales an amount by up to 10^18. Etherscan sends
 * `tokenDecimal ""` when it has no metadata, and `"0"` with empty name and symbol for contracts without
 * valid metadata; a real 0-decimals token has a name or a symbol.
 */
export function tokenDecimals(row: { tokenName: string; tokenSymbol: string; tokenDecimal?: string }): TokenDecimals {
  const text = row.tokenDecimal ?? '';
  if (!/^[0-9]{1,3}$/.test(text)) return { decimals: null, note: 'unknown_decimals' };
  const decimals = Number(text);
  if (decimals === 0 && row.tokenName.trim() === '' && row.tokenSymbol.trim() === '') {
    return { decimals: null, note: 'unknown_metadata' };
  }
  return { decimals, note: '' };
}
