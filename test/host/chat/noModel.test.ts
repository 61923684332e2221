// Issue 16, item 3: without a language model VS Code refuses every chat request, so the chat actions
// are offered only while a model exists. The test model extension withdraws its models (as if none
// were installed) and brings them back; the extension follows through onDidChangeChatModels.
// A tool whose sampling request fails for want of a model is one failure, told in one notification.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, callTool, hooks, hostSuite, TEST_MODEL_EXTENSION_ID } from '../helpers';
import type { TestModel } from '../testModel';

const available = async () => (await vscode.commands.executeCommand<boolean>(hooks.chatModelAvailable)) === true;

const testModels = () => vscode.extensions.getExtension<TestModel>(TEST_MODEL_EXTENSION_ID)!.exports.state;

/** Brings the test models back for the suites that follow. */
async function modelsBack(this: Mocha.Context): Promise<void> {
  this.timeout(30_000);
  testModels().setOffline(false);
  await until('the test models back', async () => (await vscode.lm.selectChatModels({ vendor: 'mcp-test' })).length > 0 && (await available()));
}

describe('Chat actions without a language model', () => {
  before(async function () {
    this.timeout(60_000);
    await activateAll();
  });
  after(modelsBack);

  it('offers the chat actions only while a model exists', async function () {
    this.timeout(60_000);
    await until('a model at first', available);
    testModels().setOffline(true);
    await until('no model', async () => (await vscode.lm.selectChatModels()).length === 0);
    await until('chat actions withdrawn', async () => !(await available()));
    testModels().setOffline(false);
    await until('chat actions offered again', available);
    assert.ok((await vscode.lm.selectChatModels()).length > 0);
  });
});

describe('Sampling without a language model', () => {
  hostSuite({ server: 'tools', tools: ['summarize'] });
  after(modelsBack);

  it('tells the failed tool call once, naming the server and why', async function () {
    this.timeout(60_000);
    testModels().setOffline(true);
    // The extension has seen the models go (and said once that chat actions are hidden) before counting starts.
    await until('chat actions withdrawn', async () => !(await available()));
    await vscode.commands.executeCommand(hooks.notifications, { clear: true });
    const outcome = await callTool('tools', 'summarize', { text: 'no model here' });
    assert.equal(outcome.isError, true, JSON.stringify(outcome));
    assert.match(outcome.markdown ?? '', /No language model is available in VS Code/);
    const shown = (await vscode.commands.executeCommand<{ severity: string; message: string }[]>(hooks.notifications, { clear: true })) ?? [];
    assert.equal(shown.length, 1, JSON.stringify(shown));
    assert.equal(shown[0]!.severity, 'error');
    assert.match(shown[0]!.message, /^MCP Client: the tool 'summarize' of 'tools' failed: 'tools' asked for a model completion, but no language model is available in VS Code\./);
  });
});
