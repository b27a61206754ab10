/** A token bucket: `burst` messages at once, then one every `everyMs`. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly everyMs: number,
    now: number = Date.now(),
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Takes one token: 0 when allowed, otherwise the milliseconds until the next one. */
  take(now: number = Date.now()): number {
    this.tokens = Math.min(this.burst, this.tokens + (now - this.last) / this.everyMs);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - this.tokens) * this.everyMs);
  }
}
