import { ChainNotAvailableError } from '../etherscan/errors.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { SkippedChain } from './planBlockRanges.js';

/** Thrown between requests once the sync must stop; never leaves syncJob. */
class Stopped extends Error {}

/**
 * What every concurrent job of one sync consults between requests: the first fatal error stops
 * them all (whatever is committed stays), an unavailable chain stops only that chain's jobs, and
 * the caller's AbortSignal stops everything.
 */
export class SyncControl {
  readonly skippedChains: SkippedChain[] = [];
  private failure: unknown = undefined;
  private failed = false;
  private readonly signal: AbortSignal | undefined;

  constructor(signal?: AbortSignal) {
    this.signal = signal;
  }

  /** Throws when the job of `chainId` must not send another request. */
  check(chainId: number): void {
    if (this.stopped || this.skipped(chainId)) throw new Stopped();
  }

  /** A fatal error or the signal stopped every job. */
  get stopped(): boolean {
    return this.failed || this.signal?.aborted === true;
  }

  /** Records why a job ended early. */
  handle(error: unknown, chainId: number): void {
    // After the signal, a call's wait for its send slot rejects with the signal's reason: the interruption, not a failure.
    if (error instanceof Stopped || this.signal?.aborted === true) return;
    if (error instanceof ChainNotAvailableError) {
      if (!this.skipped(chainId)) this.skippedChains.push({ chainId, reason: error.shortMessage });
      return;
    }
    if (!this.failed) {
      this.failed = true;
      this.failure = error;
    }
  }

  /** After every job settled: the first fatal error, or the interruption, if any. */
  throwIfStopped(): void {
    if (this.failed) throw this.failure;
    if (this.signal?.aborted === true) {
      const reason: unknown = this.signal.reason;
      throw new LedgerscanError('sync interrupted; every page committed so far is kept', {
        details: { reason: reason instanceof Error ? reason.message : String(reason) },
        cause: reason,
        kind: 'api',
      });
    }
  }

  /** The chain was found unavailable: its jobs stop, the others go on. */
  skipped(chainId: number): boolean {
    return this.skippedChains.some((skipped) => skipped.chainId === chainId);
  }
}
