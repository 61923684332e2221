// The call history in a real VS Code: calls made by hand (a tool, a prompt, a resource) are kept with
// their arguments, result and time; Run Again and Edit and Run Again (the arguments document opens filled
// in with the last arguments) make new entries; pin, clear (pinned ones stay) and remove; and the value
// of a password input (`${input:…}`) typed into the arguments never reaches workspaceState.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, answer, callTool, questions, stateOf, toolsOf } from '../helpers';
import { ui } from '../uiDriver';
import { fixtureScript, history, node, running, setServers } from './workbenchHelpers';

const SECRET = 'hunter2-wb-7c41';

describe('Workbench: the call history', function () {
  this.timeout(120_000);
  const config = () => vscode.workspace.getConfiguration('mcpClient');

  before(async () => {
    await activateAll();
    // Answers a failed suite left in the queue would answer this suite's questions.
    await vscode.commands.executeCommand('mcpClient.test.unqueueAnswers');
    await toolsOf('tools', ['echo']);
    await vscode.commands.executeCommand('mcpClient.history.clear');
    for (const e of (await history()).stored) await vscode.commands.executeCommand('mcpClient.history.remove', e);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setServers({ 'wb-secret': undefined });
    await config().update('inputs', undefined, vscode.ConfigurationTarget.Global);
  });

  it('keeps a tool call made by hand, runs it again, and edits it in the arguments document filled in', async () => {
    await callTool('tools', 'echo', { text: 'first', times: 2 });
    const [entry] = (await history()).stored;
    assert.equal(entry!.kind, 'tool');
    assert.equal(entry!.server, 'tools');
    assert.deepEqual(entry!.arguments, { text: 'first', times: 2 });
    assert.deepEqual((entry!.outcome as { result: { content: { text: string }[] } }).result.content[0]!.text, 'first first');
    assert.match((await history()).rows[0]!.description, /^tools · .* · \d+ ms$/);

    await vscode.commands.executeCommand('mcpClient.history.runAgain', entry);
    await until('a second entry', async () => (await history()).stored.length === 2);
    await questions();
    await answer({ kind: 'tool.json', answer: JSON.stringify({ text: 'edited', times: 1 }) });
    await vscode.commands.executeCommand('mcpClient.history.editAndRun', entry);
    const asked = (await questions()).find((q) => q.kind === 'tool.json')!;
    assert.deepEqual(JSON.parse(asked.skeleton as string), { text: 'first', times: 2 }, 'the document opened filled in with the last arguments');
    const newest = await until('the edited call', async () => (await history()).stored.find((e) => (e.arguments as { text?: string })?.text === 'edited'));
    assert.equal((newest.outcome as { result: { content: { text: string }[] } }).result.content[0]!.text, 'edited');
  });

  it('keeps prompts and resources too', async () => {
    await vscode.commands.executeCommand('mcpClient.runPrompt', { server: 'prompts', prompt: 'greet', arguments: { name: 'Ada' }, action: 'document' });
    const prompt = await until('the prompt entry', async () => (await history()).stored.find((e) => e.kind === 'prompt'));
    assert.equal(prompt.name, 'greet');
    assert.deepEqual(prompt.arguments, { name: 'Ada' });
    await vscode.commands.executeCommand('mcpClient.resources.open', { server: 'resources', uri: 'fixture://text/hello.txt', mimeType: 'text/plain' });
    const resource = await until('the resource entry', async () => (await history()).stored.find((e) => e.kind === 'resource'));
    assert.equal(resource.server, 'resources');
  });

  it('pins an entry on top, and clearing keeps pinned entries', async () => {
    const stored = (await history()).stored;
    const oldest = stored.at(-1)!;
    await vscode.commands.executeCommand('mcpClient.history.pin', oldest);
    const rows = (await history()).rows;
    assert.equal(rows[0]!.icon, 'pinned');
    assert.match(rows[0]!.contextValue, /\bpinned\b/);
    assert.equal(await vscode.commands.executeCommand('mcpClient.history.clear'), stored.length - 1);
    assert.deepEqual((await history()).stored.map((e) => e.id), [oldest.id]);
    await vscode.commands.executeCommand('mcpClient.history.unpin', oldest);
    await vscode.commands.executeCommand('mcpClient.history.remove', oldest);
    assert.deepEqual((await history()).stored, []);
  });

  it('never stores the value of a password input', async () => {
    await config().update('inputs', [{ type: 'promptString', id: 'wbSecret', description: 'Workbench secret', password: true }], vscode.ConfigurationTarget.Global);
    await setServers({ 'wb-secret': { command: node(), args: [fixtureScript('toolsFixture')], env: { API_KEY: '${input:wbSecret}' }, autoStart: false } });
    await until('wb-secret to be listed', async () => (await stateOf('wb-secret')) === 'stopped');
    const started = vscode.commands.executeCommand('mcpClient.startServer', 'wb-secret');
    // The password box is focused once it shows: type as a person would.
    await ui.text('.quick-input-widget .quick-input-box input', { wait: true });
    await ui.type(SECRET, { thenPress: 'Enter' });
    await started;
    await running('wb-secret');
    await toolsOf('wb-secret', ['echo']);
    await callTool('wb-secret', 'echo', { text: `my key is ${SECRET}` });
    const stored = await until('the call in the history', async () => (await history()).stored.find((e) => e.server === 'wb-secret'));
    assert.match(JSON.stringify(stored), /my key is \*\*\*/);
    assert.ok(!JSON.stringify((await history()).stored).includes(SECRET), 'the value is not in workspaceState');
  });
});
