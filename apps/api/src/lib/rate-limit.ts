/**
 * Counts failures per key in a sliding window, in memory. Enough for one API process;
 * several processes behind a balancer would each keep their own counts (documented limit).
 */
export class FailureLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.max) return 0;
    const oldest = recent[recent.length - this.max] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  fail(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.hits.set(key, recent);
    if (this.hits.size > 50_000) this.sweep();
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > cutoff);
  }

  private sweep(): void {
    for (const key of this.hits.keys()) {
      if (this.recent(key).length === 0) this.hits.delete(key);
    }
  }
}
