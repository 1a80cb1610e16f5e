import { Prng } from './Prng.js';

export const FAULT_KINDS = ['http502', 'truncated', 'drop', 'rateLimit', 'queryTimeout'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultOptions {
  /** Probability in [0, 1] that a request is faulted. */
  rate: number;
  seed?: number;
  /** Default: every kind. */
  kinds?: readonly FaultKind[];
}

/** Decides, from a seeded PRNG, which requests fail and how; Query Timeout only hits list actions. */
export class FaultInjector {
  private readonly prng: Prng;
  private readonly kinds: readonly FaultKind[];

  constructor(private readonly options: FaultOptions) {
    this.prng = new Prng(options.seed ?? 1);
    this.kinds = options.kinds ?? FAULT_KINDS;
  }

  roll(listAction: boolean): FaultKind | undefined {
    if (this.options.rate <= 0 || this.prng.next() >= this.options.rate) return undefined;
    const allowed = listAction ? this.kinds : this.kinds.filter((kind) => kind !== 'queryTimeout');
    return allowed.length === 0 ? undefined : this.prng.pick(allowed);
  }
}
