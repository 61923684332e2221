// What each saved call's last run ended with, kept as plain data beside the Test Explorer (which does not
// let an extension read results back): the host tests and the rerun-on-restart logic read it here.
import * as vscode from 'vscode';

export interface Outcome {
  state: 'passed' | 'failed' | 'errored' | 'skipped';
  messages: { message: string; expected?: string; actual?: string; contextValue?: string }[];
  durationMs?: number;
  /** Counts runs of this test in the window. */
  run: number;
}

/** `run`, telling `outcomes` each test's end as it tells the Test Explorer. */
export function recordingRun(run: vscode.TestRun, outcomes: Map<string, Outcome>): vscode.TestRun {
  const note = (item: vscode.TestItem, state: Outcome['state'], messages: vscode.TestMessage | readonly vscode.TestMessage[] = [], durationMs?: number) => {
    const list = (Array.isArray(messages) ? messages : [messages]) as vscode.TestMessage[];
    outcomes.set(item.id, {
      state,
      messages: list.map((m) => ({ message: typeof m.message === 'string' ? m.message : m.message.value, expected: m.expectedOutput, actual: m.actualOutput, contextValue: m.contextValue })),
      durationMs,
      run: (outcomes.get(item.id)?.run ?? 0) + 1,
    });
  };
  return Object.assign(Object.create(run) as vscode.TestRun, {
    passed: (item: vscode.TestItem, duration?: number) => (note(item, 'passed', [], duration), run.passed(item, duration)),
    failed: (item: vscode.TestItem, message: vscode.TestMessage | readonly vscode.TestMessage[], duration?: number) => (note(item, 'failed', message, duration), run.failed(item, message, duration)),
    errored: (item: vscode.TestItem, message: vscode.TestMessage | readonly vscode.TestMessage[], duration?: number) => (note(item, 'errored', message, duration), run.errored(item, message, duration)),
    skipped: (item: vscode.TestItem) => (note(item, 'skipped'), run.skipped(item)),
    started: (item: vscode.TestItem) => run.started(item),
    appendOutput: (output: string, location?: vscode.Location, item?: vscode.TestItem) => run.appendOutput(output, location, item),
    end: () => run.end(),
  });
}
