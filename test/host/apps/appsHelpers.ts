// Shared by the MCP Apps host suites: the apps the extension shows (its read-only test hook), waiting
// for one to be up, closing them all, the apps fixture's panel and its buttons, and its record of what
// reached its server.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, callTool, hooks } from '../helpers';
import { ui } from '../uiDriver';
import { until } from '../../shared/until';

export interface ShownApp {
  id: string;
  launch: string;
  server: string;
  tool?: string;
  resourceUri: string;
  mode: 'inline' | 'fullscreen';
  initialized: boolean;
  app?: { name: string; version: string };
  theme?: string;
  background?: string;
  containerDimensions?: Record<string, number>;
  sizes: { width?: number; height?: number }[];
  links: { url: string; opened: boolean }[];
}

export async function closedApps(): Promise<{ id: string; tool?: string; outcome: string }[]> {
  return (await vscode.commands.executeCommand<{ id: string; tool?: string; outcome: string }[]>(hooks.closedApps)) ?? [];
}

export async function shownApps(): Promise<ShownApp[]> {
  return (await vscode.commands.executeCommand<ShownApp[]>(hooks.apps)) ?? [];
}

/** Waits until an app matching `match` is shown and initialized (its ui/notifications/initialized arrived). */
export function initializedApp(what: string, match: (app: ShownApp) => boolean, timeoutMs = 30_000): Promise<ShownApp> {
  return until(`the app ${what} to be initialized`, async () => (await shownApps()).find((a) => match(a) && a.initialized), timeoutMs);
}


export interface FixtureState {
  calls: string[];
  events: string[];
  hits: { declared: number; undeclared: number; stun: number };
}

/** What the apps fixture server has seen (its fixture_state tool, called through the session). */
export async function fixtureState(): Promise<FixtureState> {
  const session = (await api()).getSession('apps')!;
  return (await session.callTool({ name: 'fixture_state', arguments: {} })).structuredContent as unknown as FixtureState;
}

/** Waits until `server` runs. */
export function running(server: string): Promise<unknown> {
  return until(`${server} to run`, async () => (await api()).getSession(server)?.state.kind === 'running', 60_000);
}

/** Closes every app shown, as its title bar's Close App does (after each test). */
export async function closeAllApps(): Promise<void> {
  for (const app of await shownApps()) await vscode.commands.executeCommand(app.mode === 'inline' ? 'mcpClient.apps.closeInline' : 'mcpClient.apps.close');
}

/** Call Tool… on the apps fixture's show_panel; resolves once its app shows the call's result. */
export async function showPanel(label: string): Promise<ShownApp> {
  const outcome = await callTool('apps', 'show_panel', { label });
  assert.ok(outcome.app, 'show_panel has an app');
  const app = await initializedApp('of show_panel', (a) => a.launch === outcome.app);
  await until('the result in the app', async () => (await ui.appText(app.id, '#result')) === `Panel for ${label}`);
  return app;
}

/** Clicks a button of the app and waits until the line `id` no longer shows `initial`; returns what it shows. */
export async function press(app: ShownApp, button: string, id: string, initial: string): Promise<string> {
  await ui.appClick(app.id, button);
  return until(`#${id} to change`, async () => {
    const text = await ui.appText(app.id, `#${id}`);
    return text && text !== initial ? text : undefined;
  });
}
