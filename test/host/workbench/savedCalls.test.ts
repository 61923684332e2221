// Saved calls as tests in a real VS Code: a `*.mcp-tests.json` file in the workspace becomes Test
// Explorer items at their lines; a run passes what matches and fails the rest with expected beside actual;
// a first snapshot is stored, a changed result fails as a diff that offers Update Snapshot, which makes it
// pass; the editor validates the file against the contributed schema; Save as Test turns a history entry
// into a test that passes; a dev-mode restart runs the server's tests again; a Debug run needs dev mode's
// debugger and says so.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, answer, callTool, questions, toolsOf } from '../helpers';
import { fixtureScript, history, node, running, savedCalls, setServers, workspaceFolder } from './workbenchHelpers';

const calls = (tests: unknown[]) => `${JSON.stringify({ server: 'tools', tests }, null, 2)}\n`;

describe('Workbench: saved calls in the Test Explorer', function () {
  this.timeout(180_000);
  const dir = () => join(workspaceFolder(), 'wb-tests');
  const file = () => join(dir(), 'tools.mcp-tests.json');
  const id = (name: string, path = file()) => `${vscode.Uri.file(path).toString()}#${name}`;

  before(async () => {
    await activateAll();
    // Answers a failed suite left in the queue would answer this suite's questions.
    await vscode.commands.executeCommand('mcpClient.test.unqueueAnswers');
    await toolsOf('tools', ['echo', 'bad_stats', 'stats']);
    mkdirSync(dir(), { recursive: true });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setServers({ 'wb-dev': undefined });
    rmSync(dir(), { recursive: true, force: true });
    rmSync(join(workspaceFolder(), 'mcp-tests'), { recursive: true, force: true });
  });

  it('finds the calls of a test file at their lines, and runs them with their expectations', async () => {
    writeFileSync(
      file(),
      calls([
        { name: 'echo says hi', tool: 'echo', arguments: { text: 'hi' }, expect: { isError: false, maxDurationMs: 30000, pointers: [{ pointer: '/content/0/text', equals: 'hi' }] } },
        { name: 'echo is wrong', tool: 'echo', arguments: { text: 'hi' }, expect: { pointers: [{ pointer: '/content/0/text', equals: 'bye' }] } },
        { name: 'stats schema', tool: 'bad_stats', expect: { matchesOutputSchema: true } },
        { name: 'nowhere', server: 'no-such-server', tool: 'echo' },
      ]),
    );
    const state = await until('the tests', async () => {
      const s = await savedCalls({ discover: true });
      return s.items.filter((i) => i.file === vscode.Uri.file(file()).toString()).length === 4 ? s : undefined;
    });
    const hi = state.items.find((i) => i.id === id('echo says hi'))!;
    assert.equal(hi.description, 'tools · echo');
    assert.equal(hi.line, 3, 'the test sits on its line in the file');
    const ran = await savedCalls({ run: [id('echo says hi'), id('echo is wrong'), id('stats schema'), id('nowhere')] });
    assert.equal(ran.outcomes[id('echo says hi')]!.state, 'passed');
    const wrong = ran.outcomes[id('echo is wrong')]!;
    assert.equal(wrong.state, 'failed');
    assert.deepEqual([wrong.messages[0]!.expected, wrong.messages[0]!.actual], ['"bye"', '"hi"']);
    assert.match(ran.outcomes[id('stats schema')]!.messages[0]!.message, /does not match the tool's output schema/);
    assert.equal(ran.outcomes[id('nowhere')]!.state, 'errored');
    assert.match(ran.outcomes[id('nowhere')]!.messages[0]!.message, /No server named 'no-such-server'/);
  });

  it('stores a first snapshot, fails a changed result as a diff, and Update Snapshot makes it pass', async () => {
    writeFileSync(file(), calls([{ name: 'snap', tool: 'echo', arguments: { text: 'one' }, expect: { snapshot: true } }]));
    await until('the snapshot test', async () => (await savedCalls({ discover: true })).items.some((i) => i.id === id('snap')));
    assert.equal((await savedCalls({ run: [id('snap')] })).outcomes[id('snap')]!.state, 'passed');
    const snapFile = join(dir(), 'tools.mcp-tests.snap.json');
    assert.deepEqual(JSON.parse(readFileSync(snapFile, 'utf8')), { snap: { content: [{ text: 'one', type: 'text' }] } });
    writeFileSync(file(), calls([{ name: 'snap', tool: 'echo', arguments: { text: 'two' }, expect: { snapshot: true } }]));
    await until('the changed file to be read', async () => (await savedCalls({ discover: true })).items.some((i) => i.id === id('snap')));
    const failed = (await savedCalls({ run: [id('snap')] })).outcomes[id('snap')]!;
    assert.equal(failed.state, 'failed');
    assert.equal(failed.messages[0]!.contextValue, 'mcpClient.snapshotMismatch');
    assert.match(failed.messages[0]!.expected!, /"one"/);
    assert.match(failed.messages[0]!.actual!, /"two"/);
    const runs = failed.run;
    assert.equal(await vscode.commands.executeCommand('mcpClient.tests.updateSnapshot', { test: { id: id('snap') } }), true);
    const after = (await savedCalls()).outcomes[id('snap')]!;
    assert.equal(after.state, 'passed');
    assert.ok(after.run > runs);
    assert.match(readFileSync(snapFile, 'utf8'), /"two"/);
  });

  it('lets the editor validate a test file against the contributed schema as it is typed', async () => {
    const bad = join(dir(), 'typo.mcp-tests.json');
    writeFileSync(bad, '{ "server": "tools", "tests": [ { "name": "x", "tool": "echo", "expect": { "isEror": true } } ] }\n');
    const document = await vscode.workspace.openTextDocument(bad);
    await vscode.window.showTextDocument(document);
    const problems = await until('the schema to flag the typo', () => {
      const d = vscode.languages.getDiagnostics(document.uri);
      return d.some((p) => /isEror/.test(p.message) || /not allowed/i.test(p.message)) && d;
    }, 60_000);
    assert.ok(problems.length >= 1);
    const item = await until('the test item with its problem', async () => (await savedCalls({ discover: true })).items.find((i) => i.id === id('x', bad)));
    assert.match(item.error!, /isEror/);
  });

  it('saves a call from the history as a test that passes', async () => {
    await callTool('tools', 'echo', { text: 'saved' });
    const entry = await until('the call in the history', async () => (await history()).stored.find((e) => (e.arguments as { text?: string })?.text === 'saved'));
    await answer({ kind: 'tests.saveTarget', answer: vscode.Uri.file(file()).toString() }, { kind: 'tests.name', answer: 'saved echo' });
    const saved = await vscode.commands.executeCommand<{ file: string; name: string }>('mcpClient.tests.saveAsTest', entry);
    assert.equal(saved?.name, 'saved echo');
    const written = JSON.parse(readFileSync(file(), 'utf8')) as { tests: { name: string; tool: string; arguments: unknown; expect: unknown }[] };
    assert.deepEqual(written.tests.at(-1), { name: 'saved echo', tool: 'echo', arguments: { text: 'saved' }, expect: { isError: false, snapshot: true } });
    const ran = await savedCalls({ run: [id('saved echo')] });
    assert.equal(ran.outcomes[id('saved echo')]!.state, 'passed', JSON.stringify(ran.outcomes[id('saved echo')]));
  });

  it('saves the call whose result is on screen (the result\'s title bar), without asking which', async () => {
    const outcome = await callTool('tools', 'echo', { text: 'on screen' });
    assert.ok(outcome.document);
    await until('the result preview to be the active tab', () => /\.md$/.test(vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? ''));
    await questions();
    await answer({ kind: 'tests.saveTarget', answer: vscode.Uri.file(file()).toString() }, { kind: 'tests.name', answer: 'from the result' });
    const saved = await vscode.commands.executeCommand<{ file: string; name: string }>('mcpClient.tests.saveAsTest');
    assert.equal(saved?.name, 'from the result');
    assert.ok(!(await questions()).some((q) => q.kind === 'tests.pickCall'), 'no question which call');
    const written = JSON.parse(readFileSync(file(), 'utf8')) as { tests: { name: string; arguments: unknown }[] };
    assert.deepEqual(written.tests.at(-1)!.arguments, { text: 'on screen' });
  });

  it('runs a server\'s tests again when dev mode restarts it, and a Debug run asks for dev mode\'s debugger', async () => {
    const watched = join(dir(), 'watched');
    mkdirSync(watched, { recursive: true });
    await setServers({ 'wb-dev': { command: node(), args: [fixtureScript('toolsFixture')], dev: { watch: ['wb-tests/watched/**/*.js'] } } });
    await running('wb-dev');
    await toolsOf('wb-dev', ['echo']);
    const devFile = join(dir(), 'dev.mcp-tests.json');
    writeFileSync(devFile, `${JSON.stringify({ server: 'wb-dev', tests: [{ name: 'dev echo', tool: 'echo', arguments: { text: 'x' } }] })}\n`);
    await until('the dev test', async () => (await savedCalls({ discover: true })).items.some((i) => i.id === id('dev echo', devFile)));
    const first = (await savedCalls({ run: [id('dev echo', devFile)] })).outcomes[id('dev echo', devFile)]!;
    assert.equal(first.state, 'passed');
    writeFileSync(join(watched, 'index.js'), '// changed\n');
    const again = await until('the test to run again after the restart', async () => {
      const o = (await savedCalls({ wait: true })).outcomes[id('dev echo', devFile)]!;
      return o.run > first.run && o;
    }, 90_000);
    assert.equal(again.state, 'passed');
    const debug = (await savedCalls({ run: [id('dev echo', devFile)], debug: true })).outcomes[id('dev echo', devFile)]!;
    assert.equal(debug.state, 'errored');
    assert.match(debug.messages[0]!.message, /A debug run uses dev mode's debugger: add "dev": \{ "debug": \{ "type": "node" \} \} to mcpClient\.servers\.wb-dev/);
  });

  it('runs a Debug run under dev mode\'s debugger, attaching it again when it was stopped', async () => {
    const started: string[] = [];
    const listener = vscode.debug.onDidStartDebugSession((s) => started.push(s.name));
    try {
      await setServers({ 'wb-debug': { command: node(), args: [fixtureScript('toolsFixture')], dev: { debug: { type: 'node' } } } });
      await running('wb-debug', 90_000);
      await until('the debugger on wb-debug', () => started.includes('MCP: wb-debug'), 60_000);
      for (const session of [vscode.debug.activeDebugSession].filter((s) => s?.name === 'MCP: wb-debug')) await vscode.debug.stopDebugging(session);
      await vscode.debug.stopDebugging();
      const debugFile = join(dir(), 'debug.mcp-tests.json');
      writeFileSync(debugFile, `${JSON.stringify({ server: 'wb-debug', tests: [{ name: 'under the debugger', tool: 'echo', arguments: { text: 'dbg' }, expect: { pointers: [{ pointer: '/content/0/text', equals: 'dbg' }] } }] })}\n`);
      await until('the debug test', async () => (await savedCalls({ discover: true })).items.some((i) => i.id === id('under the debugger', debugFile)));
      started.length = 0;
      const outcome = (await savedCalls({ run: [id('under the debugger', debugFile)], debug: true })).outcomes[id('under the debugger', debugFile)]!;
      assert.equal(outcome.state, 'passed', JSON.stringify(outcome));
      assert.ok(started.includes('MCP: wb-debug'), `the debugger was attached again: ${started.join(', ')}`);
    } finally {
      listener.dispose();
      await vscode.debug.stopDebugging();
      await setServers({ 'wb-debug': undefined });
    }
  });
});
