// Running one saved call as a test: its server started if needed (by the same rules as any start), the
// tool called through the session, the expectations checked, and the outcome told to the Test Explorer
// with what was expected beside what came back (a diff for snapshots and values).
import type { CallToolResult } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { cleanServerText, TextCaps } from '../../common/serverText';
import { describeError } from '../../mcp/errors';
import type { SessionManager } from '../../mcp/sessionManager';
import { SessionState } from '../../mcp/sessionState';
import type { ToolCatalog } from '../../tools/toolCatalog';
import { maskDeep } from '../maskDeep';
import { checkExpectations, type Failure } from './expectations';
import type { SnapshotStore } from './snapshotStore';
import type { SavedCall } from './testFile';

/** The context value of a snapshot mismatch: its message offers Update Snapshot (package.json menus). */
export const SNAPSHOT_MISMATCH = 'mcpClient.snapshotMismatch';

export interface SavedCallDeps {
  sessions: SessionManager;
  catalog: ToolCatalog;
  snapshots: SnapshotStore;
}

/** Runs `call` of `file` for `item`; returns the result's snapshot value (for Update Snapshot), if it got one. */
export async function runSavedCall(deps: SavedCallDeps, run: vscode.TestRun, item: vscode.TestItem, file: vscode.Uri, call: SavedCall, token: vscode.CancellationToken): Promise<unknown> {
  const where = item.range ? new vscode.Location(file, item.range) : undefined;
  const message = (text: string) => Object.assign(new vscode.TestMessage(cleanServerText(text, TextCaps.description)), { location: where });
  if (call.problem) return void run.errored(item, message(call.problem));
  run.started(item);
  const { sessions, catalog, snapshots } = deps;
  if (!sessions.entries().some((e) => e.name === call.server)) {
    return void run.errored(item, message(vscode.l10n.t("No server named '{0}' is configured (mcpClient.servers).", call.server)));
  }
  await sessions.use(call.server);
  // Running a test is the user's request: a stopped server starts (trust and consent apply as to any start).
  if (!SessionState.isRunning(sessions.get(call.server)?.state ?? { kind: 'stopped' })) await sessions.start(call.server);
  const session = sessions.get(call.server);
  if (!session || !SessionState.isRunning(session.state)) {
    const state = session?.state;
    const why = state && 'message' in state ? state.message : state && 'reason' in state && state.reason ? state.reason : state?.kind ?? 'not configured';
    return void run.errored(item, message(vscode.l10n.t("The server '{0}' is not running: {1}. Run \"{2}\" to find out why.", call.server, why, vscode.l10n.t('MCP Client: Diagnose Server…'))));
  }
  await catalog.load();
  const tool = catalog.find(call.server, call.tool);
  if (!tool) return void run.errored(item, message(vscode.l10n.t("The server '{0}' has no tool named '{1}'.", call.server, call.tool)));
  const abort = new AbortController();
  const cancel = token.onCancellationRequested(() => abort.abort());
  const started = performance.now();
  let result: CallToolResult;
  try {
    result = await session.callTool({ name: call.tool, arguments: call.arguments }, { tool, signal: abort.signal });
  } catch (error) {
    if (abort.signal.aborted) return void run.skipped(item);
    return void run.failed(item, message(vscode.l10n.t('The call failed: {0}', session.mask(describeError(error)))), performance.now() - started);
  } finally {
    cancel.dispose();
  }
  const duration = performance.now() - started;
  // What leaves the session is masked (its `${input:…}` values): the messages, and the snapshot written into the workspace.
  const masked = maskDeep(result, (text) => session.mask(text)) as CallToolResult;
  const stored = (await snapshots.read(file))[call.name];
  const verdict = checkExpectations(call.expect, tool, masked, duration, stored);
  if (verdict.snapshotMissing) {
    await snapshots.write(file, call.name, verdict.snapshot);
    run.appendOutput(`${vscode.l10n.t('Stored the first snapshot of "{0}" in {1}.', call.name, vscode.workspace.asRelativePath(snapshots.fileOf(file)))}\r\n`, where, item);
  }
  if (verdict.failures.length) run.failed(item, verdict.failures.map((f) => failureMessage(f, where)), duration);
  else run.passed(item, duration);
  return verdict.snapshot;
}

function failureMessage(failure: Failure, location: vscode.Location | undefined): vscode.TestMessage {
  const text = cleanServerText(failure.message, TextCaps.description);
  const message = failure.expected !== undefined && failure.actual !== undefined ? vscode.TestMessage.diff(text, failure.expected, failure.actual) : new vscode.TestMessage(text);
  message.location = location;
  if (failure.snapshot) message.contextValue = SNAPSHOT_MISMATCH;
  return message;
}

/** Why a debug run cannot debug `server`, or undefined when dev mode's debugger is (or now gets) attached. */
export async function attachDebugger(sessions: SessionManager, server: string, attached: (name: string) => boolean): Promise<string | undefined> {
  const definition = sessions.get(server)?.definition;
  if (!definition) return vscode.l10n.t("No server named '{0}' is configured (mcpClient.servers).", server);
  if (!definition.dev?.debug) {
    return vscode.l10n.t("A debug run uses dev mode's debugger: add {0} to mcpClient.servers.{1} (or \"debugpy\" for a Python server).", '"dev": { "debug": { "type": "node" } }', server);
  }
  // A restart starts the server under the debugger (src/devmode/debugLaunch.ts) and attaches VS Code to it.
  if (!attached(server) || !SessionState.isRunning(sessions.get(server)!.state)) await sessions.restart(server);
  return undefined;
}
