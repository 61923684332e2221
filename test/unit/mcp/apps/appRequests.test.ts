// What an app's requests and its server's announcements do at the far end (src/mcp/apps/appConnection.ts):
// an app that gives up on a tool call or a resource read cancels it at the server (not only in the view),
// and the app hears exactly the kind of list change its server announced, no other.
import * as assert from 'node:assert/strict';
import { App } from '@modelcontextprotocol/ext-apps';
import { AppConnection } from '../../../../src/mcp/apps/appConnection';
import { appSandbox } from '../../../../src/mcp/apps/appSandbox';
import { uiResourceFromRead } from '../../../../src/mcp/apps/uiResource';
import { until } from '../../../shared/until';
import { definition, sessionForSuite, stdio } from '../../helpers';
import { fixtureState, RecordingHost, Relay, RESOURCE_URI } from './appHarness';

describe('MCP Apps: cancellations and list changes reach the other side', function () {
  this.timeout(20_000);
  // Requests may take two minutes: a cancellation the server hears of within the test came from the app,
  // not from the session giving up on the request.
  const session = sessionForSuite(definition('apps-requests', stdio('appsFixture'), { timeoutMs: 120_000 }));
  const opened: { connection: AppConnection; app: App }[] = [];
  afterEach(async () => {
    for (const { connection, app } of opened.splice(0)) {
      await connection.close();
      await app.close().catch(() => undefined);
    }
  });

  async function open() {
    const relay = new Relay();
    const resource = uiResourceFromRead(RESOURCE_URI, await session().readResource(RESOURCE_URI));
    const connection = await AppConnection.open({
      server: session(),
      findTool: async (name) => (await session().listTools()).find((t) => t.name === name),
      resource,
      sandbox: appSandbox(resource),
      port: relay.port,
      host: new RecordingHost(),
      hostInfo: { name: 'mcp-client-tests', version: '0.0.0' },
      hostContext: { theme: 'light', platform: 'desktop' },
    });
    const app = new App({ name: 'test-view', version: '1.0.0' }, {}, { autoResize: false });
    opened.push({ connection, app });
    relay.send({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
    await until('the app document', () => relay.methods().includes('ui/notifications/sandbox-resource-ready'));
    await app.connect(relay.appTransport());
    return { relay, app };
  }

  const events = async () => (await fixtureState(session())).events;

  it('an app that gives up on its tool call cancels the call at the server', async () => {
    const { app } = await open();
    const abort = new AbortController();
    const call = app.callServerTool({ name: 'show_panel', arguments: { label: 'slow', delayMs: 60_000 } }, { signal: abort.signal });
    await until('the call to reach the server', async () => (await fixtureState(session())).calls.includes('show_panel'));
    abort.abort();
    await assert.rejects(call);
    await until('the server to hear of the cancellation', async () => (await events()).includes('show_panel cancelled'), 10_000);
  });

  it('an app that gives up on a resource read cancels the read at the server', async () => {
    const { app } = await open();
    const abort = new AbortController();
    const read = app.readServerResource({ uri: 'fixture://slow-read' }, { signal: abort.signal });
    await until('the read to reach the server', async () => (await events()).includes('slow read started'));
    abort.abort();
    await assert.rejects(read);
    await until('the server to hear of the cancellation', async () => (await events()).includes('slow read cancelled'), 10_000);
  });

  it('tells the app of exactly the kind of list change its server announced', async () => {
    const { app, relay } = await open();
    const changes = () => relay.methods().filter((m) => m.endsWith('/list_changed'));
    // The answer to one of the app's own calls comes after anything the host sent it before.
    const settled = () => app.callServerTool({ name: 'app_only_counter', arguments: {} });

    await session().callTool({ name: 'announce_changes', arguments: { only: 'resources' } });
    await until('the resource list change', () => changes().length > 0);
    await settled();
    assert.deepEqual(changes(), ['notifications/resources/list_changed']);

    await session().callTool({ name: 'announce_changes', arguments: { only: 'tools' } });
    await until('the tool list change', () => changes().length > 1);
    await settled();
    assert.deepEqual(changes(), ['notifications/resources/list_changed', 'notifications/tools/list_changed']);
  });
});
