// Sampling in the real extension host: the tools fixture's `summarize` tool asks the client for a
// completion (sampling/createMessage) in the middle of a tool call. The test approves or denies it
// (queued answers), the test models answer, and the model comes from the request's hints.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { answer, callTool, hostSuite, questions } from '../helpers';
import { testModel } from '../testModel';

describe('Sampling', () => {
  hostSuite({ server: 'tools', tools: ['summarize'], models: ['mcp-test-2'] });

  it('shows the request, and answers with the model the hints name once allowed', async () => {
    await answer({ kind: 'sampling.approve', answer: 'once' });
    const outcome = await callTool('tools', 'summarize', { text: 'a long story', hint: 'smart' });
    assert.match(outcome.markdown ?? '', /sampled by mcp-test-smart: \{"type":"text","text":"Smart answer\."\} \(endTurn\)/);
    const [approval] = await questions();
    assert.deepEqual(approval, {
      kind: 'sampling.approve',
      server: 'tools',
      systemPrompt: 'You are terse.',
      messages: ['user: Summarize: a long story'],
      maxTokens: 50,
      model: 'Smart Test Model',
    });
  });

  it('matches a hint against the model family too', async () => {
    await answer({ kind: 'sampling.approve', answer: 'once' });
    const outcome = await callTool('tools', 'summarize', { text: 'x', hint: 'mcp-test' });
    assert.match(outcome.markdown ?? '', /sampled by mcp-test-echo: \{"type":"text","text":"Hello from the test model\."\}/);
  });

  it('returns an error the server understands when the user denies, and logs every request', async () => {
    await answer({ kind: 'sampling.approve', answer: 'deny' });
    const outcome = await callTool('tools', 'summarize', { text: 'private' });
    assert.equal(outcome.isError, true);
    assert.match(outcome.markdown ?? '', /sampling failed: .*User rejected sampling request.*\(code -1\)/);
    const log = await vscode.commands.executeCommand<{ outcome: string; model?: string }[]>('mcpClient.sampling.showLog', 'tools');
    assert.deepEqual(log.slice(-3).map((e) => [e.outcome, e.model]), [
      ['answered', 'mcp-test-smart'],
      ['answered', 'mcp-test-echo'],
      ['denied', 'mcp-test-echo'],
    ]);
    const editor = vscode.window.activeTextEditor;
    assert.match(editor?.document.getText() ?? '', /# Sampling requests from tools/);
  });

  it('offers a request\'s tools to a model that can call them and returns its tool calls', async () => {
    const model = await testModel();
    model.state.toolCalls.push({ name: 'lookup', input: { q: 'weather in Rome' } });
    await answer({ kind: 'sampling.approve', answer: 'once' });
    const outcome = await callTool('tools', 'plan', {});
    const got = JSON.parse(/## Result\n\n(.*)\n/.exec(outcome.markdown ?? '')?.[1] ?? 'null') as { model: string; stopReason: string; content: unknown };
    assert.equal(got.model, 'mcp-test-echo', 'the model without tool calling is passed over');
    assert.equal(got.stopReason, 'toolUse');
    assert.deepEqual(got.content, [{ type: 'tool_use', id: 'call-' + /call-(\d+)/.exec(JSON.stringify(got.content))![1], name: 'lookup', input: { q: 'weather in Rome' } }]);
  });

  it('refuses with an error the server understands when no allowed model is available, without asking', async () => {
    const config = vscode.workspace.getConfiguration('mcpClient.sampling');
    await config.update('models', { tools: ['no-such-model'] }, vscode.ConfigurationTarget.Global);
    try {
      const outcome = await callTool('tools', 'summarize', { text: 'z' });
      assert.equal(outcome.isError, true);
      assert.match(outcome.markdown ?? '', /sampling failed: .*None of the allowed models \(no-such-model\) is available.*\(code -32603\)/);
      assert.deepEqual(await questions(), [], 'nothing to approve');
    } finally {
      await config.update('models', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('rate-limits a server', async () => {
    const config = vscode.workspace.getConfiguration('mcpClient.sampling');
    await config.update('maxRequestsPerMinute', 1, vscode.ConfigurationTarget.Global);
    try {
      const outcome = await callTool('tools', 'summarize', { text: 'again' });
      assert.match(outcome.markdown ?? '', /sampling failed: .*Too many sampling requests: at most 1 a minute/);
      assert.deepEqual(await questions(), []);
    } finally {
      await config.update('maxRequestsPerMinute', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('answers without asking when the server is allowed in the settings, and lets the user edit the answer', async () => {
    const config = vscode.workspace.getConfiguration('mcpClient.sampling');
    await config.update('approval', { tools: 'allow' }, vscode.ConfigurationTarget.Global);
    await config.update('reviewResponses', true, vscode.ConfigurationTarget.Global);
    try {
      await answer({ kind: 'sampling.review', answer: 'An edited answer.' });
      const outcome = await callTool('tools', 'summarize', { text: 'y', hint: 'smart' });
      assert.match(outcome.markdown ?? '', /"text":"An edited answer\."/);
      assert.deepEqual((await questions()).map((q) => [q.kind, q.response]), [['sampling.review', 'Smart answer.']]);
    } finally {
      await config.update('approval', undefined, vscode.ConfigurationTarget.Global);
      await config.update('reviewResponses', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
