// MCP Apps at home in VS Code, with the apps fixture: what an app asks of the editor (a message for the
// chat input, context for the model, a link, another display mode, more room) and what the editor gives
// it (its theme, followed as it changes; a teardown before it goes). Each time a real click in the app.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllApps, fixtureState, initializedApp, press, running, showPanel, shownApps } from './appsHelpers';
import { activateAll, callTool, chatResponses } from '../helpers';
import { ui } from '../uiDriver';
import { until } from '../../shared/until';
import { type TestModel, testModel } from '../testModel';

let model: TestModel;

// Monaco renders spaces as no-break spaces.
const chatInput = async () => (await ui.text('.interactive-input-part .interactive-input-editor .view-lines'))?.replace(/\u00a0/g, ' ');

async function setTheme(theme: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', theme, vscode.ConfigurationTarget.Global);
}

describe('MCP Apps: the editor and the app', () => {
  before(async function () {
    this.timeout(90_000);
    await activateAll();
    model = await testModel();
    await running('apps');
  });

  afterEach(closeAllApps);

  it('puts an app message into the chat input for the user to send, and sends nothing', async () => {
    const app = await showPanel('editor');
    const requests = model.requests.length;
    assert.equal(await press(app, '#send-message', 'message', 'not sent'), 'accepted');
    // (The input may wrap the line; the test reads what is rendered.)
    await until('the chat input to hold the message', async () => /^@mcp Hello from the apps fixture\s*panel$/.test((await chatInput()) ?? ''));
    assert.equal(model.requests.length, requests, 'no request went to the model');
  });

  it("gives the app's model context to the next @mcp request, says so in the answer, and only once", async () => {
    const app = await showPanel('editor');
    assert.equal(await press(app, '#update-context', 'context', 'not sent'), 'sent');
    const ask = async (query: string) => {
      const sent = model.requests.length;
      await vscode.commands.executeCommand('workbench.action.chat.open', { query, modelSelector: { vendor: 'mcp-test' }, blockOnResponse: true });
      const responses = await chatResponses();
      const texts = model.requests.slice(sent)[0]!.messages.map((m) => m.parts.map((p) => p.text ?? '').join(''));
      return { answer: responses.at(-1)!.markdown.join(''), texts };
    };
    const first = await ask('@mcp what does the panel show?');
    const context = first.texts.find((t) => t.startsWith("Context from the MCP app 'Show panel' of the server 'apps'"));
    assert.ok(context, first.texts.join('\n'));
    assert.match(context, /The panel shows 3 widgets\.\n\{"widgets":3\}/);
    assert.ok(first.texts.indexOf(context) < first.texts.indexOf('what does the panel show?'), 'before the request');
    assert.match(first.answer, /Sent with this request: the context of the app Show panel \(apps\)/);
    const second = await ask('@mcp and now?');
    assert.ok(!second.texts.some((t) => t.startsWith('Context from the MCP app')), 'sent once');
  });

  it("hands a link to VS Code's opener, which asks before opening a site (a test window refuses every dialog)", async () => {
    const app = await showPanel('editor');
    // VS Code asks "Do you want … to open the external website?" for a domain the user has not trusted
    // (scripts/screenshot-apps.mjs clicks that dialog in a normal window); a test window answers every
    // dialog with Cancel, so here the link reaches the opener and is not opened.
    assert.equal(await press(app, '#open-link', 'link', 'not asked'), 'not opened');
    const shown = (await shownApps()).find((a) => a.id === app.id)!;
    assert.deepEqual(shown.links, [{ url: 'https://example.com/apps-fixture', opened: false }]);
  });

  it('moves to an editor tab when the app asks for fullscreen, and back to the Panel', async () => {
    const inline = await showPanel('modes');
    await ui.appClick(inline.id, '#fullscreen');
    const full = await initializedApp('in the editor', (a) => a.mode === 'fullscreen');
    assert.equal(full.launch, inline.launch, 'the same call');
    assert.equal(await ui.appText(full.id, '#mode'), 'fullscreen');
    await until('the result in the moved app', async () => (await ui.appText(full.id, '#result')) === 'Panel for modes');
    assert.ok('height' in full.containerDimensions!, 'fullscreen has a fixed height');
    await until('the inline app to be gone', async () => !(await shownApps()).some((a) => a.id === inline.id));
    await ui.appClick(full.id, '#inline');
    const back = await initializedApp('back in the Panel', (a) => a.mode === 'inline' && a.launch === inline.launch);
    assert.ok('maxHeight' in back.containerDimensions!, 'inline, the app chooses its height');
  });

  it("gives the app the height it asks for in the Panel", async () => {
    const app = await showPanel('sizes');
    const before = await until('a size from the app', async () => (await shownApps()).find((a) => a.id === app.id)?.sizes.at(-1)?.height);
    await until('the frame to take it', async () => (await ui.appFrameBox(app.id)).height === Math.ceil(before));
    await ui.appClick(app.id, '#grow');
    const after = await until('a larger size', async () => {
      const height = (await shownApps()).find((a) => a.id === app.id)?.sizes.at(-1)?.height;
      return height && height > before ? height : undefined;
    });
    await until('the frame to grow with it', async () => (await ui.appFrameBox(app.id)).height === Math.ceil(after));
  });

  it("follows VS Code's theme: light, dark and high contrast", async () => {
    const app = await showPanel('themes');
    const backgrounds = new Map<string, string>();
    try {
      for (const [theme, expected] of [['Default Light Modern', 'light'], ['Default Dark Modern', 'dark'], ['Default High Contrast', 'dark'], ['Default High Contrast Light', 'light']] as const) {
        await setTheme(theme);
        const background = await until(`the app to show ${expected} for ${theme}`, async () => {
          const shown = await ui.appText(app.id, '#theme');
          const value = await ui.appText(app.id, '#background');
          // The app applies what the host context says; wait for this theme's values, not the last one's.
          return shown === expected && value && value !== 'unset' && ![...backgrounds.values()].slice(-1).includes(value) ? value : undefined;
        });
        backgrounds.set(theme, background);
      }
    } finally {
      await setTheme(undefined);
    }
    assert.notEqual(backgrounds.get('Default Light Modern'), backgrounds.get('Default Dark Modern'));
    assert.notEqual(backgrounds.get('Default Dark Modern'), backgrounds.get('Default High Contrast'));
  });

  it('tells the app when the user cancels the call (the Cancel button of the progress notification)', async () => {
    const call = callTool('apps', 'show_panel', { label: 'slow', delayMs: 60_000 });
    const app = await initializedApp('of the slow call', (a) => a.tool === 'show_panel');
    await until('the input in the app', async () => (await ui.appText(app.id, '#input')) === '{"label":"slow","delayMs":60000}');
    assert.equal(await ui.appText(app.id, '#result'), 'waiting', 'no result while the call runs');
    // A test window hides notification toasts; the notification center shows the same notification.
    await vscode.commands.executeCommand('notifications.showList');
    await ui.click('.notifications-center .monaco-button', 'Cancel');
    assert.deepEqual(await call, { cancelled: true, app: app.launch });
    await until('the app to hear of the cancellation', async () => (await ui.appText(app.id, '#result')) === 'cancelled: The user cancelled the call.');
    await vscode.commands.executeCommand('notifications.hideList');
  });

  it('asks the app to tear down when it is closed, and removes it', async () => {
    const app = await showPanel('teardown');
    const events = (await fixtureState()).events.length;
    await ui.click('.part.panel .title-actions .action-label[aria-label="Close App"]');
    await until('the app to be gone', async () => (await shownApps()).length === 0);
    const state = await fixtureState();
    assert.deepEqual(state.events.slice(events), ['teardown'], 'the app told its server it was torn down, before it went');
    await until('its frame to be gone', async () => !(await ui.appExists(app.id)));
  });
});
