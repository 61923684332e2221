// Keeps a flooding server from drowning its log channel (and the extension host with it): at most
// `perSecond` server log messages are written each second; the rest are counted and summarised once.

export class LogRateLimiter {
  private windowStart = 0;
  private written = 0;
  private dropped = 0;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Whether to write this message. `summary` is called first with the number dropped in the
   * previous window, when a new window opens after drops.
   */
  admit(summary: (dropped: number) => void): boolean {
    const now = this.now();
    if (now - this.windowStart >= 1000) {
      if (this.dropped) summary(this.dropped);
      this.windowStart = now;
      this.written = 0;
      this.dropped = 0;
    }
    if (this.written < this.perSecond) {
      this.written++;
      return true;
    }
    this.dropped++;
    return false;
  }

  /** Drops still uncounted at the end (e.g. when the connection closes). */
  flush(summary: (dropped: number) => void): void {
    if (this.dropped) summary(this.dropped);
    this.dropped = 0;
  }
}
