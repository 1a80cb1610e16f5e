import type { Chain } from '../chains/chains.js';
import { BRIDGE_CONTRACTS, type BridgeContract } from './bridgeContracts.js';
import { KNOWN_TOKENS } from './knownTokens.js';
import type { LedgerContext } from './LedgerContext.js';
import { WRAPPED_NATIVE, type WrappedNative } from './wrappedNative.js';

/**
 * The job's lists as lookups, derived once per context instead of once per entry: a deny list scanned
 * and lowercased for every token movement, or a plain object indexed by a fresh address string (V8
 * interns the key on every lookup), cost more than the rules themselves.
 */
export interface ContextIndex {
  chain: Chain;
  /** The chain's native symbol, upper case: a token using it impersonates the native coin. */
  nativeSymbol: string;
  /** The real contracts of well-known symbols on this chain; `undefined` when the chain is not checked. */
  knownTokens: ReadonlyMap<string, readonly string[]> | undefined;
  /** Address → label: the job's labels first, then the owned wallets' labels. */
  labels: ReadonlyMap<string, string>;
  /** Lowercase contracts always flagged as spam. */
  deny: ReadonlySet<string>;
  /** Lowercase contracts never flagged as spam. */
  allow: ReadonlySet<string>;
  /** The chain's wrapped native coin, when it has one. */
  wrapped: WrappedNative | undefined;
  /** The chain's canonical bridge contracts by lowercase address. */
  bridges: ReadonlyMap<string, BridgeContract>;
}

// A context is built once per job and chain and never changed, so its index can live as long as it does.
const indexes = new WeakMap<LedgerContext, ContextIndex>();

export function contextIndex(context: LedgerContext): ContextIndex {
  let index = indexes.get(context);
  if (index === undefined) {
    const labels = new Map(Object.entries(context.labels));
    for (const [address, { label }] of context.wallets) if (!labels.has(address)) labels.set(address, label);
    const known = KNOWN_TOKENS[context.chain.id];
    index = {
      chain: context.chain,
      nativeSymbol: context.chain.nativeSymbol.toUpperCase(),
      knownTokens: known === undefined ? undefined : new Map(Object.entries(known)),
      labels,
      deny: new Set(context.spam.deny.map((address) => address.toLowerCase())),
      allow: new Set(context.spam.allow.map((address) => address.toLowerCase())),
      wrapped: WRAPPED_NATIVE[context.chain.id],
      bridges: new Map(Object.entries(BRIDGE_CONTRACTS[context.chain.id] ?? {})),
    };
    indexes.set(context, index);
  }
  return index;
}
