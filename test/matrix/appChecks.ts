// The checks every MCP App of the matrix gets, in the real workbench (the UI driver reads the app's own
// frame): its tool, called through Call Tool…, shows the app; it renders (the recipe's `ready` text), and
// what its frame recorded (Content-Security-Policy violations, errors) goes to the runner, which judges it;
// an update reaches it (a click, a choice, a tool called from outside, or its own poll); and it follows
// the editor's theme, measured on a screenshot of its frame in a light and in a dark theme.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { closeAllApps, initializedApp, shownApps, type ShownApp } from '../host/apps/appsHelpers';
import { callTool } from '../host/helpers';
import { ui } from '../host/uiDriver';
import { until } from '../shared/until';
import { poll } from './poll';
import { type AppRecipe, type MatrixPlan, type MatrixResults, type PlanRow, reason, rowResult } from './plan';

// Bounds on waiting for what a working app does in a second or two: they only decide how long a failure
// (often a known one) takes to be reported, and the apps run one after another.
const RENDER_TIMEOUT_MS = 30_000;
const UPDATE_TIMEOUT_MS = 20_000;
const THEME_TIMEOUT_MS = 8_000;
/** A background this light or lighter is a light one (relative luminance: VS Code's Light Modern is 1, Dark Modern about 0.01). */
const LIGHT = 0.5;

async function setTheme(theme: string): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', theme, vscode.ConfigurationTarget.Global);
}

const matches = (text: string | null, pattern?: string) => text !== null && text !== '' && (pattern === undefined || new RegExp(pattern).test(text));

/** The structured result of a call, as the extension's result document shows it (its last JSON block). */
function structuredOf(markdown: string): Record<string, unknown> {
  const blocks = [...markdown.matchAll(/```json\n([\s\S]*?)\n```/g)];
  try {
    return JSON.parse(blocks.at(-1)?.[1] ?? '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Arguments with each "${result.<key>}" replaced by that key of the app tool's structured result. */
function withResult(args: Record<string, unknown> | undefined, structured: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(args ?? {}), (_key, value: unknown) =>
    typeof value === 'string' ? value.replace(/\$\{result\.([\w.]+)\}/g, (_m, key: string) => String(structured[key] ?? '')) : value,
  ) as Record<string, unknown>;
}

async function pushUpdate(row: PlanRow, app: ShownApp, update: AppRecipe['update'], structured: Record<string, unknown>): Promise<void> {
  const before = await poll(`${update.watch} to show a value`, async () => {
    const text = await ui.appRead(app.id, update.watch);
    return matches(text, update.text) && text;
  }, RENDER_TIMEOUT_MS);
  if (update.click) await ui.appClick(app.id, update.click);
  if (update.select) await ui.appSelect(app.id, update.select[0], update.select[1]);
  if (update.call) {
    const outcome = await callTool(row.name, update.call.tool, withResult(update.call.arguments, structured));
    if (outcome.error || outcome.isError) throw new Error(`${update.call.tool} failed: ${(outcome.error ?? outcome.markdown ?? '').replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  await poll(`${update.watch} to change from "${before}"`, async () => {
    const text = await ui.appRead(app.id, update.watch);
    return matches(text, update.text) && text !== before;
  }, UPDATE_TIMEOUT_MS);
}

/**
 * Switches the theme, waits for the app to be told, and measures its frame until it agrees: a background
 * on the theme's side of LIGHT, and a document whose prefers-color-scheme is the theme's.
 */
async function measureTheme(plan: MatrixPlan, row: PlanRow, app: ShownApp, kind: 'light' | 'dark'): Promise<{ ok: boolean; background: number; detail?: string }> {
  await setTheme(kind === 'light' ? plan.lightTheme : plan.darkTheme);
  await until(`the app to be told the ${kind} theme`, async () => (await shownApps()).find((a) => a.id === app.id)?.theme === kind, THEME_TIMEOUT_MS);
  const path = join(plan.shotsDir, `${row.name}-${kind}.png`);
  let last: { background: number; prefersDark?: boolean } = { background: Number.NaN };
  const agrees = () => (kind === 'light' ? last.background >= LIGHT && last.prefersDark === false : last.background < LIGHT && last.prefersDark === true);
  try {
    await poll(`the app to look ${kind}`, async () => {
      last = await ui.appShot(app.id, path);
      return agrees();
    }, THEME_TIMEOUT_MS);
    return { ok: true, background: last.background };
  } catch {
    const scheme = last.prefersDark === undefined ? '' : `, its frame's prefers-color-scheme is ${last.prefersDark ? 'dark' : 'light'}`;
    return { ok: false, background: last.background, detail: `in the ${kind} theme the app's background has luminance ${last.background}${scheme} (${path})` };
  }
}

/** The theme the window has now (the apps alternate, so that each app costs one theme switch). */
let currentTheme: 'light' | 'dark' = 'light';

export async function checkApp(plan: MatrixPlan, row: PlanRow, results: MatrixResults): Promise<void> {
  const recipe = row.app!;
  const result = rowResult(results, row.name);
  const began = Date.now();
  let app: ShownApp | undefined;
  let structured: Record<string, unknown> = {};
  try {
    const outcome = await callTool(row.name, recipe.tool, recipe.arguments ?? {});
    if (!outcome.app) throw new Error(`${recipe.tool} showed no app${outcome.error ? `: ${outcome.error}` : ''}`);
    structured = structuredOf(outcome.markdown ?? '');
    const launch = outcome.app;
    app = await initializedApp(`of ${row.name}`, (a) => a.launch === launch, RENDER_TIMEOUT_MS);
    const shown = app;
    await poll(`${recipe.ready.selector} to show ${recipe.ready.text ?? 'text'}`, async () => matches(await ui.appRead(shown.id, recipe.ready.selector), recipe.ready.text), RENDER_TIMEOUT_MS);
    result.app = { ok: true };
  } catch (error) {
    result.app = { ok: false, detail: reason(error) };
  }
  if (app) {
    try {
      await pushUpdate(row, app, recipe.update, structured);
      result.update = { ok: true };
    } catch (error) {
      result.update = { ok: false, detail: reason(error) };
    }
    try {
      const first = currentTheme;
      const second = first === 'light' ? 'dark' : 'light';
      const measured = { [first]: await measureTheme(plan, row, app, first) } as Record<'light' | 'dark', Awaited<ReturnType<typeof measureTheme>>>;
      currentTheme = second;
      measured[second] = await measureTheme(plan, row, app, second);
      const { light, dark } = measured;
      result.theme = { ok: light.ok && dark.ok, light: light.background, dark: dark.background, detail: light.detail ?? dark.detail };
    } catch (error) {
      result.theme = { ok: false, detail: reason(error) };
    }
    // Everything the frame saw, from its first script to now (render, update, both themes); the runner
    // judges them (a known one, such as a library's eval probe, is listed with its reason).
    const { violations, errors } = await ui.appDiagnostics(app.id).catch((error: unknown) => ({ violations: [], errors: [`diagnostics unreadable: ${reason(error)}`] }));
    result.app = { ...result.app!, violations, errors };
  }
  await closeAllApps();
  result.appMs = Date.now() - began;
}
