// A server's questions must not bury the user: each server asks one question at a time (the next waits
// for the answer to the last), at most a few wait, and at most ELICITATIONS_PER_MINUTE start in a minute.
// Beyond that a request fails at once with a protocol error that says why (not a "decline", which the
// server would take for the user's answer). No `vscode` import: unit-tested.

export const ELICITATIONS_PER_MINUTE = 10;
export const MAX_WAITING_ELICITATIONS = 3;

export class ElicitationLimitError extends Error {
  readonly code = -32603;
  override name = 'ElicitationLimitError';
}

export class ElicitationLimits {
  private readonly started = new Map<string, number[]>();
  private readonly queues = new Map<string, { tail: Promise<unknown>; waiting: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Runs `ask` for `server` when its turn comes, or throws ElicitationLimitError when the server asks too much. */
  async run<T>(server: string, ask: () => Promise<T>): Promise<T> {
    const queue = this.queues.get(server) ?? { tail: Promise.resolve(), waiting: 0 };
    if (queue.waiting >= MAX_WAITING_ELICITATIONS + 1) {
      throw new ElicitationLimitError(`Too many questions at once: '${server}' has ${queue.waiting} waiting for the user (at most ${MAX_WAITING_ELICITATIONS} may wait behind the open one).`);
    }
    const times = (this.started.get(server) ?? []).filter((t) => this.now() - t < 60_000);
    if (times.length >= ELICITATIONS_PER_MINUTE) {
      throw new ElicitationLimitError(`Too many questions: at most ${ELICITATIONS_PER_MINUTE} elicitation requests a minute from '${server}'.`);
    }
    times.push(this.now());
    this.started.set(server, times);
    queue.waiting++;
    this.queues.set(server, queue);
    const turn = queue.tail.then(ask);
    queue.tail = turn.catch(() => undefined);
    try {
      return await turn;
    } finally {
      queue.waiting--;
    }
  }
}
