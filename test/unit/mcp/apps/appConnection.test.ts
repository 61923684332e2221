// The host side of one MCP App (src/mcp/apps/appConnection.ts) in plain Node: ext-apps' own view class
// (`App`) on one side, a real session with the apps fixture server on the other, and this test as the
// webview page between them (the sandbox proxy of the spec: it answers sandbox-proxy-ready and relays).
import * as assert from 'node:assert/strict';
import { App } from '@modelcontextprotocol/ext-apps';
import { AppConnection, MAX_MODEL_CONTEXT_CHARS } from '../../../../src/mcp/apps/appConnection';
import { appSandbox } from '../../../../src/mcp/apps/appSandbox';
import { uiResourceFromRead } from '../../../../src/mcp/apps/uiResource';
import { until } from '../../../shared/until';
import { definition, sessionForSuite, stdio } from '../../helpers';
import { fixtureState, RecordingHost, Relay, RESOURCE_URI } from './appHarness';

describe('MCP Apps: the host side of an app (AppBridge, real server)', () => {
  const session = sessionForSuite(definition('apps', stdio('appsFixture')));
  const opened: { connection: AppConnection; app: App }[] = [];

  afterEach(async () => {
    for (const { connection, app } of opened.splice(0)) {
      await connection.close();
      await app.close().catch(() => undefined);
    }
  });

  /** Opens the connection, lets the page ask for the app, then starts ext-apps' App on the far side. */
  async function open(configure: (app: App) => void = () => undefined, options: { connectApp?: boolean } = {}) {
    const relay = new Relay();
    const host = new RecordingHost();
    const resource = uiResourceFromRead(RESOURCE_URI, await session().readResource(RESOURCE_URI));
    const sandbox = appSandbox(resource);
    const connection = await AppConnection.open({
      server: session(),
      findTool: async (name) => (await session().listTools()).find((t) => t.name === name),
      resource,
      sandbox,
      port: relay.port,
      host,
      hostInfo: { name: 'mcp-client-tests', version: '0.0.0' },
      hostContext: { theme: 'dark', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'], platform: 'desktop' },
    });
    const app = new App({ name: 'test-view', version: '1.0.0' }, { availableDisplayModes: ['inline', 'fullscreen'] }, { autoResize: false });
    configure(app);
    opened.push({ connection, app });
    relay.send({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
    await until('the app document', () => relay.methods().includes('ui/notifications/sandbox-resource-ready'));
    if (options.connectApp !== false) await app.connect(relay.appTransport());
    return { relay, host, connection, app, sandbox };
  }

  it('hands the page the document with its policy and sandbox, and the app the host context', async () => {
    const { relay, app, sandbox } = await open();
    const ready = relay.fromHost.find((m) => 'method' in m && m.method === 'ui/notifications/sandbox-resource-ready') as unknown as { params: { html: string; sandbox: string; csp: { connectDomains: string[] }; permissions: object } };
    assert.equal(ready.params.html, sandbox.html);
    assert.ok(ready.params.html.startsWith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy"'));
    assert.equal(ready.params.sandbox, 'allow-scripts allow-forms allow-same-origin');
    assert.match(ready.params.csp.connectDomains[0]!, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(ready.params.permissions, { clipboardWrite: {} }, 'camera was asked for but cannot be granted');
    assert.equal(app.getHostContext()?.theme, 'dark');
    assert.deepEqual(app.getHostCapabilities()?.sandbox?.permissions, { clipboardWrite: {} });
  });

  it('sends nothing before the app is initialized, then partial input, input and result in that order', async () => {
    const seen: string[] = [];
    const { relay, connection, app } = await open(
      (app) => {
        app.ontoolinputpartial = ({ arguments: a }) => void seen.push(`partial ${JSON.stringify(a)}`);
        app.ontoolinput = ({ arguments: a }) => void seen.push(`input ${JSON.stringify(a)}`);
        app.ontoolresult = (r) => void seen.push(`result ${JSON.stringify(r.content)}`);
      },
      { connectApp: false },
    );
    connection.sendToolInputPartial({ label: 'pa' });
    connection.sendToolInput({ label: 'panel' });
    connection.sendToolInputPartial({ label: 'late' });
    connection.sendToolResult({ content: [{ type: 'text', text: 'done' }] });
    connection.sendToolCancelled('too late: the result is there');
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(relay.methods(), ['ui/notifications/sandbox-resource-ready'], 'only the document before initialized');
    await app.connect(relay.appTransport());
    await until('the deliveries', () => seen.length >= 3);
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(seen, ['partial {"label":"pa"}', 'input {"label":"panel"}', 'result [{"type":"text","text":"done"}]']);
  });

  it('tells the app of a cancelled call', async () => {
    let cancelled: string | undefined;
    const { connection } = await open((app) => (app.ontoolcancelled = ({ reason }) => void (cancelled = reason)));
    connection.sendToolInput({});
    connection.sendToolCancelled('The user cancelled the call.');
    await until('tool-cancelled', () => cancelled !== undefined);
    assert.equal(cancelled, 'The user cancelled the call.');
  });

  it('lets the app call tools visible to apps, and refuses tools for the model only', async () => {
    const { app, host } = await open();
    const allowed = await app.callServerTool({ name: 'app_only_counter', arguments: {} });
    assert.match((allowed.content[0] as { text: string }).text, /^count \d+$/);
    await assert.rejects(app.callServerTool({ name: 'model_only_secret', arguments: {} }), /not available to apps/);
    await assert.rejects(app.callServerTool({ name: 'no_such_tool', arguments: {} }), /has no tool named 'no_such_tool'/);
    const state = await fixtureState(session());
    assert.ok(state.calls.includes('app_only_counter'));
    assert.ok(!state.calls.includes('model_only_secret'), 'the refused call never reached the server');
    assert.ok(host.calls.some(([kind, text]) => kind === 'log' && /Refused the app's call of 'model_only_secret'/.test(String(text))));
  });

  it('passes links, messages and model context to the editor, and reads resources of its own server', async () => {
    const { app, host } = await open();
    assert.equal((await app.openLink({ url: 'https://example.com/x' })).isError, false);
    assert.equal((await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'hi' }] })).isError, false);
    await app.updateModelContext({ content: [{ type: 'text', text: 'state' }], structuredContent: { n: 1 } });
    assert.deepEqual(host.calls.filter(([kind]) => kind !== 'log'), [
      ['openLink', 'https://example.com/x'],
      ['message', 'hi'],
      ['context', { text: ['state'], structuredContent: { n: 1 } }],
    ]);
    const read = await app.readServerResource({ uri: RESOURCE_URI });
    assert.equal(read.contents[0]!.uri, RESOURCE_URI);
  });

  it('refuses a model context larger than the cap, whole, and tells the app', async () => {
    const { app, host } = await open();
    const huge = 'x'.repeat(MAX_MODEL_CONTEXT_CHARS);
    await assert.rejects(app.updateModelContext({ content: [{ type: 'text', text: huge }], structuredContent: { more: 'y' } }), /accepts at most 32000/);
    await assert.rejects(app.updateModelContext({ content: [{ type: 'text', text: 'small' }], structuredContent: { blob: huge } }), /accepts at most 32000/);
    assert.deepEqual(host.calls.filter(([kind]) => kind === 'context'), [], 'nothing reached the model context');
    await app.updateModelContext({ content: [{ type: 'text', text: 'fits' }] });
    assert.deepEqual(host.calls.filter(([kind]) => kind === 'context'), [['context', { text: ['fits'], structuredContent: undefined }]]);
  });

  it('switches display modes only to one both sides support', async () => {
    const { app, host, connection } = await open();
    assert.deepEqual(await app.requestDisplayMode({ mode: 'pip' }), { mode: 'inline' }, 'the host has no picture-in-picture');
    assert.deepEqual(await app.requestDisplayMode({ mode: 'fullscreen' }), { mode: 'fullscreen' });
    assert.deepEqual(host.calls.filter(([kind]) => kind === 'mode'), [['mode', 'fullscreen']]);
    let changed: unknown;
    app.onhostcontextchanged = (params) => void (changed = params);
    connection.updateHostContext({ displayMode: 'fullscreen', theme: 'dark' });
    await until('host-context-changed', () => changed !== undefined);
    assert.deepEqual(changed, { displayMode: 'fullscreen' }, 'only what changed');
  });

  it('asks the app to tear down before closing, and closes an app that cannot answer', async () => {
    const { connection } = await open((app) => {
      app.onteardown = async () => {
        await app.callServerTool({ name: 'record_event', arguments: { event: 'teardown' } });
        return {};
      };
    });
    const before = (await fixtureState(session())).events.length;
    assert.equal(await connection.teardown(), 'answered');
    assert.equal((await fixtureState(session())).events.length, before + 1);
    const silent = await open();
    assert.equal(await silent.connection.teardown(), 'refused', 'an app without a teardown handler answers -32601');
  });
});

describe('MCP Apps: what the host side passes on, refuses and reports', () => {
  const session = sessionForSuite(definition('apps-more', stdio('appsFixture')));
  const opened: { connection: AppConnection; app: App }[] = [];
  afterEach(async () => {
    for (const { connection, app } of opened.splice(0)) {
      await connection.close();
      await app.close().catch(() => undefined);
    }
  });

  async function open(
    configure: (app: App) => void = () => undefined,
    options: { connectApp?: boolean; host?: RecordingHost; displayMode?: 'inline' | 'fullscreen'; appModes?: ('inline' | 'fullscreen')[]; relay?: Relay } = {},
  ) {
    const relay = options.relay ?? new Relay();
    const host = options.host ?? new RecordingHost();
    const resource = uiResourceFromRead(RESOURCE_URI, await session().readResource(RESOURCE_URI));
    const connection = await AppConnection.open({
      server: session(),
      findTool: async (name) => (await session().listTools()).find((t) => t.name === name),
      resource,
      sandbox: appSandbox(resource),
      port: relay.port,
      host,
      hostInfo: { name: 'mcp-client-tests', version: '0.0.0' },
      hostContext: { theme: 'light', ...(options.displayMode ? { displayMode: options.displayMode } : {}), platform: 'desktop' },
    });
    const app = new App({ name: 'test-view', version: '1.0.0' }, options.appModes ? { availableDisplayModes: options.appModes } : {}, { autoResize: false });
    configure(app);
    opened.push({ connection, app });
    relay.send({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
    await until('the app document', () => relay.methods().includes('ui/notifications/sandbox-resource-ready'));
    if (options.connectApp !== false) await app.connect(relay.appTransport());
    return { relay, host, connection, app };
  }
  const logs = (host: RecordingHost) => host.calls.filter(([kind]) => kind === 'log').map(([, text]) => String(text));

  it('offers the app exactly these host capabilities', async () => {
    const { app } = await open();
    const { sandbox: _sandbox, ...offered } = app.getHostCapabilities()!;
    assert.deepEqual(offered, {
      openLinks: {},
      serverTools: { listChanged: true },
      serverResources: { listChanged: true },
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {}, structuredContent: {} },
    });
  });

  it("writes the app's log messages to the server's log at the matching level, named as the app's", async () => {
    const levels: [string, string][] = [];
    const host = new RecordingHost();
    host.log = (level, text) => void levels.push([level, text]);
    const { app } = await open(undefined, { host });
    for (const level of ['debug', 'info', 'notice', 'warning', 'error', 'critical'] as const) await app.sendLog({ level, data: level });
    await app.sendLog({ level: 'info', logger: 'Weather', data: { temp: 21 } });
    await until('the log lines', () => levels.filter(([, t]) => t.startsWith('[app]')).length === 7);
    assert.deepEqual(levels.filter(([, t]) => t.startsWith('[app]')), [
      ['debug', '[app] debug'],
      ['info', '[app] info'],
      ['info', '[app] notice'],
      ['warn', '[app] warning'],
      ['error', '[app] error'],
      ['error', '[app] critical'],
      ['info', '[app] [Weather] {"temp":21}'],
    ]);
  });

  it('passes size changes and teardown requests to the view', async () => {
    const { app, host } = await open();
    await app.sendSizeChanged({ width: 400, height: 300 });
    await app.requestTeardown();
    await until('both', () => host.calls.some(([kind]) => kind === 'requestTeardown') && host.calls.some(([kind]) => kind === 'resize'));
    assert.deepEqual(host.calls.find(([kind]) => kind === 'resize'), ['resize', { width: 400, height: 300 }]);
  });

  it('tells the app when its server lists other tools or resources, only once it is initialized and until it is closed', async () => {
    const heard: string[] = [];
    const { connection, app, relay } = await open(undefined, { connectApp: false });
    await session().callTool({ name: 'announce_changes', arguments: {} });
    await session().listTools();
    assert.ok(!relay.methods().some((m) => m.includes('list_changed')), 'not before initialized');
    await app.connect(relay.appTransport());
    const before = relay.methods().length;
    await session().callTool({ name: 'announce_changes', arguments: {} });
    await until('both list changes', () => ['notifications/tools/list_changed', 'notifications/resources/list_changed'].every((m) => relay.methods().slice(before).includes(m)));
    heard.push(...relay.methods().slice(before).filter((m) => m.includes('list_changed')));
    assert.deepEqual([...new Set(heard)].sort(), ['notifications/resources/list_changed', 'notifications/tools/list_changed']);
    await connection.close();
    const closedAt = relay.methods().length;
    await session().callTool({ name: 'announce_changes', arguments: {} });
    await session().listTools();
    assert.equal(relay.methods().slice(closedAt).filter((m) => m.includes('list_changed')).length, 0, 'nothing after close');
  });

  it('refuses a message without text, and reports what the editor refused', async () => {
    const host = new RecordingHost();
    host.proposeMessage = async (text) => (host.calls.push(['message', text]), false);
    host.openLink = async (url) => (host.calls.push(['openLink', url]), false);
    const { app } = await open(undefined, { host });
    assert.equal((await app.sendMessage({ role: 'user', content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }] })).isError, true);
    assert.ok(!host.calls.some(([kind]) => kind === 'message'), 'nothing proposed without text');
    assert.equal((await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'image', data: 'AA==', mimeType: 'image/png' }, { type: 'text', text: 'b' }] })).isError, true);
    assert.deepEqual(host.calls.filter(([kind]) => kind === 'message'), [['message', 'a\n\nb']], 'text blocks joined');
    assert.equal((await app.openLink({ url: 'https://example.com' })).isError, true);
  });

  it('gives the model context only text blocks, and none when there is no content', async () => {
    const { app, host } = await open();
    await app.updateModelContext({ content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }, { type: 'text', text: 'kept' }] });
    await app.updateModelContext({ structuredContent: { only: true } });
    assert.deepEqual(host.calls.filter(([kind]) => kind === 'context'), [
      ['context', { text: ['kept'], structuredContent: undefined }],
      ['context', { text: [], structuredContent: { only: true } }],
    ]);
  });

  it('keeps the display mode when the app did not offer the asked one, or already has it, and starts from inline', async () => {
    const fullscreenOnly = await open(undefined, { appModes: ['inline'] });
    assert.deepEqual(await fullscreenOnly.app.requestDisplayMode({ mode: 'fullscreen' }), { mode: 'inline' }, 'the app did not declare fullscreen');
    const noContext = await open(undefined, { appModes: ['inline', 'fullscreen'] });
    assert.deepEqual(await noContext.app.requestDisplayMode({ mode: 'inline' }), { mode: 'inline' }, 'no mode in the context is inline');
    assert.deepEqual(noContext.host.calls.filter(([kind]) => kind === 'mode'), [], 'the view was not asked');
    const full = await open(undefined, { displayMode: 'fullscreen', appModes: ['inline', 'fullscreen'] });
    assert.deepEqual(await full.app.requestDisplayMode({ mode: 'fullscreen' }), { mode: 'fullscreen' });
    assert.deepEqual(full.host.calls.filter(([kind]) => kind === 'mode'), []);
    const unsure = await open(undefined, {});
    assert.deepEqual(await unsure.app.requestDisplayMode({ mode: 'fullscreen' }), { mode: 'fullscreen' }, 'an app that declares no modes may ask');
  });

  it('hands the app the host context as it is when it starts, and nothing more after close', async () => {
    const { connection, app, relay } = await open(undefined, { connectApp: false });
    connection.updateHostContext({ theme: 'dark' });
    assert.equal(connection.hostContext.theme, 'dark');
    assert.ok(!relay.methods().includes('ui/notifications/host-context-changed'), 'not before initialized');
    await app.connect(relay.appTransport());
    await until('the context', () => app.getHostContext()?.theme === 'dark');
    assert.equal(connection.isInitialized, true);
    assert.equal(connection.appInfo?.name, 'test-view');
    await connection.close();
    const at = relay.methods().length;
    connection.updateHostContext({ theme: 'light' });
    connection.sendToolInput({ late: true });
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(relay.methods().slice(at), []);
  });

  it('ignores a result or cancellation before the input, and input after the result', async () => {
    const seen: string[] = [];
    const { connection } = await open((app) => {
      app.ontoolinput = () => void seen.push('input');
      app.ontoolresult = () => void seen.push('result');
      app.ontoolcancelled = () => void seen.push('cancelled');
    });
    connection.sendToolResult({ content: [] });
    connection.sendToolCancelled('early');
    connection.sendToolInput({});
    connection.sendToolInput({ again: true });
    connection.sendToolResult({ content: [] });
    connection.sendToolResult({ content: [] });
    await until('input and result', () => seen.length >= 2);
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(seen, ['input', 'result']);
  });

  /** A host that records each log line with its level. */
  function levelledHost() {
    const host = new RecordingHost();
    const lines: [string, string][] = [];
    host.log = (level, text) => void lines.push([level, text]);
    return { host, lines };
  }

  it("logs the app's tool calls as info and its refused calls and model context as warnings, and takes a context of exactly the cap", async () => {
    const { host, lines } = levelledHost();
    const { app } = await open(undefined, { host });
    await app.callServerTool({ name: 'app_only_counter', arguments: {} });
    await assert.rejects(app.callServerTool({ name: 'model_only_secret', arguments: {} }));
    await assert.rejects(app.updateModelContext({ content: [{ type: 'text', text: 'x'.repeat(MAX_MODEL_CONTEXT_CHARS + 1) }] }));
    await app.updateModelContext({ content: [{ type: 'text', text: 'x'.repeat(MAX_MODEL_CONTEXT_CHARS) }] });
    assert.deepEqual(lines, [
      ['info', "The app calls 'app_only_counter'."],
      ['warn', "Refused the app's call of 'model_only_secret': the tool is not visible to apps."],
      ['warn', "Refused the app's model context of 32,001 characters (at most 32,000)."],
    ]);
    assert.equal(host.calls.filter(([kind]) => kind === 'context').length, 1, 'the context of exactly the cap reached the model');
  });

  it('says so when the view cannot take the app or a delivery, and tries no delivery after close', async () => {
    const deaf = new Relay();
    const post = deaf.port.post;
    let reachable = false;
    deaf.port.post = async (message) => (await post(message)) && reachable;
    const { host, lines } = levelledHost();
    const { connection, app, relay } = await open(undefined, { host, relay: deaf, connectApp: false });
    await until('the refusal', () => lines.length > 0);
    assert.deepEqual(lines, [['error', 'Could not hand the app to its view: The app view is not available.']]);
    reachable = true;
    await app.connect(relay.appTransport());
    reachable = false;
    connection.sendToolInput({ n: 1 });
    await until('the failed delivery', () => lines.length > 1);
    assert.deepEqual(lines[1], ['warn', 'Could not deliver to the app: The app view is not available.']);
    reachable = true;
    await connection.close();
    connection.sendToolResult({ content: [] });
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(lines.length, 2, 'nothing tried, so nothing failed, after close');
  });

  it('tears down: not initialized, timed out, or already closed', async () => {
    const never = await open(undefined, { connectApp: false });
    assert.equal(await never.connection.teardown(), 'not initialized');
    const slow = await open((app) => (app.onteardown = () => new Promise(() => undefined)));
    const levels: string[] = [];
    const log = slow.host.log;
    slow.host.log = (level, text) => (levels.push(level), log(level, text));
    assert.equal(await slow.connection.teardown(100), 'timed out');
    assert.deepEqual(levels, ['info'], 'a teardown not confirmed is no error');
    assert.ok(logs(slow.host).some((t) => /^The app did not confirm its teardown \(.+\); closing it anyway\.$/.test(t)));
    assert.equal(await slow.connection.teardown(), 'not initialized', 'closed already');
  });
});
