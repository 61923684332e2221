// Every decision MCP Client asks the user for on a server's behalf (a tool call, a sampling request,
// an elicitation field) goes through `decide()`. In normal use it simply runs the dialog. Host tests
// cannot click dialogs, so when the test runner sets MCP_CLIENT_TEST_ANSWERS=1 the extension registers
// a command that queues answers; `decide()` then takes the next queued answer instead of showing the
// dialog, and records the question, so tests exercise every code path after the dialog for real.
// Outside test runs nothing can be queued: another extension cannot answer for the user.

export interface Question {
  kind: string;
  /** What the dialog shows (server, tool, arguments, …), as plain data for the tests to check. */
  [detail: string]: unknown;
}

export class UserAnswers {
  private readonly queue: { kind: string; answer: unknown }[] = [];
  private readonly asked: Question[] = [];

  constructor(readonly enabled: boolean) {}

  /** Test runs only: answers for the next questions, in order. */
  push(...answers: { kind: string; answer: unknown }[]): void {
    if (!this.enabled) throw new Error('Queued answers are only accepted in test runs.');
    this.queue.push(...answers);
  }

  /** Test runs only: drops the answers no question took (a failed test must not leave them to the next). */
  unqueue(): number {
    return this.queue.splice(0).length;
  }

  /** The questions asked so far (test runs only), optionally forgetting them. */
  questions(clear = false): Question[] {
    const copy = this.asked.slice();
    if (clear) this.asked.length = 0;
    return copy;
  }

  /** The user's answer to `question`: the queued one in a test run, otherwise whatever `ask` shows. */
  async decide<T>(question: Question, ask: () => Promise<T> | Thenable<T>): Promise<T> {
    if (!this.enabled) return ask();
    this.asked.push(question);
    if (this.asked.length > 200) this.asked.shift();
    const next = this.queue[0];
    if (!next) return ask();
    if (next.kind !== question.kind) throw new Error(`The test queued an answer to '${next.kind}' but the question is '${question.kind}'.`);
    this.queue.shift();
    return next.answer as T;
  }
}
