// Shared by the workbench's host suites: servers added to the user settings for a suite (and removed
// after it), and the test hooks of the Protocol view, the History view and the saved calls.
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PanelState } from '../../../src/workbench/protocol/protocolPanel';
import type { HistoryEntry } from '../../../src/workbench/history/callHistory';
import type { Outcome } from '../../../src/workbench/tests/runOutcomes';
import { until } from '../../shared/until';
import { hooks, stateOf } from '../helpers';

export const fixtures = () => process.env.MCP_CLIENT_FIXTURES!;
export const fixtureScript = (name: string) => join(fixtures(), 'servers', `${name}.js`);
/** The Node the fixtures run on (scripts/test.mjs configures it for the `fixture` server). */
export const node = () => vscode.workspace.getConfiguration('mcpClient').inspect<Record<string, { command: string }>>('servers')!.globalValue!.fixture!.command;
export const workspaceFolder = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;

/** Adds (or with `undefined`, removes) servers in the user settings. */
export async function setServers(extra: Record<string, unknown>): Promise<void> {
  const config = vscode.workspace.getConfiguration('mcpClient');
  const servers = config.inspect<Record<string, unknown>>('servers')!.globalValue ?? {};
  const next = Object.fromEntries(Object.entries({ ...servers, ...extra }).filter(([, v]) => v !== undefined));
  await config.update('servers', next, vscode.ConfigurationTarget.Global);
}

export async function running(name: string, timeoutMs = 60_000): Promise<void> {
  await until(`${name} to run`, async () => (await stateOf(name)) === 'running', timeoutMs);
}

export interface ProtocolViewState extends PanelState {
  title: string;
  server: string;
}

/** The open Protocol views; `action` first does what a button of the view titled `title` does. */
export async function protocolViews(query: { title?: string; action?: { type: string; text?: string; seq?: number } } = {}): Promise<{ done: unknown; views: ProtocolViewState[] }> {
  return (await vscode.commands.executeCommand(hooks.protocolViews, query)) as { done: unknown; views: ProtocolViewState[] };
}

export async function history(): Promise<{ rows: { label: string; description: string; contextValue: string; icon: string; tooltip: string }[]; stored: HistoryEntry[] }> {
  return (await vscode.commands.executeCommand(hooks.history)) as never;
}

export interface SavedCallsState {
  items: { id: string; label: string; description?: string; error?: string; file?: string; line?: number }[];
  outcomes: Record<string, Outcome>;
}

export async function savedCalls(query: { discover?: boolean; run?: string[] | 'all'; debug?: boolean; wait?: boolean } = {}): Promise<SavedCallsState> {
  return (await vscode.commands.executeCommand(hooks.savedCalls, query)) as SavedCallsState;
}
