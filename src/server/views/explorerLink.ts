import { html } from '../html.js';
import type { Html } from '../html.js';
import { shortened } from './shortened.js';

/** The Etherscan-family explorers of the chains most books hold; any other chain's hash goes to Blockscan's search across them. */
const EXPLORERS: Readonly<Record<number, string>> = {
  1: 'https://etherscan.io',
  10: 'https://optimistic.etherscan.io',
  56: 'https://bscscan.com',
  137: 'https://polygonscan.com',
  8453: 'https://basescan.org',
  42161: 'https://arbiscan.io',
  59144: 'https://lineascan.build',
  534352: 'https://scrollscan.com',
  11155111: 'https://sepolia.etherscan.io',
};

/** A transaction's short hash linking to its chain's explorer (a genesis pseudo hash has no page). */
export function explorerLink(chainId: number, txHash: string): Html {
  if (!/^0x[0-9a-f]{64}$/.test(txHash)) return shortened(txHash);
  const base = EXPLORERS[chainId];
  const href = base === undefined ? `https://blockscan.com/tx/${txHash}` : `${base}/tx/${txHash}`;
  return html`<a class="hash" href="${href}" rel="noopener noreferrer" target="_blank" title="${txHash}">${txHash.slice(0, 10)}…${txHash.slice(-6)}</a>`;
}
