// Saved calls in VS Code's Test Explorer: every `*.mcp-tests.json` of the workspace is a file item, each
// call in it a test (placed at its line, read again as the file is typed). Run one, a file or all; a
// Debug run starts the server under dev mode's debugger first; when dev mode restarts a server after a
// change, the tests of that server that ran in this window (or are watched continuously) run again.
import * as vscode from 'vscode';
import { recordingRun, type Outcome } from './runOutcomes';
import { runSavedCall, attachDebugger, type SavedCallDeps } from './runSavedCall';
import { parseTestFile, TEST_FILE_GLOB, TEST_FILE_SUFFIX, type SavedCall } from './testFile';

export const TEST_CONTROLLER_ID = 'mcpClient.savedCalls';

export class SavedCallTests implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController(TEST_CONTROLLER_ID, vscode.l10n.t('MCP Saved Calls'));
  private readonly calls = new Map<string, { file: vscode.Uri; call: SavedCall }>();
  /** The result of each test's last run, as a snapshot (Update Snapshot writes it). */
  readonly lastSnapshots = new Map<string, unknown>();
  /** Tests that ran in this window, and tests watched continuously: dev-mode restarts run them again. */
  private readonly ran = new Set<string>();
  private readonly continuous = new Set<string>();
  private readonly debugSessions = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [];
  readonly runProfile: vscode.TestRunProfile;
  /** Runs in progress (the host tests wait for them). */
  readonly running = new Set<Promise<void>>();
  /** Each test's last outcome, as told to the Test Explorer. */
  readonly outcomes = new Map<string, Outcome>();

  constructor(
    private readonly deps: SavedCallDeps,
    devRestarted: vscode.Event<string>,
  ) {
    this.runProfile = this.controller.createRunProfile(vscode.l10n.t('Run'), vscode.TestRunProfileKind.Run, (request, token) => this.track(this.run(request, token, false)), true, undefined, true);
    this.controller.createRunProfile(vscode.l10n.t('Debug'), vscode.TestRunProfileKind.Debug, (request, token) => this.track(this.run(request, token, true)), true);
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discover();
    };
    this.controller.refreshHandler = () => this.discover();
    const watcher = vscode.workspace.createFileSystemWatcher(TEST_FILE_GLOB);
    this.disposables.push(
      this.controller,
      watcher,
      watcher.onDidCreate((uri) => void this.load(uri)),
      watcher.onDidChange((uri) => void this.load(uri)),
      watcher.onDidDelete((uri) => this.remove(uri)),
      // As the file is typed, not only when it is saved; and a file opened before the Test Explorer ever was.
      vscode.workspace.onDidChangeTextDocument((e) => isTestFile(e.document) && this.update(e.document.uri, e.document.getText())),
      vscode.workspace.onDidOpenTextDocument((document) => isTestFile(document) && this.update(document.uri, document.getText())),
      vscode.debug.onDidStartDebugSession((s) => this.debugSessions.add(s.name)),
      vscode.debug.onDidTerminateDebugSession((s) => this.debugSessions.delete(s.name)),
      devRestarted((server) => void this.rerunFor(server)),
    );
  }

  /** The test files open in editors now (the rest are found when the Test Explorer asks). */
  readOpenFiles(): void {
    for (const document of vscode.workspace.textDocuments) if (isTestFile(document)) this.update(document.uri, document.getText());
  }

  /** Reads every test file of the workspace. */
  async discover(): Promise<void> {
    const files = await vscode.workspace.findFiles(TEST_FILE_GLOB, '**/node_modules/**');
    await Promise.all(files.map((uri) => this.load(uri)));
  }

  async load(uri: vscode.Uri): Promise<vscode.TestItem> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    return this.update(uri, text);
  }

  /** The saved call behind a test item. */
  callOf(id: string): { file: vscode.Uri; call: SavedCall } | undefined {
    return this.calls.get(id);
  }

  private update(uri: vscode.Uri, text: string): vscode.TestItem {
    const parsed = parseTestFile(text);
    const file = this.controller.items.get(uri.toString()) ?? this.controller.createTestItem(uri.toString(), uri.path.split('/').pop()!, uri);
    this.controller.items.add(file);
    file.error = parsed.problem;
    for (const [id, entry] of this.calls) if (entry.file.toString() === uri.toString()) this.calls.delete(id);
    const lines = lineStarts(text);
    file.children.replace(
      parsed.tests.map((call) => {
        const item = this.controller.createTestItem(`${uri.toString()}#${call.name}`, call.name, uri);
        item.range = new vscode.Range(positionAt(lines, call.offset), positionAt(lines, call.offset + call.length));
        item.description = call.problem ? vscode.l10n.t('cannot run') : `${call.server} · ${call.tool}`;
        item.error = call.problem;
        this.calls.set(item.id, { file: uri, call });
        return item;
      }),
    );
    return file;
  }

  private remove(uri: vscode.Uri): void {
    this.controller.items.delete(uri.toString());
    for (const [id, entry] of this.calls) if (entry.file.toString() === uri.toString()) this.calls.delete(id);
  }

  private track(work: Promise<void>): Promise<void> {
    this.running.add(work);
    return work.finally(() => this.running.delete(work));
  }

  async run(request: vscode.TestRunRequest, token: vscode.CancellationToken, debug: boolean): Promise<void> {
    if (!this.controller.items.size) await this.discover();
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    const leaves: vscode.TestItem[] = [];
    const collect = (item: vscode.TestItem) => {
      if (excluded.has(item.id)) return;
      if (this.calls.has(item.id)) leaves.push(item);
      else item.children.forEach(collect);
    };
    if (request.include) request.include.forEach(collect);
    else this.controller.items.forEach(collect);
    if (request.continuous) {
      for (const item of leaves) this.continuous.add(item.id);
      token.onCancellationRequested(() => leaves.forEach((item) => this.continuous.delete(item.id)));
    }
    const run = recordingRun(this.controller.createTestRun(request), this.outcomes);
    try {
      const refused = new Map<string, string | undefined>();
      if (debug) {
        for (const server of new Set(leaves.map((i) => this.calls.get(i.id)!.call.server))) {
          refused.set(server, await attachDebugger(this.deps.sessions, server, (name) => this.debugSessions.has(vscode.l10n.t('MCP: {0}', name))));
        }
      }
      for (const item of leaves) {
        const { file, call } = this.calls.get(item.id)!;
        if (token.isCancellationRequested) {
          run.skipped(item);
          continue;
        }
        const why = refused.get(call.server);
        if (why) {
          run.errored(item, new vscode.TestMessage(why));
          continue;
        }
        this.ran.add(item.id);
        const snapshot = await runSavedCall(this.deps, run, item, file, call, token);
        if (snapshot !== undefined) this.lastSnapshots.set(item.id, snapshot);
      }
    } finally {
      run.end();
    }
  }

  /** Dev mode restarted `server`: its tests that ran in this window (or are watched) run again. */
  private async rerunFor(server: string): Promise<void> {
    const items: vscode.TestItem[] = [];
    for (const [id, { call }] of this.calls) {
      if (call.server !== server || !(this.ran.has(id) || this.continuous.has(id))) continue;
      const item = this.find(id);
      if (item) items.push(item);
    }
    if (!items.length) return;
    const cancel = new vscode.CancellationTokenSource();
    await this.track(this.run(new vscode.TestRunRequest(items, undefined, this.runProfile), cancel.token, false)).finally(() => cancel.dispose());
  }

  find(id: string): vscode.TestItem | undefined {
    const fileId = id.slice(0, id.indexOf('#'));
    return this.controller.items.get(fileId)?.children.get(id);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

function isTestFile(document: vscode.TextDocument): boolean {
  return document.uri.scheme === 'file' && document.uri.path.endsWith(TEST_FILE_SUFFIX);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function positionAt(starts: number[], offset: number): vscode.Position {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return new vscode.Position(low, offset - starts[low]!);
}
