import type { JobWallet } from './Job.js';
import type { Problems } from './Problems.js';
import type { Sourced } from './Sourced.js';
import { checkKeys } from './checkKeys.js';
import { isPlainObject } from './isPlainObject.js';
import { listItems } from './listItems.js';
import { parseAddress } from './parseAddress.js';
import { parseChainId } from './parseChainId.js';
import { quoteValue } from './quoteValue.js';
import { shortAddress } from './shortAddress.js';

/**
 * Wallets from --address values or job-file wallet objects. A wallet's own chains must be among
 * the job's chains (`jobChains` undefined when those are themselves invalid, to avoid echo problems).
 */
export function resolveWallets(wallets: Sourced | undefined, jobChains: readonly number[] | undefined, problems: Problems): JobWallet[] {
  if (wallets === undefined) {
    problems.add(
      problems.worded({
        cli: 'no wallet given (pass --address 0x…, repeatable, or list "wallets" in the job file)',
        web: 'wallets: none given (add at least one wallet address)',
      }),
    );
    return [];
  }
  const items = listItems(wallets, problems) ?? [];
  if (items.length === 0 && Array.isArray(wallets.value)) problems.add(`${wallets.field} is empty (add at least one wallet address)`);
  const resolved: JobWallet[] = [];
  const seen = new Map<string, string>();
  for (const item of items) {
    const wallet = resolveWallet(item, jobChains, problems);
    if (wallet === undefined) continue;
    const first = seen.get(wallet.address);
    if (first !== undefined) {
      problems.add(`${addressField(item)} ${wallet.address} repeats ${first} (list each wallet once)`);
      continue;
    }
    seen.set(wallet.address, addressField(item));
    resolved.push(wallet);
  }
  return resolved;
}

function addressField(item: Sourced): string {
  return typeof item.value === 'string' ? item.field : `${item.field}.address`;
}

function resolveWallet(item: Sourced, jobChains: readonly number[] | undefined, problems: Problems): JobWallet | undefined {
  if (typeof item.value === 'string') {
    const address = problems.attempt(() => parseAddress(item.value, item.field));
    return address === undefined ? undefined : { address, label: shortAddress(address), chains: null };
  }
  if (!isPlainObject(item.value)) {
    problems.add(`${item.field} must be an object such as {"address": "0x…", "label": "Main"} (or an address string)`);
    return undefined;
  }
  const { address: rawAddress, label, chains } = item.value;
  checkKeys(item.value, ['address', 'label', 'chains'], item.field, problems);
  const address = problems.attempt(() => parseAddress(rawAddress, `${item.field}.address`));
  if (label !== undefined && (typeof label !== 'string' || label.trim() === '')) {
    problems.add(`${item.field}.label ${quoteValue(label)} is not a text label (use a non-empty string such as "Main")`);
  }
  const walletChains =
    chains === undefined ? null : resolveWalletChains({ ...item, value: chains, field: `${item.field}.chains` }, jobChains, problems);
  if (address === undefined || walletChains === undefined) return undefined;
  return { address, label: typeof label === 'string' && label.trim() !== '' ? label : shortAddress(address), chains: walletChains };
}

function resolveWalletChains(chains: Sourced, jobChains: readonly number[] | undefined, problems: Problems): number[] | undefined {
  const items = listItems(chains, problems);
  if (items === undefined) return undefined;
  if (items.length === 0) problems.add(`${chains.field} is empty (leave it out to export the wallet on every job chain)`);
  const ids: number[] = [];
  for (const item of items) {
    const id = problems.attempt(() => parseChainId(item.value, item.field, problems.surface));
    if (id === undefined) continue;
    if (jobChains !== undefined && !jobChains.includes(id)) {
      problems.add(
        `${item.field} ${id} is not one of the job's chains ${jobChains.join(', ')} (add it to the job's chains or remove it here)`,
      );
      continue;
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
