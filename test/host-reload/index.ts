// The window-reload run (scripts/test.mjs starts it after the other host suites): a task left running
// must be found again after "Developer: Reload Window" and followed to its result. Issue 25: a tool result's
// tab is restored and reads its result; the servers of the window before are gone (server-pdf, which
// ignores stdin closing, included); a crash told before the reload is not told again after it; and the
// notice that no language model is installed (this run has none) is not repeated at the next window. A reload ends this
// extension host and the workbench runs this module again, so the run has two phases, told apart by a
// marker file (MCP_CLIENT_RELOAD_MARKER, a path in a fresh temporary folder): before the reload, start a
// task on the HTTP tasks server (which keeps its tasks) and write the task's id to the marker; after it,
// run afterReload.test.js, which finds that task in the Tasks view.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../shared/until';
import { api, callTool, hooks, toolsOf } from '../host/helpers';
import { extensionLoaded, reportCounts, runMocha } from '../host/index';

export const RELOAD_SERVER = 'tasks-http';
export const RELOAD_STEPS = 60;
const HELLO_PDF = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'files', 'hello.pdf');

export interface TaskRow {
  server: string;
  tool: string;
  taskId: string;
  status: string;
  description: string;
  error?: string;
  resultText?: string;
}

export const taskRows = async () => (await vscode.commands.executeCommand<TaskRow[]>(hooks.tasks)) ?? [];

/** What the first window leaves for the second to check. */
export interface Marker {
  taskId: string;
  resultDocument: string;
  serverPids: number[];
}

/** The notifications shown since the extension loaded in this window ("MCP Client: …"). */
export const notifications = async () => ((await vscode.commands.executeCommand<{ message: string }[]>(hooks.notifications)) ?? []).map((n) => n.message);

/** This extension host's child processes running `needle` (ps, as a person would look). */
export function childProcesses(needle: string): number[] {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m && Number(m[2]) === process.pid && m[3]!.includes(needle))
    .map((m) => Number(m[1]));
}

/** Waits until `server` has given up its starts, and returns its message. */
export async function gaveUp(server: string): Promise<string> {
  return until(`${server} to give up`, async () => {
    const state = (await api()).servers().find((s) => s.name === server)?.state as { kind: string; gaveUp?: boolean; message?: string } | undefined;
    return state?.kind === 'error' && state.gaveUp && state.message;
  }, 90_000);
}

export function markerPath(): string {
  const marker = process.env.MCP_CLIENT_RELOAD_MARKER;
  if (!marker) throw new Error('MCP_CLIENT_RELOAD_MARKER is not set: run the window-reload run with scripts/test.mjs');
  return marker;
}

export async function run(): Promise<void> {
  await extensionLoaded();
  if (existsSync(markerPath())) return runMocha([join(__dirname, 'afterReload.test.js')]);
  try {
    await startTaskAndReload();
  } catch (error) {
    // Nothing would report otherwise: the run would wait for its time-out.
    reportCounts({ passed: 0, failed: 1, skipped: 0, failures: [`before the reload: ${String((error as Error)?.message ?? error).split('\n')[0]}`] });
  }
  await new Promise(() => undefined); // the reload ends this extension host
}

async function startTaskAndReload(): Promise<void> {
  // A result in its own tab, and server-pdf after display_pdf (it then ignores stdin closing).
  await toolsOf('tools', ['echo']);
  const result = await callTool('tools', 'echo', { text: 'kept across the reload' });
  await toolsOf('pdf', ['display_pdf'], 60_000);
  await callTool('pdf', 'display_pdf', { url: HELLO_PDF });
  const serverPids = [...childProcesses('server-pdf'), ...childProcesses('toolsFixture')];
  if (serverPids.length < 2) throw new Error(`expected the pdf and tools servers among this host's children, found ${serverPids.join(', ')}`);
  // The crash loop gives up once, told once, in two sentences; the missing model is told once.
  const message = await gaveUp('crashy');
  if (!/variable\. Gave up after/.test(message)) throw new Error(`the give-up message runs its sentences together: ${message}`);
  const told = await notifications();
  const crashes = told.filter((m) => m.includes("'crashy'"));
  if (crashes.length !== 1) throw new Error(`one notification for the crash loop, not ${crashes.length}: ${JSON.stringify(crashes)}`);
  if (told.filter((m) => m.includes('no language model is installed')).length !== 1) throw new Error(`the no-model notice once: ${JSON.stringify(told)}`);
  // Last, so that the task is still working when the window reloads.
  await toolsOf(RELOAD_SERVER, ['slow_job']);
  // Not awaited: Call Tool… follows the task to its end, which comes after the reload.
  void vscode.commands.executeCommand('mcpClient.tools.call', { server: RELOAD_SERVER, tool: 'slow_job', arguments: { steps: RELOAD_STEPS, ask: false } });
  const row = await until('the task working in the Tasks view', async () => (await taskRows()).find((r) => r.server === RELOAD_SERVER && r.status === 'working'), 30_000);
  const marker: Marker = { taskId: row.taskId, resultDocument: result.document!, serverPids };
  writeFileSync(markerPath(), JSON.stringify(marker));
  console.log(`Task ${row.taskId} is working (${row.description}); reloading the window.`);
  await vscode.commands.executeCommand('workbench.action.reloadWindow');
}
