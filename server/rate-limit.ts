/**
 * A fixed-window counter per key (the client's address) for form posts. It lives in
 * the process: with several replicas each counts its own share, which still stops a
 * single address from flooding the forms.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: ReturnType<typeof setInterval>;
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
    // Forget finished windows so the map cannot grow without bound.
    this.sweeper = setInterval(() => this.sweep(), Math.max(windowMs, 1000));
    this.sweeper.unref();
  }

  /** Counts one request from `key`; false when it is over the limit for this window. */
  allow(key: string): boolean {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    window.count++;
    return window.count <= this.limit;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}
