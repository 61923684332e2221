// Turning servers on and off (issue 27, part 1) in a real VS Code: in this workspace or everywhere, by the
// commands the Servers view's menus and the palette run, without a settings file changing; the view says why a
// server does not run and offers the one action that changes it; `mcpClient.newServers: "disabled"` keeps a
// server added to the settings off until the user turns it on. Servers are fixture servers in user settings.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, serverTreeItem, stateOf } from '../helpers';
import { ui } from '../uiDriver';

const root = join(__dirname, '..', '..', '..', '..');

const fixture = () => join(process.env.MCP_CLIENT_FIXTURES!, 'servers', 'fixtureServer.js');
const marker = (name: string) => `--enablement=${name}`;
const entry = (name: string) => ({ command: process.execPath, args: [fixture(), '--era=legacy', marker(name)] });

/** Processes on this machine whose command line carries the server's marker. */
function copies(name: string): number {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes(marker(name)) && !line.includes('ps -eo')).length;
}

const config = () => vscode.workspace.getConfiguration();
const userServers = () => config().inspect<Record<string, unknown>>('mcpClient.servers')?.globalValue ?? {};
const run = (command: string, name: string) => vscode.commands.executeCommand(`mcpClient.servers.${command}`, name);

async function described(name: string, description: string) {
  return until(`${name}: "${description}"`, async () => {
    const item = await serverTreeItem(name);
    return item?.description === description ? item : undefined;
  });
}

/** The effective-state tooltip, as a person sees it: the other panes folded so that the server's row is in sight. */
async function screenshotTooltip(name: string, expect: string): Promise<void> {
  await vscode.commands.executeCommand('mcpClient.servers.focus');
  const open = '.pane-header[aria-expanded="true"]:not([aria-label^="Servers"]):visible';
  const folded: string[] = [];
  for (let i = 0; i < 10 && (await ui.text(open, { wait: false })) !== null; i++) {
    folded.push(((await ui.attribute(open, 'aria-label')) ?? '').split(' ')[0]!);
    await ui.click(open);
  }
  assert.ok(await ui.hover(`.pane:has(.pane-header[aria-label^="Servers"]) .monaco-list-row[aria-label^="${name} "] .label-name`, expect), 'the tooltip shows');
  await ui.screenshot(join(root, 'docs', 'images', 'server-effective-state.png'));
  for (const pane of folded) await ui.click(`.pane-header[aria-label^="${pane}"][aria-expanded="false"]`);
}

