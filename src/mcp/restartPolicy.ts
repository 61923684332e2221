// When a server crashes: retry with exponential backoff (1 s, 2 s, 4 s … capped at 30 s), and give up
// after 5 crashes within 3 minutes so a broken server cannot cause a restart storm.

export interface RestartPolicyOptions {
  initialDelayMs: number;
  maxDelayMs: number;
  maxCrashes: number;
  windowMs: number;
}

export const defaultRestartPolicy: RestartPolicyOptions = {
  initialDelayMs: 1000,
  maxDelayMs: 30_000,
  maxCrashes: 5,
  windowMs: 3 * 60_000,
};

export type RestartDecision = { kind: 'retry'; delayMs: number; attempt: number } | { kind: 'giveUp'; crashes: number };

export class RestartPolicy {
  private crashes: number[] = [];

  constructor(
    private readonly options: RestartPolicyOptions = defaultRestartPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a crash and says what to do about it. */
  recordCrash(): RestartDecision {
    const now = this.now();
    this.crashes = this.crashes.filter((t) => now - t < this.options.windowMs);
    this.crashes.push(now);
    const count = this.crashes.length;
    if (count >= this.options.maxCrashes) {
      return { kind: 'giveUp', crashes: count };
    }
    const delayMs = Math.min(this.options.initialDelayMs * 2 ** (count - 1), this.options.maxDelayMs);
    return { kind: 'retry', delayMs, attempt: count };
  }

  /** A start the user asked for begins with a clean slate. */
  reset(): void {
    this.crashes = [];
  }

  get windowMinutes(): number {
    return Math.round(this.options.windowMs / 60_000);
  }
}
