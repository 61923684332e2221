// The checks every server of the matrix gets, through the extension as a user's commands drive it: Start
// (and how long until it runs), its processes, its lists (tools, prompts, resources, templates: the SDK
// inside the extension validates each against the protocol's schemas), and one tool call from its recipe
// through Call Tool…, whose result, as the extension shows it, must match the recipe's pattern.
import * as vscode from 'vscode';
import { SessionState } from '../../src/mcp/sessionState';
import { api, callTool, hooks } from '../host/helpers';
import { poll } from './poll';
import { describe, leftAfter, kill, serverProcesses } from './processes';
import { type MatrixResults, type PlanRow, type ProcessRecord, reason, rowResult } from './plan';

const START_TIMEOUT_MS = 120_000;
/** The extension's stop sequence (close stdin, wait, SIGTERM, wait, SIGKILL) takes a few seconds at most. */
const STOP_TIMEOUT_MS = 15_000;

async function state(name: string) {
  return (await api()).getSession(name)?.state;
}

/** The extension's server processes now: name → the process it started. */
export async function serverPids(): Promise<Record<string, number>> {
  return (await vscode.commands.executeCommand<Record<string, number>>(hooks.serverProcesses)) ?? {};
}

/** The processes of `row` now: the tree under the process the extension (or the runner) started, and its marked ones. */
export async function processesOf(row: PlanRow): Promise<ProcessRecord[]> {
  const roots = row.transport === 'stdio' ? [(await serverPids())[row.name]].filter((p): p is number => p !== undefined) : (row.servedPids ?? []);
  return serverProcesses(row.marker, roots);
}

export async function startServer(row: PlanRow, results: MatrixResults): Promise<boolean> {
  const result = rowResult(results, row.name);
  const began = Date.now();
  try {
    await vscode.commands.executeCommand('mcpClient.startServer', row.name);
    // A failed start that the extension will retry (its backoff) is not the end: a cold server on a busy
    // machine may miss the first handshake. The first failure is kept, to be shown beside the start time.
    let firstFailure: string | undefined;
    const reached = await poll(`${row.name} to run`, async () => {
      const s = await state(row.name);
      if (s?.kind === 'error') firstFailure ??= s.message;
      return s && (s.kind === 'running' || SessionState.hasGivenUp(s)) && s;
    }, START_TIMEOUT_MS);
    if (reached.kind === 'error') throw new Error(reached.message);
    result.start = { ok: true, ms: Date.now() - began, ...(firstFailure ? { detail: `started on a retry; first attempt: ${firstFailure}` } : {}) };
    const info = (await api()).servers().find((s) => s.name === row.name);
    if (info?.server) result.server = { name: info.server.name, version: info.server.version };
    result.protocolVersion = info?.protocolVersion;
    result.processes = (await processesOf(row)).length;
    return true;
  } catch (error) {
    result.start = { ok: false, detail: reason(error) };
    return false;
  }
}

export async function checkLists(row: PlanRow, results: MatrixResults): Promise<void> {
  const result = rowResult(results, row.name);
  const session = (await api()).getSession(row.name)!;
  try {
    const [tools, prompts, resources, templates] = await Promise.all([
      session.listTools(),
      session.listPrompts(),
      session.listResources(),
      session.listResourceTemplates(),
    ]);
    result.lists = { ok: true, tools: tools.length, prompts: prompts.length, resources: resources.length, templates: templates.length };
  } catch (error) {
    result.lists = { ok: false, detail: reason(error) };
  }
}

/** How many times a call is made before its result is judged not to match (see checkCall). */
const CALL_ATTEMPTS = 5;

/** The call's result as the user sees it matches the recipe; its Markdown is kept for the app checks. */
export async function checkCall(row: PlanRow, results: MatrixResults): Promise<void> {
  const recipe = row.call;
  if (!recipe) return;
  const result = rowResult(results, row.name);
  try {
    // A server may take in its roots after it has answered (roots/list runs after initialize: server-pdf lists
    // the PDFs of the workspace folder only then), so a result that does not match yet is asked for again.
    let shown = '';
    for (let attempt = 1; ; attempt++) {
      const outcome = await callTool(row.name, recipe.tool, recipe.arguments ?? {});
      shown = outcome.markdown ?? '';
      if (outcome.error || outcome.cancelled) throw new Error(outcome.error ?? 'the call was cancelled');
      if (outcome.isError) throw new Error(`${recipe.tool} returned an error: ${shown.replace(/\s+/g, ' ').slice(0, 200)}`);
      if (new RegExp(recipe.expect).test(shown) || attempt === CALL_ATTEMPTS) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    if (!new RegExp(recipe.expect).test(shown)) throw new Error(`${recipe.tool}'s result does not match /${recipe.expect}/ after ${CALL_ATTEMPTS} calls: ${shown.replace(/\s+/g, ' ').slice(0, 200)}`);
    result.call = { ok: true };
    result.processesAfterCall = (await processesOf(row)).length;
  } catch (error) {
    result.call = { ok: false, detail: reason(error) };
  }
}

/** The extension's report of a line dropped from stdout (src/mcp/strayLines.ts): the first, a warning; then each line. */
const FIRST_DROPPED = /The server wrote (?:a line|JSON) to stdout that is not (?:an MCP|a JSON-RPC) message, and it was dropped: "(.*)"\. Over stdio/;
const LATER_DROPPED = /^\[info\] \[stdout, not MCP\] /;

/** How many lines on stdout the server's output channel reports as dropped so far, and the first of them. */
export async function recordStdout(row: PlanRow, results: MatrixResults): Promise<void> {
  const output = (await vscode.commands.executeCommand<string>(hooks.serverOutput, row.name)) ?? '';
  const lines = output.split('\n');
  const first = lines.map((line) => FIRST_DROPPED.exec(line)?.[1]).find((line) => line !== undefined);
  rowResult(results, row.name).stdout = { dropped: lines.filter((line) => FIRST_DROPPED.test(line) || LATER_DROPPED.test(line)).length, ...(first !== undefined && { first }) };
}

/** Stop (the command a user runs) ends every process of the server. */
export async function checkStop(row: PlanRow, results: MatrixResults): Promise<void> {
  const result = rowResult(results, row.name);
  const before = await processesOf(row);
  try {
    await vscode.commands.executeCommand('mcpClient.stopServer', row.name);
    await poll(`${row.name} to stop`, async () => (await state(row.name))?.kind === 'stopped', STOP_TIMEOUT_MS);
    const left = await leftAfter(before, STOP_TIMEOUT_MS);
    kill(left);
    result.stop = left.length ? { ok: false, leftovers: left.map(describe), detail: `${left.length} process(es) still ran after Stop` } : { ok: true };
  } catch (error) {
    result.stop = { ok: false, detail: reason(error) };
  }
}
