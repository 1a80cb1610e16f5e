import type { AssetNaming } from './Template.js';
import type { Leg } from './ViewRow.js';
import { isNft } from './ViewRow.js';

/** Placeholder names already handed out, by `<chainId>:<contract>:<tokenId>`; persisted between runs. */
export type PlaceholderMap = Record<string, string>;

/**
 * Currency names as the tool wants them. Koinly cannot price unknown NFTs or symbol-less tokens, so they get
 * `NFT<n>` / `NULL<n>`; a name once given is reused on every later run (the map is loaded and saved by the
 * caller), otherwise a re-import would make the same NFT look like a new asset.
 */
export class AssetNamer {
  private readonly nft: AssetNaming;
  private readonly unknownToken: AssetNaming;
  private readonly placeholders: PlaceholderMap;
  private readonly next = { NFT: 1, NULL: 1 };
  private added = false;

  constructor(nft: AssetNaming, unknownToken: AssetNaming, placeholders: PlaceholderMap = {}) {
    this.nft = nft;
    this.unknownToken = unknownToken;
    this.placeholders = { ...placeholders };
    for (const name of Object.values(this.placeholders)) {
      const match = /^(NFT|NULL)(\d+)$/.exec(name);
      if (match !== null) {
        const prefix = match[1] as 'NFT' | 'NULL';
        this.next[prefix] = Math.max(this.next[prefix], Number(match[2]) + 1);
      }
    }
  }

  /** True when this run handed out a new placeholder, so the map must be saved. */
  get changed(): boolean {
    return this.added;
  }

  mapping(): PlaceholderMap {
    return { ...this.placeholders };
  }

  name(leg: Leg): string {
    if (isNft(leg)) return this.nft === 'placeholder' ? this.placeholder('NFT', leg) : nftDisplayName(leg);
    if (leg.asset === '') return this.unknownToken === 'placeholder' ? this.placeholder('NULL', leg) : leg.assetContract;
    // A spam token often borrows a real symbol (ETH, USDC): under that name a tax tool would book it as the real
    // asset, and a bank-statement file would merge it into the real one's. Its contract keeps it apart.
    if (leg.spam !== '' && leg.assetContract !== '') return spamName(leg);
    return leg.asset;
  }

  /** What a placeholder stands for, for the row's description; `''` when the name is the real one. */
  explain(leg: Leg): string {
    const usesPlaceholder = isNft(leg) ? this.nft === 'placeholder' : leg.asset === '' && this.unknownToken === 'placeholder';
    if (!usesPlaceholder) return '';
    const real = isNft(leg) ? nftDisplayName(leg) : 'token without symbol';
    return `${this.name(leg)} = ${real} (${leg.assetContract} on chain ${leg.chainId})`;
  }

  private placeholder(prefix: 'NFT' | 'NULL', leg: Leg): string {
    const key = `${leg.chainId}:${leg.assetContract}:${prefix === 'NFT' ? leg.tokenId : ''}`;
    const known = this.placeholders[key];
    if (known !== undefined) return known;
    const name = `${prefix}${this.next[prefix]}`;
    this.next[prefix] += 1;
    this.placeholders[key] = name;
    this.added = true;
    return name;
  }
}

/** `USDC-SPAM-2658fa`: the symbol the token claims, marked, with the start of its contract. */
export function spamName(leg: Leg): string {
  return `${leg.asset}-SPAM-${leg.assetContract.slice(2, 8)}`;
}

export function nftDisplayName(leg: Leg): string {
  return `${leg.asset === '' ? leg.assetContract : leg.asset} #${leg.tokenId}`;
}
