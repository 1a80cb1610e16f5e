/** How many failed logins, within what window, before a name or an address must wait. */
export interface LoginLimits {
  /** Failures per address (one office, one attacker) within `addressWindowMs`. */
  perAddress: number;
  addressWindowMs: number;
  /** Failures per account name, from any address, within `accountWindowMs`. */
  perAccount: number;
  accountWindowMs: number;
}

interface Failures {
  count: number;
  /** When the first failure counted now was made; the count ends a window after it. */
  since: number;
  windowMs: number;
}

/** Beyond this many names and addresses tracked, the ones whose window has ended are dropped. */
const SWEEP_AT = 10_000;

/**
 * Failed logins counted per account and per address: either over its limit makes that login wait (429) until
 * its window ends. Only failures count, and a success resets both, so an office behind one address never locks
 * itself out by logging in, while guessing one account from many addresses, or many from one, is slowed.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** The two counters of a login: its account name and its address. */
  keysOf(name: string, address: string): { account: string; address: string } {
    return { account: `account ${name}`, address: `address ${address}` };
  }

  /** Milliseconds until either counter allows another attempt; undefined when both do. */
  blockedFor(keys: { account: string; address: string }): number | undefined {
    const waits = [this.wait(keys.account, this.limits.perAccount), this.wait(keys.address, this.limits.perAddress)].filter(
      (wait) => wait !== undefined,
    );
    return waits.length === 0 ? undefined : Math.max(...waits);
  }

  failed(keys: { account: string; address: string }): void {
    if (this.failures.size > SWEEP_AT) this.sweep();
    this.count(keys.account, this.limits.accountWindowMs);
    this.count(keys.address, this.limits.addressWindowMs);
  }

  succeeded(keys: { account: string; address: string }): void {
    this.failures.delete(keys.account);
    this.failures.delete(keys.address);
  }

  private wait(key: string, limit: number): number | undefined {
    const entry = this.current(key);
    return entry === undefined || entry.count < limit ? undefined : entry.since + entry.windowMs - this.now();
  }

  private count(key: string, windowMs: number): void {
    const entry = this.current(key);
    this.failures.set(key, entry === undefined ? { count: 1, since: this.now(), windowMs } : { ...entry, count: entry.count + 1 });
  }

  private current(key: string): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry === undefined || entry.since + entry.windowMs > this.now()) return entry;
    this.failures.delete(key);
    return undefined;
  }

  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.current(key);
  }
}
