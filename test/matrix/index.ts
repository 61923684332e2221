// The compatibility matrix inside VS Code (the extensionTestsPath module of scripts/matrix/runMatrix.mjs):
// one window, every server of the plan. A window reload ends this extension host and the workbench runs
// this module again, so the run has two phases, told apart by the results file:
// 1. servers, a few at a time: Start, processes, lists, the recipe's call; then the apps, one at a time
//    (they share the theme); then Stop on each server, whose processes must all end; then every server
//    started and used again, its processes recorded, and "Developer: Reload Window";
// 2. after the reload: none of the recorded processes may still run.
// The results go to a JSON file; the runner judges them (known failures, with their reasons, are not
// failures) and writes docs/compatibility.md.
import * as vscode from 'vscode';
import { api } from '../host/helpers';
import { extensionLoaded, reportCounts } from '../host/index';
import { checkApp } from './appChecks';
import { describe, kill, leftAfter } from './processes';
import { type MatrixPlan, type MatrixResults, type PlanRow, readPlan, readResults, reason, rowResult, writeResults } from './plan';
import { checkCall, checkLists, checkStop, processesOf, recordStdout, startServer } from './serverChecks';

/** How long the processes of the reloaded window may take to end (its stop sequence runs as it closes). */
const RELOAD_TIMEOUT_MS = 15_000;

async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

async function timed(results: MatrixResults, phase: string, work: () => Promise<void>): Promise<void> {
  const began = Date.now();
  await work();
  results.timings[phase] = Date.now() - began;
}

const started = (results: MatrixResults, row: PlanRow) => results.rows[row.name]?.start?.ok === true;

/** How long a server's use before the reload may take (a browser server launches its browser). */
const USE_TIMEOUT_MS = 20_000;

/**
 * A server as it is after use: its recipe's call and its app's tool, straight through the session. Some
 * servers keep themselves alive after a call (the PDF server watches the file it showed, for a while), so
 * this runs just before the reload.
 */
async function use(row: PlanRow): Promise<void> {
  const session = (await api()).getSession(row.name);
  for (const recipe of [row.call, row.app]) {
    if (recipe) await session?.callTool({ name: recipe.tool, arguments: recipe.arguments ?? {} }, { timeout: USE_TIMEOUT_MS }).catch(() => undefined);
  }
}

async function beforeReload(plan: MatrixPlan): Promise<void> {
  const results: MatrixResults = { timings: {}, rows: {} };
  const stdio = () => plan.rows.filter((row) => row.transport === 'stdio' && started(results, row));
  await timed(results, 'servers', () =>
    pool(plan.rows, plan.concurrency, async (row) => {
      if (!(await startServer(row, results))) return;
      await checkLists(row, results);
      await checkCall(row, results);
      if (row.transport === 'stdio') await recordStdout(row, results);
    }),
  );
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await timed(results, 'apps', async () => {
    for (const row of plan.rows.filter((r) => r.app)) {
      if (started(results, row)) await checkApp(plan, row, results);
      else rowResult(results, row.name).app = { ok: false, detail: 'the server did not start' };
    }
  });
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await timed(results, 'stop', () => pool(stdio(), plan.concurrency, (row) => checkStop(row, results)));
  const beforeReload: Record<string, Awaited<ReturnType<typeof processesOf>>> = {};
  await timed(results, 'restart', async () => {
    const again = stdio();
    await pool(again, plan.concurrency, async (row) => {
      const result = rowResult(results, row.name);
      const { start, processes } = result; // the first start is the one the matrix reports
      if (!(await startServer(row, results))) result.reload = { ok: false, detail: `it did not start again before the reload: ${result.start?.detail}` };
      Object.assign(result, { start, processes });
    });
    const running = again.filter((row) => rowResult(results, row.name).reload === undefined);
    await Promise.all(running.map(use));
    for (const row of running) beforeReload[row.name] = await processesOf(row);
  });
  results.beforeReload = beforeReload;
  writeResults(plan, results);
  console.log(`Matrix: ${Object.keys(beforeReload).length} servers running; reloading the window.`);
  await vscode.commands.executeCommand('workbench.action.reloadWindow');
}

async function afterReload(plan: MatrixPlan, results: MatrixResults): Promise<void> {
  await timed(results, 'reload', () =>
    Promise.all(
      Object.entries(results.beforeReload ?? {}).map(async ([name, records]) => {
        const left = await leftAfter(records, RELOAD_TIMEOUT_MS);
        kill(left);
        rowResult(results, name).reload = left.length
          ? { ok: false, leftovers: left.map(describe), detail: `${left.length} process(es) outlived the window` }
          : { ok: true };
      }),
    ).then(() => undefined),
  );
  results.finished = true;
  writeResults(plan, results);
  reportCounts({ passed: 1, failed: 0, skipped: 0, failures: [] });
}

export async function run(): Promise<void> {
  await extensionLoaded();
  const plan = readPlan();
  const results = readResults(plan);
  try {
    if (results?.beforeReload) return await afterReload(plan, results);
    await beforeReload(plan);
  } catch (error) {
    // Nothing would report otherwise: the runner would wait for its time-out.
    reportCounts({ passed: 0, failed: 1, skipped: 0, failures: [`the matrix run inside VS Code: ${reason(error)}`] });
  }
  await new Promise(() => undefined); // the reload ends this extension host
}
