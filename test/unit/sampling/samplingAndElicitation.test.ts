// The sampling and elicitation ClientCapabilities against the real tools fixture over stdio: the
// capabilities are declared (the server offers the calls), each request reaches the handler with the
// name of the server asking, and the handler's answer or error is what the server receives. Also the
// catalog refreshing on tools/list_changed, and a structured result the SDK did not throw away.
import * as assert from 'node:assert/strict';
import { ProtocolError, type CreateMessageRequestParams, type ElicitRequestFormParams } from '@modelcontextprotocol/client';
import { ElicitationCapability } from '../../../src/elicitation/elicitationCapability';
import type { McpSession } from '../../../src/mcp/session';
import { SamplingCapability } from '../../../src/sampling/samplingCapability';
import { Emitter } from '../../../src/mcp/lifecycle';
import { ToolCatalog } from '../../../src/tools/toolCatalog';
import { checkStructuredContent } from '../../../src/tools/toolResult';
import { definition, newSession, stdio, textOf, waitForState } from '../helpers';
import { until } from '../../shared/until';

describe('sampling and elicitation features', () => {
  const sessions: McpSession[] = [];
  const sampled: { server: string; params: CreateMessageRequestParams }[] = [];
  const elicited: { server: string; params: ElicitRequestFormParams }[] = [];
  let deny = false;
  let session: McpSession;

  before(async () => {
    const sampling = new SamplingCapability({
      createMessage: async (server, params) => {
        sampled.push({ server: server.name, params });
        if (deny) throw new ProtocolError(-1, 'User rejected sampling request');
        return { role: 'assistant', content: { type: 'text', text: 'short' }, model: 'test-model', stopReason: 'endTurn' };
      },
    });
    const elicitation = new ElicitationCapability({
      form: async (server, params) => {
        elicited.push({ server, params });
        return { action: 'accept', content: { email: 'ada@example.com', color: 'g' } };
      },
      url: async () => ({ action: 'decline' }),
      completed: () => undefined,
    });
    session = newSession(definition('toolbox', stdio('toolsFixture')), { capabilities: [sampling, elicitation] }, sessions);
    await session.start();
    await waitForState(session, 'running');
  });

  after(async () => {
    await Promise.all(sessions.map((s) => s.shutdown()));
  });

  it('answers sampling/createMessage through the handler, naming the server', async () => {
    // The handler's record of this call: tests may run in any order, alone or after others.
    const first = sampled.length;
    const result = await session.callTool({ name: 'summarize', arguments: { text: 'abc', hint: 'claude' } });
    assert.equal(textOf(result), 'sampled by test-model: {"type":"text","text":"short"} (endTurn)');
    assert.equal(sampled[first]?.server, 'toolbox');
    assert.deepEqual(sampled[first]?.params.modelPreferences, { hints: [{ name: 'claude' }], intelligencePriority: 0.5 });
    assert.equal(sampled[first]?.params.systemPrompt, 'You are terse.');
  });

  it('passes a refusal to the server as a JSON-RPC error with its code', async () => {
    deny = true;
    try {
      const result = await session.callTool({ name: 'summarize', arguments: { text: 'abc' } });
      assert.match(textOf(result), /sampling failed: .*User rejected sampling request \(code -1\)/);
    } finally {
      deny = false;
    }
  });

  it('answers elicitation/create through the handler', async () => {
    const first = elicited.length;
    const result = await session.callTool({ name: 'ask_user', arguments: {} });
    assert.deepEqual(JSON.parse(textOf(result)), { action: 'accept', content: { email: 'ada@example.com', color: 'g' } });
    assert.equal(elicited[first]?.server, 'toolbox');
    assert.equal(elicited[first]?.params.message, 'Who should we contact?');
  });

  it('keeps a result whose structured content breaks the output schema, so the mismatch can be shown', async () => {
    const tools = await session.listTools();
    const tool = tools.find((t) => t.name === 'bad_stats')!;
    const result = await session.callTool({ name: 'bad_stats', arguments: {} }, { tool });
    assert.deepEqual(result.structuredContent, { count: 1, mean: 'high' });
    assert.match(checkStructuredContent(tool, result)!, /mean/);
    await assert.rejects(session.callTool({ name: 'bad_stats', arguments: {} }), /does not match the tool's output schema/, 'without `tool`, the SDK throws');
  });

  it('refreshes the tool catalog on notifications/tools/list_changed', async () => {
    const catalog = new ToolCatalog({ entries: () => [{ name: 'toolbox', session } as never], onDidChange: () => ({ dispose() {} }) });
    try {
      await catalog.load();
      assert.ok(catalog.find('toolbox', 'echo'));
      await session.callTool({ name: 'add_tool', arguments: { name: 'fresh' } });
      await until('the new tool', () => !!catalog.find('toolbox', 'fresh'), 5000);
    } finally {
      catalog.dispose();
    }
  });

  it('tells the views nothing when the manager reports a change that adds or removes no server, and gives one server as the whole list has it (issue 30)', async () => {
    const managerChanged = new Emitter<void>();
    let entries = [{ name: 'toolbox', session } as never];
    const catalog = new ToolCatalog({ entries: () => entries, onDidChange: managerChanged.event });
    try {
      await catalog.load();
      let changes = 0;
      catalog.onDidChange(() => changes++);
      managerChanged.fire(); // another server's state changed: the same servers
      assert.equal(changes, 0);
      assert.deepEqual(catalog.server('toolbox'), catalog.servers().find((s) => s.server === 'toolbox'));
      assert.equal(catalog.server('toolbox')?.status, 'ready');
      assert.equal(catalog.server('nobody'), undefined);
      entries = [];
      managerChanged.fire();
      assert.equal(changes, 1, 'a server removed');
      assert.equal(catalog.server('toolbox'), undefined);
    } finally {
      catalog.dispose();
    }
  });
});

describe('sampling and elicitation on the 2026-07-28 revision (multi-round-trip input_required)', () => {
  const sessions: McpSession[] = [];
  let session: McpSession;

  before(async () => {
    const sampling = new SamplingCapability({
      createMessage: async (server) => ({ role: 'assistant', content: { type: 'text', text: `for ${server.name}` }, model: 'm', stopReason: 'endTurn' }),
    });
    const elicitation = new ElicitationCapability({
      form: async () => ({ action: 'accept', content: { email: 'grace@example.com' } }),
      url: async () => ({ action: 'decline' }),
      completed: () => undefined,
    });
    session = newSession(definition('modern', stdio('toolsFixture', ['--era=modern'])), { capabilities: [sampling, elicitation] }, sessions);
    await session.start();
    await waitForState(session, 'running');
    assert.equal(session.protocolVersion, '2026-07-28');
  });

  after(async () => {
    await Promise.all(sessions.map((s) => s.shutdown()));
  });

  it('fulfils an embedded sampling request through the same handler', async () => {
    const result = await session.callTool({ name: 'summarize_mrtr', arguments: { text: 'x' } });
    assert.equal(textOf(result), 'sampled by m: {"type":"text","text":"for modern"}');
  });

  it('fulfils an embedded elicitation through the same handler', async () => {
    const result = await session.callTool({ name: 'ask_user_mrtr', arguments: {} });
    assert.deepEqual(JSON.parse(textOf(result)), { action: 'accept', content: { email: 'grace@example.com' } });
  });
});
