// Issue 16, item 3: without a language model VS Code refuses every chat request, so the chat actions
// are offered only while a model exists. The test model extension withdraws its models (as if none
// were installed) and brings them back; the extension follows through onDidChangeChatModels.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, hooks, TEST_MODEL_EXTENSION_ID } from '../helpers';

const available = async () => (await vscode.commands.executeCommand<boolean>(hooks.chatModelAvailable)) === true;

describe('Chat actions without a language model', () => {
  const testModels = () => vscode.extensions.getExtension<{ state: { setOffline(offline: boolean): void } }>(TEST_MODEL_EXTENSION_ID)!.exports.state;
  before(async function () {
    this.timeout(60_000);
    await activateAll();
  });
  after(async function () {
    this.timeout(30_000);
    testModels().setOffline(false);
    await until('the test models back', async () => (await vscode.lm.selectChatModels({ vendor: 'mcp-test' })).length > 0 && (await available()));
  });

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
