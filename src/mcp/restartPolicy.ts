// When a server crashes: retry with exponential backoff (1 s, 2 s, 4 s … capped at 30 s), and give up
// after 5 crashes within 3 minutes so a broken server cannot cause a restart storm. Starts that fail
// also give up after 5 in a row, however long each took: a start that times out after 30 s would
// otherwise spread five failures beyond any window and "gave up" would never come.

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

export type RestartDecision =
  | { kind: 'retry'; delayMs: number; attempt: number }
  | { kind: 'giveUp'; crashes: number; /** The count is of failed starts in a row, not crashes in the window. */ inARow: boolean };

export class RestartPolicy {
  private crashes: number[] = [];
  private failedStartsInARow = 0;

  constructor(
    private readonly options: RestartPolicyOptions = defaultRestartPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a crash (`startFailed`: the server never came up) and says what to do about it. */
  recordCrash(startFailed = false): RestartDecision {
    const now = this.now();
    this.crashes = this.crashes.filter((t) => now - t < this.options.windowMs);
    this.crashes.push(now);
    this.failedStartsInARow = startFailed ? this.failedStartsInARow + 1 : 0;
    const count = Math.max(this.crashes.length, this.failedStartsInARow);
    if (count >= this.options.maxCrashes) {
      return { kind: 'giveUp', crashes: count, inARow: this.failedStartsInARow >= this.options.maxCrashes };
    }
    const delayMs = Math.min(this.options.initialDelayMs * 2 ** (count - 1), this.options.maxDelayMs);
    return { kind: 'retry', delayMs, attempt: count };
  }

  /** A start the user asked for begins with a clean slate. */
  reset(): void {
    this.crashes = [];
    this.failedStartsInARow = 0;
  }

  /** The server came up: failed starts no longer run in a row. */
  recordRunning(): void {
    this.failedStartsInARow = 0;
  }

  get windowMinutes(): number {
    return Math.round(this.options.windowMs / 60_000);
  }
}
