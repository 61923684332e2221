// When to restart a server whose files changed: a burst of changes (a build writing twenty files) gives
// one restart, after the burst settles; a change during a restart gives exactly one more afterwards
// (the restart may have started the server from files that were still being written).
export class RestartScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private pending = false;
  private disposed = false;

  constructor(
    private readonly restart: () => Promise<void>,
    private readonly settleMs = 300,
  ) {}

  /** A watched file changed. */
  changed(): void {
    if (this.disposed) return;
    if (this.running) {
      this.pending = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), this.settleMs);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    this.running = true;
    try {
      await this.restart();
    } catch {
      // The restart reports its own failure (the server's state and log); the next change tries again.
    } finally {
      this.running = false;
    }
    if (this.pending) {
      this.pending = false;
      this.changed();
    }
  }
}
