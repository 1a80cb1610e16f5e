import type { Chain } from './chains.js';

/**
 * How the ledger computes a fee on `chain`, in the words the manifest gives the reader: where the figure
 * comes from, and for an `unknown` model that nobody checked the chain's formula.
 */
export function feeRule(chain: Chain): string {
  const receipt = 'receipt gasUsed × effectiveGasPrice';
  const blob = ' + blobGasUsed × blobGasPrice when present';
  switch (chain.feeModel) {
    case 'legacy':
      return 'txlist gasUsed × gasPrice (no fee market: exact without a receipt)';
    case 'eip1559':
      return chain.feeMarketBlock === null || chain.feeMarketBlock === 0
        ? `${receipt}${blob}`
        : `txlist gasUsed × gasPrice before block ${chain.feeMarketBlock} (no fee market yet: exact without a receipt); from it ${receipt}${blob}`;
    case 'op-stack':
      return `${receipt} + the receipt's l1Fee${blob}`;
    case 'arbitrum':
    case 'zksync':
      return `${receipt} (the txlist gasPrice is only the bid)${blob}`;
    case 'unknown':
      return `fee model unknown: the receipt's fields as they come, ${receipt} + l1Fee when present${blob}`;
  }
}