describe('Turning servers on and off (issue 27)', () => {
  let before: Record<string, unknown>;

  beforeEach(async function () {
    this.timeout(60_000);
    await activateAll();
    before = userServers();
  });

  afterEach(async function () {
    this.timeout(30_000);
    await config().update('mcpClient.newServers', undefined, vscode.ConfigurationTarget.Global);
    await config().update('mcpClient.policy.denied', undefined, vscode.ConfigurationTarget.Global);
    await config().update('mcpClient.servers', before, vscode.ConfigurationTarget.Global);
  });

  it('turns a server off in this workspace and everywhere, says why and how to undo it, and edits no settings file', async function () {
    this.timeout(120_000);
    await config().update('mcpClient.servers', { ...before, switchable: entry('switchable') }, vscode.ConfigurationTarget.Global);
    await until('switchable running', async () => (await stateOf('switchable')) === 'running', 60_000);
    const written = JSON.stringify(userServers());

    await run('turnOffHere', 'switchable');
    const offHere = await described('switchable', 'off in this workspace');
    await until('its process gone', () => copies('switchable') === 0);
    assert.match(offHere.contextValue, /\boffHere\b/);
    assert.match(offHere.contextValue, /\bturnedOff\b/);
    assert.doesNotMatch(offHere.contextValue, /\bcanStart\b/, 'Start is not the action: Turn On is');
    assert.match(offHere.tooltip, /Not running: off in this workspace\*\* — to change it: Turn On in This Workspace/);
    assert.match(offHere.tooltip, /Defined in: user settings/);
    assert.equal(JSON.stringify(userServers()), written, 'the user settings are unchanged');
    assert.equal(config().inspect('mcpClient.servers')?.workspaceValue, undefined, 'nothing written to the workspace settings');
    if (process.env.MCP_CLIENT_SCREENSHOTS) await screenshotTooltip('switchable', 'Not running');
    // Start does not run a server turned off.
    await vscode.commands.executeCommand('mcpClient.startServer', 'switchable');
    assert.equal(await stateOf('switchable'), 'stopped');

    await run('turnOnHere', 'switchable');
    await until('running again', async () => (await stateOf('switchable')) === 'running', 60_000);
    assert.match((await serverTreeItem('switchable'))!.contextValue, /\bcanTurnOff\b/);

    await run('turnOffEverywhere', 'switchable');
    const everywhere = await described('switchable', 'off everywhere');
    assert.match(everywhere.tooltip, /to change it: Turn On Everywhere/);
    await until('its process gone', () => copies('switchable') === 0);
    await run('turnOnEverywhere', 'switchable');
    await until('running again', async () => (await stateOf('switchable')) === 'running', 60_000);
    assert.equal(copies('switchable'), 1);
    assert.equal(JSON.stringify(userServers()), written, 'still unchanged');
  });

  it('keeps a server added to the settings off under "mcpClient.newServers": "disabled" until turned on', async function () {
    this.timeout(120_000);
    await config().update('mcpClient.newServers', 'disabled', vscode.ConfigurationTarget.Global);
    await config().update('mcpClient.servers', { ...before, newcomer: entry('newcomer') }, vscode.ConfigurationTarget.Global);
    const item = await described('newcomer', 'new · off until turned on');
    assert.match(item.tooltip, /mcpClient\\\.newServers/);
    assert.match(item.contextValue, /\boffNew\b/);
    assert.equal(copies('newcomer'), 0, 'never started');
    // The servers that ran before are not new: they run on.
    assert.equal(await stateOf('fixture'), 'running');
    await run('turnOnHere', 'newcomer');
    await until('newcomer running', async () => (await stateOf('newcomer')) === 'running', 60_000);
    assert.equal(copies('newcomer'), 1);
  });

  it("refuses a server an administrator's rule denies, says which rule, and a workspace cannot set the rules (issue 27, part 6)", async function () {
    this.timeout(120_000);
    await config().update('mcpClient.servers', { ...before, governed: entry('governed') }, vscode.ConfigurationTarget.Global);
    await until('governed running', async () => (await stateOf('governed')) === 'running', 60_000);
    // Every fixture server's command is node, so a rule on the command would refuse them all: the test denies
    // an HTTP server by its URL origin, which no other server has.
    await config().update('mcpClient.policy.denied', ['url:http://127.0.0.1:9', 'registry:io.test/*'], vscode.ConfigurationTarget.Global);
    await config().update('mcpClient.servers', { ...before, governed: entry('governed'), blocked: { url: 'http://127.0.0.1:9/mcp' } }, vscode.ConfigurationTarget.Global);
    const item = await described('blocked', 'refused by policy');
    assert.match(item.tooltip, /"mcpClient\\\.policy\\\.denied" has the rule "url:http:\/\/127\\\.0\\\.0\\\.1:9"/);
    assert.match(item.contextValue, /\brefusedByPolicy\b/);
    assert.doesNotMatch(item.contextValue, /\bcanStart\b/);
    assert.equal(await stateOf('governed'), 'running', 'a server no rule matches runs on');
    await assert.rejects(Promise.resolve(config().update('mcpClient.policy.denied', [], vscode.ConfigurationTarget.Workspace)), /application|workspace/i, 'VS Code refuses a workspace value');
    await config().update('mcpClient.policy.denied', undefined, vscode.ConfigurationTarget.Global);
    await until('blocked no longer refused', async () => (await serverTreeItem('blocked'))?.description !== 'refused by policy');
  });
});
