// MCP Apps in the real VS Code, against the apps fixture (test/fixtures/servers/appsFixture.ts, its view
// test/fixtures/apps/panelApp.ts built on ext-apps' App): what an app may and may not do, each time by a
// real click in the app's frame (scripts/host/uiDriver.mjs) and checked both in what the app shows and
// in what reached the server.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllApps, fixtureState, initializedApp, press, running, showPanel } from './appsHelpers';
import { activateAll, answer, chatResponses, questions } from '../helpers';
import { ui } from '../uiDriver';
import { until } from '../../shared/until';
import { type TestModel, testModel } from '../testModel';

let model: TestModel;

async function ask(query: string) {
  const sent = model.requests.length;
  await vscode.commands.executeCommand('workbench.action.chat.open', { query, modelSelector: { vendor: 'mcp-test' }, blockOnResponse: true });
  const responses = await chatResponses();
  return { response: responses.at(-1)!, requests: model.requests.slice(sent) };
}

describe('MCP Apps: the apps fixture', () => {
  before(async function () {
    this.timeout(90_000);
    await activateAll();
    model = await testModel();
    await running('apps');
  });

  afterEach(async () => {
    model.state.toolCalls.length = 0;
    await closeAllApps();
  });

  it('runs the app in a sandbox: opaque origin, no way to the page, only the permissions a webview can pass on', async () => {
    const app = await showPanel('fixture');
    assert.equal(await ui.appText(app.id, '#origin'), 'null');
    // Its parent is its proxy frame, of the same opaque origin (the frames above: appOrigin.test.ts).
    assert.match((await ui.appText(app.id, '#parent'))!, /^allowed/);
    assert.match((await ui.appText(app.id, '#storage'))!, /^blocked: SecurityError/);
    assert.equal(await ui.appText(app.id, '#permissions'), 'clipboard-write=yes camera=no microphone=no geolocation=no');
    const frame = await ui.appFrameBox(app.id);
    assert.equal(frame.sandbox, 'allow-scripts allow-forms allow-same-origin');
    assert.equal(frame.allow, 'clipboard-write');
  });

  it('lets the app call a tool only apps may call, and refuses it a tool only the model may call', async () => {
    const app = await showPanel('fixture');
    assert.match(await press(app, '#call-app-only', 'app-only', 'not called'), /^allowed: count \d+$/);
    assert.match(await press(app, '#call-model-only', 'model-only', 'not called'), /^refused: .*not available to apps/);
    const { calls } = await fixtureState();
    assert.ok(calls.includes('app_only_counter'));
    assert.ok(!calls.includes('model_only_secret'), 'the refused call never reached the server');
  });

  it('lets the app fetch from the domain it declared and blocks a domain it did not', async () => {
    const before = (await fixtureState()).hits;
    const app = await showPanel('fixture');
    assert.equal(await press(app, '#fetch-declared', 'declared', 'not tried'), 'ok 200 hello');
    assert.match(await press(app, '#fetch-undeclared', 'undeclared', 'not tried'), /^blocked: /);
    const after = (await fixtureState()).hits;
    assert.equal(after.declared, before.declared + 1);
    assert.equal(after.undeclared, before.undeclared, 'the undeclared listener was never reached');
  });

  it('keeps WebRTC from the app: no peer connection, no STUN packet to the address it names', async () => {
    const before = (await fixtureState()).hits;
    const app = await showPanel('fixture');
    assert.match(await press(app, '#webrtc', 'webrtc-result', 'not tried'), /^blocked: /);
    const after = (await fixtureState()).hits;
    assert.equal(after.stun, before.stun, 'no STUN packet reached the local UDP listener');
  });

  it('never offers app-only tools to the model, and a model call of one finds no tool', async () => {
    await questions();
    model.state.toolCalls.push({ name: 'apps_app_only_counter', input: {} });
    const callsBefore = (await fixtureState()).calls.length;
    const { requests } = await ask('@mcp count something');
    const offered = requests[0]!.tools;
    assert.ok(offered.includes('apps_show_panel') && offered.includes('apps_model_only_secret'), offered.join(', '));
    assert.ok(!offered.some((t) => t.includes('app_only_counter') || t.includes('record_event')), 'app-only tools are not offered');
    const results = requests[1]!.messages.at(-1)!.parts.flatMap((p) => (p.toolResult ? [p.toolResult.text] : []));
    assert.deepEqual(results, ["There is no tool named 'apps_app_only_counter'."]);
    assert.deepEqual(await questions(), [], 'nothing was asked: there was nothing to call');
    assert.equal((await fixtureState()).calls.length, callsBefore, 'the server got no call');
  });

  it("offers the app in the chat's answer, and the Open App button shows it with the call's input and result", async () => {
    model.state.toolCalls.push({ name: 'apps_show_panel', input: { label: 'from chat' } });
    await answer({ kind: 'tool.confirm', answer: 'once' });
    const { response } = await ask('@mcp show the panel');
    assert.deepEqual(response.buttons, ['Open App: Show panel']);
    await ui.click('.interactive-session .monaco-button', 'Open App: Show panel');
    const app = await initializedApp('opened from the chat', (a) => a.tool === 'show_panel');
    assert.equal(await ui.appText(app.id, '#input'), '{"label":"from chat"}');
    await until('the result', async () => (await ui.appText(app.id, '#result')) === 'Panel for from chat');
  });
});
