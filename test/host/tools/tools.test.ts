// Tools by hand in the real extension host, against the tools fixture (test/fixtures/servers/toolsFixture.ts):
// the Tools view, Call Tool… with quick-input steps and with the JSON editor (refused when it breaks
// the schema, before anything is sent), structured results checked against the outputSchema, error
// results, progress, and list_changed. Dialog answers are queued through a test hook (helpers.ts answer()).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { answer, callTool, fixtureCalls, hooks, hostSuite, questions, toolsOf } from '../helpers';

interface TreeRow {
  label: string;
  description?: string;
  tooltip?: string;
  contextValue?: string;
  children: Omit<TreeRow, 'children'>[];
}

describe('Tools', () => {
  hostSuite({ server: 'tools', tools: ['echo', 'create_event'] });

  it('lists each server with its tools, and the annotations as unverified hints', async () => {
    const rows = (await vscode.commands.executeCommand<TreeRow[]>(hooks.toolsTree)) ?? [];
    const server = rows.find((r) => r.label === 'tools');
    assert.ok(server, 'the tools server is listed');
    assert.match(server.description ?? '', /^\d+ tools · ≈?[\d,]+ tokens$/, 'with what the definitions cost (issue 27)');
    const echo = server.children.find((c) => c.label === 'Echo');
    assert.match(echo?.description ?? '', /^echo · read-only · ≈?[\d,]+ tokens$/);
    assert.equal(echo?.contextValue, 'mcpTool');
    assert.match(echo?.tooltip ?? '', /Repeats the text/);
    assert.match(echo?.tooltip ?? '', /Hints from the server, not verified:\* read\\-only/);
    const create = server.children.find((c) => c.label === 'create_event');
    assert.match(create?.description ?? '', /^may be destructive, open world · ≈?[\d,]+ tokens$/);
  });

  it('asks for a flat schema step by step, re-asking an invalid value, and shows the result', async () => {
    await answer(
      { kind: 'tool.argument', answer: 'hi' },
      { kind: 'tool.argument', answer: 'two' },
      { kind: 'tool.argument', answer: '2' },
      { kind: 'tool.argument', answer: 'true' },
      { kind: 'tool.argument', answer: '' },
    );
    const outcome = await callTool('tools', 'echo');
    assert.equal(outcome.isError, false);
    assert.match(outcome.markdown ?? '', /HI HI/);
    assert.match(outcome.document ?? '', /^mcp-client-tool-result:\/tools\/echo\.md/);
    const asked = await questions();
    assert.deepEqual(
      asked.map((q) => [q.field, q.problem]),
      [['text', undefined], ['times', undefined], ['times', 'times must be a number.'], ['loud', undefined], ['mood', undefined]],
    );
    const sent = (await fixtureCalls()).filter((c) => c.name === 'echo').at(-1);
    assert.deepEqual(sent?.arguments, { text: 'hi', times: 2, loud: true }, 'an empty optional value is left out');
  });

  it('refuses JSON input that breaks the schema before sending anything', async () => {
    const invalid = JSON.stringify({ title: 'Launch', date: '2025-13-45', attendees: [] });
    // Other suites call create_event on the same fixture process: count, rather than expect none.
    const sentBefore = (await fixtureCalls()).filter((c) => c.name === 'create_event').length;
    await answer({ kind: 'tool.json', answer: invalid }, { kind: 'tool.json', answer: undefined });
    const outcome = await callTool('tools', 'create_event');
    assert.deepEqual(outcome, { cancelled: true });
    const asked = await questions();
    assert.equal(asked.length, 2);
    assert.deepEqual(JSON.parse(asked[0]!.skeleton as string), { title: '', date: '', attendees: [{ email: '' }] }, 'a skeleton of the schema');
    assert.match(asked[1]!.problem as string, /do not match the tool's input schema: .*attendees/);
    assert.equal((await fixtureCalls()).filter((c) => c.name === 'create_event').length, sentBefore, 'the server never saw the call');

    await answer({ kind: 'tool.json', answer: '{ not json' }, { kind: 'tool.json', answer: JSON.stringify({ title: 'Launch', date: '2025-06-01', attendees: [{ email: 'ada@example.com' }] }) });
    const sent = await callTool('tools', 'create_event');
    assert.match(sent.markdown ?? '', /created Launch/);
    assert.match((await questions())[1]!.problem as string, /^Not valid JSON/);
  });

  it('validates structured content against the output schema and reports a mismatch with the result', async () => {
    const good = await callTool('tools', 'stats', { values: [1, 2, 3] });
    assert.equal(good.outputProblem, undefined);
    assert.match(good.markdown ?? '', /## Structured content \(matches the output schema\)/);
    assert.match(good.markdown ?? '', /"mean": 2/);

    const bad = await callTool('tools', 'bad_stats', {});
    assert.match(bad.outputProblem ?? '', /does not match the tool's output schema: .*mean/);
    assert.match(bad.markdown ?? '', /"mean": "high"/, 'the result is still shown');
    assert.match(bad.markdown ?? '', /⚠/);
  });

  it('shows an error result as an error', async () => {
    const outcome = await callTool('tools', 'failing', {});
    assert.equal(outcome.isError, true);
    assert.match(outcome.markdown ?? '', /The tool reported an error/);
    assert.match(outcome.markdown ?? '', /The backend is down/);
  });

  it('runs a long call under progress to its end', async () => {
    const outcome = await callTool('tools', 'slow', { steps: 3 });
    assert.match(outcome.markdown ?? '', /done after 3 steps/);
  });

  it('refreshes the tools when the server announces a change', async () => {
    await callTool('tools', 'add_tool', { name: 'added_later' });
    await toolsOf('tools', ['added_later'], 10_000);
  });
});
