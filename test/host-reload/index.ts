// The window-reload run (scripts/test.mjs starts it after the other host suites): a task left running
// must be found again after "Developer: Reload Window" and followed to its result. A reload ends this
// extension host and the workbench runs this module again, so the run has two phases, told apart by a
// marker file (MCP_CLIENT_RELOAD_MARKER, a path in a fresh temporary folder): before the reload, start a
// task on the HTTP tasks server (which keeps its tasks) and write the task's id to the marker; after it,
// run afterReload.test.js, which finds that task in the Tasks view.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../shared/until';
import { hooks, toolsOf } from '../host/helpers';
import { extensionLoaded, reportCounts, runMocha } from '../host/index';

export const RELOAD_SERVER = 'tasks-http';
export const RELOAD_STEPS = 60;

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
  await toolsOf(RELOAD_SERVER, ['slow_job']);
  // Not awaited: Call Tool… follows the task to its end, which comes after the reload.
  void vscode.commands.executeCommand('mcpClient.tools.call', { server: RELOAD_SERVER, tool: 'slow_job', arguments: { steps: RELOAD_STEPS, ask: false } });
  const row = await until('the task working in the Tasks view', async () => (await taskRows()).find((r) => r.server === RELOAD_SERVER && r.status === 'working'), 30_000);
  writeFileSync(markerPath(), JSON.stringify({ taskId: row.taskId }));
  console.log(`Task ${row.taskId} is working (${row.description}); reloading the window.`);
  await vscode.commands.executeCommand('workbench.action.reloadWindow');
}
