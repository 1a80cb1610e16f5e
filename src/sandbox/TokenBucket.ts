/**
 * A token bucket of capacity N refilled continuously at N per second: a client that spaces its
 * requests 1/N s apart is never refused, a burst beyond N is.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = rate;
    this.last = now();
  }

  tryTake(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.rate, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
