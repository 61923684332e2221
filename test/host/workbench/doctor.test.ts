// The connection doctor in a real VS Code: Diagnose Server… on a stdio server that prints a banner to
// stdout (the step fails and says to log to stderr), on an HTTP server with broken auth metadata (each
// discovery step says what is wrong), and on a workspace server the user did not allow: nothing of it runs.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Diagnosis } from '../../../src/workbench/doctor/registerDoctor';
import { until } from '../../shared/until';
import { activateAll, answer, questions, serverState, stateOf } from '../helpers';
import { ui } from '../uiDriver';
import { fixtureScript, node, setServers, workspaceFolder } from './workbenchHelpers';

const diagnose = (name: string) => vscode.commands.executeCommand<Diagnosis>('mcpClient.diagnoseServer', name);
const stepOf = (d: Diagnosis, title: RegExp) => d.steps.find((s) => title.test(s.title));

describe('Workbench: the connection doctor', function () {
  this.timeout(120_000);
  let authServer: ChildProcess | undefined;

  before(async () => {
    await activateAll();
    await vscode.commands.executeCommand('mcpClient.test.unqueueAnswers');
  });

  after(async () => {
    // Each step on its own: a failed one must not leave queued answers or servers to the next suite.
    await vscode.commands.executeCommand('mcpClient.test.unqueueAnswers');
    authServer?.kill();
    rmSync(join(workspaceFolder(), '.vscode'), { recursive: true, force: true });
    rmSync(join(workspaceFolder(), 'wb-doctor-ran.txt'), { force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setServers({ 'wb-banner': undefined, 'wb-auth': undefined, 'wb-missing': undefined });
    await until('the workspace server to go', async () => (await stateOf('wb-ws')) === undefined, 30_000).catch(() => undefined);
  });

  it('finds the banner a stdio server prints to stdout, and writes a report that says what to do', async () => {
    await setServers({ 'wb-banner': { command: node(), args: [fixtureScript('doctorFixtures'), '--banner'], autoStart: false } });
    await until('wb-banner to be listed', async () => (await stateOf('wb-banner')) === 'stopped');
    const diagnosis = await diagnose('wb-banner');
    assert.deepEqual(diagnosis.steps.map((s) => s.title).slice(0, 3), ['Trust and consent', 'The command is found', 'The working folder']);
    const bytes = stepOf(diagnosis, /first bytes on stdout/)!;
    assert.equal(bytes.status, 'fail');
    assert.deepEqual(bytes.output, ['Weather MCP server v0.3.1 starting…', '[info] listening on stdio']);
    assert.equal(stepOf(diagnosis, /tools\/list/)!.status, 'fail');
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(diagnosis.document!));
    assert.equal(document.uri.scheme, 'mcp-client-diagnosis');
    assert.match(document.getText(), /\*\*What to do:\*\* stdout is the protocol channel/);
    assert.equal(await stateOf('wb-banner'), 'stopped', 'the diagnosis leaves the server as it was');
  });

  it('reads the env file as a start does, naming its variables but never their values', async () => {
    const envFile = join(workspaceFolder(), 'wb-doctor.env');
    writeFileSync(envFile, 'REGION=eu-west\nAPI_TOKEN=tok-env-file-7731\n');
    try {
      await setServers({ 'wb-env': { command: node(), args: [fixtureScript('fixtureServer')], envFile, autoStart: false } });
      await until('wb-env to be listed', async () => (await stateOf('wb-env')) === 'stopped');
      const diagnosis = await diagnose('wb-env');
      const step = stepOf(diagnosis, /env file/)!;
      assert.equal(step.status, 'ok');
      assert.match(step.details[0]!, /sets 2 variables: API_TOKEN, REGION \(values not shown\)/);
      assert.ok(!diagnosis.markdown.includes('tok-env-file-7731') && !diagnosis.markdown.includes('eu-west'), 'no value in the report');
      assert.deepEqual(diagnosis.steps.filter((s) => s.status === 'fail').map((s) => s.title), []);
    } finally {
      rmSync(envFile, { force: true });
      await setServers({ 'wb-env': undefined });
    }
  });

  it('reads broken auth metadata of an HTTP server step by step', async () => {
    authServer = spawn(process.execPath, [fixtureScript('doctorFixtures'), '--broken-auth'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve) => authServer!.stdout!.on('data', (chunk: Buffer) => /listening (\S+)/.test(String(chunk)) && resolve(/listening (\S+)/.exec(String(chunk))![1]!)));
    await setServers({ 'wb-auth': { url, autoStart: false } });
    await until('wb-auth to be listed', async () => (await stateOf('wb-auth')) !== undefined);
    const diagnosis = await diagnose('wb-auth');
    assert.equal(stepOf(diagnosis, /^DNS/)!.status, 'ok');
    assert.match(stepOf(diagnosis, /First response/)!.details[0]!, /→ 401/);
    assert.equal(stepOf(diagnosis, /protected-resource/)!.status, 'ok');
    const as = stepOf(diagnosis, /authorization-server metadata/)!;
    assert.equal(as.status, 'fail');
    assert.match(as.details.join(' '), /issuer is "https:\/\/login\.example\.com\/"/);
    assert.equal(stepOf(diagnosis, /registration/)!.status, 'fail');
    assert.ok(diagnosis.steps.every((s) => s.status === 'skip' || s.ms !== undefined), 'each step says how long it took');
  });

  it('masks the value of an input in its report', async () => {
    const secret = 'wb-doctor-secret-9381';
    const inputs = vscode.workspace.getConfiguration('mcpClient');
    await inputs.update('inputs', [{ type: 'promptString', id: 'wbDoc', description: 'Doctor secret', password: true }], vscode.ConfigurationTarget.Global);
    await setServers({ 'wb-masked': { command: node(), args: [fixtureScript('fixtureServer'), `--label=\${input:wbDoc}`], autoStart: false } });
    try {
      await until('wb-masked to be listed', async () => (await stateOf('wb-masked')) === 'stopped');
      const diagnosing = diagnose('wb-masked');
      // The doctor fills in inputs as a start does: the password box asks, and is typed into as a person would.
      await ui.text('.quick-input-widget .quick-input-box input', { wait: true });
      await ui.type(secret, { thenPress: 'Enter' });
      const diagnosis = await diagnosing;
      assert.deepEqual(diagnosis.steps.filter((s) => s.status === 'fail').map((s) => s.title), []);
      // Neither as typed nor as Markdown escapes it ("wb\-doctor\-…").
      assert.ok(!diagnosis.markdown.includes(secret) && !diagnosis.markdown.includes(secret.replace(/-/g, '\\-')), 'the value is not in the report');
      assert.match(JSON.stringify(diagnosis.steps), /--label=\*\*\*/);
    } finally {
      await setServers({ 'wb-masked': undefined });
      await inputs.update('inputs', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('is offered on a start-failure notification, and its Diagnose… button opens the report', async () => {
    // Only this suite's notification in the list (earlier suites leave theirs).
    await vscode.commands.executeCommand('notifications.clearAll');
    await setServers({ 'wb-missing': { command: 'no-such-command-wb-4711', args: [] } });
    await until('wb-missing to fail', async () => (await stateOf('wb-missing')) === 'error');
    // The notification, in the notification center (a test window shows no toasts), with its buttons.
    await vscode.commands.executeCommand('notifications.showList');
    await until('the notification\'s Diagnose… button', () => ui.click('.notifications-center .monaco-button', 'Diagnose…').catch(() => false), 30_000);
    const tab = await until('the report', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => /diagnosis/.test(t.label)), 60_000);
    assert.match(tab.label, /diagnosis/);
    await vscode.commands.executeCommand('notifications.hideList');
    await setServers({ 'wb-missing': undefined });
  });

  it('runs nothing of a workspace server the user did not allow', async () => {
    const marker = join(workspaceFolder(), 'wb-doctor-ran.txt');
    rmSync(marker, { force: true });
    // The start when the settings change is declined, and so is the doctor's question.
    await answer({ kind: 'workspaceConsent', answer: 'none' }, { kind: 'workspaceConsent', answer: 'none' });
    // Written as a repository would hold it (the settings file itself, not through the settings editor's model).
    mkdirSync(join(workspaceFolder(), '.vscode'), { recursive: true });
    writeFileSync(join(workspaceFolder(), '.vscode', 'settings.json'), JSON.stringify({ 'mcpClient.servers': { 'wb-ws': { command: node(), args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`] } } }));
    // Declined, not just listed: a new server is 'stopped' before its start has asked.
    await until('wb-ws to be declined', async () => /you declined/.test(((await serverState('wb-ws')) as { reason?: string } | undefined)?.reason ?? ''));
    await questions();
    const diagnosis = await diagnose('wb-ws');
    const consent = stepOf(diagnosis, /Trust and consent/)!;
    assert.equal(consent.status, 'fail');
    assert.match(consent.details.join(' '), /declined/);
    assert.equal(diagnosis.steps.length, 1, 'no further step ran');
    assert.ok((await questions()).some((q) => q.kind === 'workspaceConsent'), 'the doctor asked, as a start would');
    assert.equal(existsSync(marker), false, 'the command never ran');
  });
});
