// The extension inside a real VS Code (code-server): the Servers view, commands, roots, and an invalid
// entry next to a valid one. scripts/test.mjs configures, in user settings, `fixture` (a stdio fixture
// server speaking the 2025 revision, so it can ask for roots) and `broken` (an invalid URL).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { isAlive } from '../../../src/mcp/processTree';
import { until } from '../../shared/until';
import { api, serverTreeItem as itemOf, stateOf } from '../helpers';

function text(result: { content: unknown }): string {
  return (result.content as { text?: string }[]).map((c) => c.text ?? '').join('');
}

describe('Servers in the extension host', () => {
  it('activates and returns the public API', async () => {
    const exports = await api();
    assert.equal(typeof exports.servers, 'function');
    assert.equal(typeof exports.getSession, 'function');
  });

  it('gives other extensions only the documented session members: no start, no resolved configuration (issue 19.2)', async () => {
    // What another extension gets from `getExtension(...).exports`: the same object these tests use.
    const session = (await api()).getSession('fixture')! as unknown as Record<string, unknown>;
    for (const hidden of ['start', 'stop', 'restart', 'shutdown', 'dispose', 'definition', 'options', 'connection', 'pid', 'setLogLevel']) {
      assert.equal(session[hidden], undefined, `${hidden} is not reachable`);
    }
    assert.ok(Object.isFrozen(session), 'members cannot be added or replaced');
    assert.equal(Object.getPrototypeOf(session), null, 'no class prototype to reach the session through');
    await until('fixture running', async () => (await stateOf('fixture')) === 'running');
    assert.equal(session.name, 'fixture');
    assert.equal((session.state as { kind: string }).kind, 'running');
    const tools = await (session.listTools as () => Promise<{ name: string }[]>)();
    assert.ok(tools.some((t) => t.name === 'pid'), 'requests still work through the facade');
  });

  it('lists the fixture server as running in the Servers view', async () => {
    const item = await until('fixture to be running in the view', async () => {
      const i = await itemOf('fixture');
      return i?.description.startsWith('running') ? i : undefined;
    });
    // Issue 25: short enough not to be cut off ("running · stdio · 2025-11…"); the revision is in the tooltip.
    assert.equal(item.description, 'running · stdio');
    assert.match(item.tooltip, /Protocol: 2025\\-11\\-25/);
    assert.equal(item.icon, 'pass-filled');
    assert.match(item.contextValue, /\bcanStop\b/);
    assert.match(item.contextValue, /\bcanRestart\b/);
    assert.match(item.tooltip, /fixture 1\\\.2\\\.3/);
    assert.match(item.tooltip, /Defined in: user settings/);
    // Issue 25: where the roots go, and what they do to a server such as server-filesystem.
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    assert.ok(item.tooltip.includes(`Roots: ${folder.replace(/[\\`*_{}[\]()#+\-.!|<>~$]/g, '\\$&')}`), item.tooltip);
    assert.match(item.tooltip, /server\\-filesystem then work in these folders only/);
    assert.match(item.tooltip, /"roots": false/);
  });

  it('shows the invalid entry with its error while the valid one runs', async () => {
    const item = await until('broken to appear', () => itemOf('broken'));
    assert.equal(item.description, 'invalid configuration');
    assert.equal(item.icon, 'warning');
    assert.match(item.tooltip, /mcpClient\\\.servers\\\.broken\\\.url: must be an http\\\(s\\\) URL/);
    const broken = (await api()).servers().find((s) => s.name === 'broken')!;
    assert.deepEqual(broken.state, { kind: 'invalid', message: 'mcpClient.servers.broken.url: must be an http(s) URL' });
    assert.equal(await stateOf('fixture'), 'running');
  });

  it('stops, starts and restarts the server with the commands', async () => {
    const session = (await api()).getSession('fixture')!;
    await until('fixture running', async () => (await stateOf('fixture')) === 'running');
    const firstPid = text(await session.callTool({ name: 'pid', arguments: {} }));

    await vscode.commands.executeCommand('mcpClient.stopServer', 'fixture');
    assert.equal(await stateOf('fixture'), 'stopped');
    const stopped = (await itemOf('fixture'))!;
    assert.equal(stopped.description, 'stopped');
    assert.match(stopped.contextValue, /\bcanStart\b/);
    // Gone: not running (an exited child may stay a zombie for a moment until Node reaps it).
    assert.equal(isAlive(Number(firstPid)), false, 'the server process is gone');

    await vscode.commands.executeCommand('mcpClient.startServer', 'fixture');
    assert.equal(await stateOf('fixture'), 'running');
    const secondPid = text(await session.callTool({ name: 'pid', arguments: {} }));
    assert.notEqual(secondPid, firstPid);

    await vscode.commands.executeCommand('mcpClient.restartServer', 'fixture');
    assert.equal(await stateOf('fixture'), 'running');
    assert.notEqual(text(await session.callTool({ name: 'pid', arguments: {} })), secondPid);
  });

  it('answers roots/list with the workspace folders', async () => {
    await until('fixture running', async () => (await stateOf('fixture')) === 'running');
    const roots = JSON.parse(text(await (await api()).getSession('fixture')!.callTool({ name: 'roots', arguments: {} })));
    const expected = (vscode.workspace.workspaceFolders ?? []).map((f) => ({ uri: f.uri.toString(), name: f.name }));
    assert.ok(expected.length > 0);
    assert.deepEqual(roots, expected);
  });

  it('picks up a server added to the settings while running, and drops it when removed', async () => {
    const config = vscode.workspace.getConfiguration('mcpClient');
    const servers = config.inspect<Record<string, unknown>>('servers')!.globalValue!;
    const fixture = servers.fixture as { command: string; args: string[] };
    await config.update('servers', { ...servers, added: { command: fixture.command, args: [fixture.args[0]!] } }, vscode.ConfigurationTarget.Global);
    await until('added to be running', async () => (await stateOf('added')) === 'running');
    assert.equal((await api()).getSession('added')!.protocolVersion, '2026-07-28');
    await config.update('servers', servers, vscode.ConfigurationTarget.Global);
    await until('added to disappear', async () => (await stateOf('added')) === undefined);
    assert.equal(await stateOf('fixture'), 'running', 'the untouched server kept running');
  });
});
