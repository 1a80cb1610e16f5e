import { formatUnits } from '../../ledger/money.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { shortHex, shortened } from './shortened.js';

/** The columns of an asset that reports (reconcile, balances, tie-out) carry, as their writers spell them. */
export interface AssetColumns {
  assetKind: string;
  /** The symbol the token's contract claims ('' when it has none). */
  asset: string;
  assetContract: string;
  tokenId: string;
  /** Why it counts as spam ('' when it does not). */
  spam: string;
}

const isNft = (asset: AssetColumns): boolean => asset.assetKind === 'erc721' || asset.assetKind === 'erc1155';

/**
 * An asset told apart from every other: the chain's coin by its symbol; a token by its symbol (or `token` when it
 * has none) and its short contract; an NFT as collection `#id`; spam marked as such, its claimed symbol quoted.
 */
export function assetLabel(asset: AssetColumns): Html {
  if (asset.assetKind === 'native' || asset.assetContract === '') return html`<span class="asset">${asset.asset}</span>`;
  const name = asset.asset === '' ? 'token' : asset.spam === '' ? asset.asset : `“${asset.asset}”`;
  return html`${asset.spam === '' ? '' : html`<span class="spam-tag" title="${asset.spam}">spam</span> `}<span class="asset">${name}${isNft(asset) && asset.tokenId !== '' ? html` <span class="token-id">#${asset.tokenId}</span>` : ''}</span> ${shortened(asset.assetContract)}`;
}

/** The unit written after an amount: the symbol of a real fungible asset; nothing for NFTs (a count) or spam. */
export function unitOf(asset: AssetColumns): string {
  if (isNft(asset) || asset.spam !== '') return '';
  return asset.asset === '' ? shortHex(asset.assetContract) : asset.asset;
}

/**
 * An amount in the asset's units with its unit; base units only when the decimals are unknown, and then said.
 * `formatted` is the writer's own formatting when it has one ('' when the decimals are unknown).
 */
export function amountText(raw: string, decimals: number | null, unit: string, formatted?: string): string {
  if (raw === '') return '';
  const units =
    formatted !== undefined && formatted !== '' ? formatted : decimals === null ? undefined : formatUnits(BigInt(raw), decimals);
  if (units === undefined) return `${raw} base units (decimals unknown)`;
  return unit === '' ? units : `${units} ${unit}`;
}
