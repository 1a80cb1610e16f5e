import type { LedgerscanError } from '../errors/LedgerscanError.js';
import { ApiProtocolError, ApiUnavailableError, ApiUnsupportedError } from './errors.js';

/** An optional API action the API refused on one chain, and what it answered. */
export interface UnavailableFeature {
  /** The action, e.g. `balancemulti`, `tokenbalance`, `balancehistory`. */
  feature: string;
  chainId: number;
  /** The refusal as one line (API key already redacted by the client). */
  reason: string;
}

/** Retries that ended on these say the API serves no usable answer here, not that the network failed. */
const REFUSING_RETRIES: ReadonlySet<ApiUnavailableError['lastReason']> = new Set(['html', 'truncated', 'http']);

/**
 * The refusal in `error` when it means "this API does not serve this action" (not implemented, not in the
 * plan, 404, HTML or empty pages, answers of no known shape); `undefined` for what must stop the run
 * whatever the action (key, daily quota, network down).
 */
export function featureRefusal(error: unknown): string | undefined {
  if (error instanceof ApiUnsupportedError || error instanceof ApiProtocolError) return oneLine(error);
  if (error instanceof ApiUnavailableError && REFUSING_RETRIES.has(error.lastReason)) return oneLine(error);
  return undefined;
}

/**
 * The optional actions of one run (balances, historical balances, name tags). The first refusal of an
 * action on a chain marks it unavailable there, so later calls are not made and the run reports it once.
 */
export class OptionalFeatures {
  private readonly refused = new Map<string, UnavailableFeature>();
  /** The first call of each feature on each chain: the others wait for it, so a refusal costs one call. */
  private readonly probes = new Map<string, Promise<unknown>>();

  isAvailable(feature: string, chainId: number): boolean {
    return !this.refused.has(key(feature, chainId));
  }

  /** `call`'s value, or `undefined` when the feature is (or now turns out) unavailable on the chain. */
  async attempt<T>(feature: string, chainId: number, call: () => Promise<T>): Promise<T | undefined> {
    const probeKey = key(feature, chainId);
    const probe = this.probes.get(probeKey);
    if (probe !== undefined) await probe;
    if (!this.isAvailable(feature, chainId)) return undefined;
    const running = this.run(feature, chainId, call);
    if (probe === undefined)
      this.probes.set(
        probeKey,
        running.catch(() => undefined),
      );
    return running;
  }

  private async run<T>(feature: string, chainId: number, call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call();
    } catch (error) {
      const reason = featureRefusal(error);
      if (reason === undefined) throw error;
      if (this.isAvailable(feature, chainId)) this.refused.set(key(feature, chainId), { feature, chainId, reason });
      return undefined;
    }
  }

  /** The refused features, by chain then feature. */
  unavailable(): UnavailableFeature[] {
    return [...this.refused.values()].sort((a, b) => a.chainId - b.chainId || a.feature.localeCompare(b.feature));
  }
}

function key(feature: string, chainId: number): string {
  return `${chainId}|${feature}`;
}

/** The short message and the API's own words, without the request details the report already gives. */
function oneLine(error: LedgerscanError): string {
  const said = error.details['answer'] ?? error.details['last'];
  return `${error.shortMessage}${said === undefined ? '' : `: ${String(said)}`}`.replace(/\s+/g, ' ');
}
