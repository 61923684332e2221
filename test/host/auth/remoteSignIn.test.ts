// Sign-in when the extension host is not on the user's machine. code-server is that case: the browser
// talks to the workbench's address, never to the extension host's 127.0.0.1. The redirect URI must
// therefore be the loopback listener as the browser reaches it (vscode.env.asExternalUri: code-server's
// port proxy), and a registered redirect URI must never be sent for a port that cannot be listened on
// any more: a busy port means a new port and a new registration, not an "invalid redirect_uri".
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { OAuthFixture } from '../../fixtures/servers/oauthFixture';
import { until } from '../../shared/until';
import { serverState, stateOf } from '../helpers';
import { ui } from '../uiDriver';

describe('Sign-in through the remote-safe redirect (code-server)', () => {
  const config = () => vscode.workspace.getConfiguration('mcpClient');
  let servers: Record<string, unknown>;
  let fixture: OAuthFixture;
  let blocker: Server | undefined;

  before(async () => {
    const { startOAuthFixture } = require(join(__dirname, '..', '..', 'fixtures', 'servers', 'oauthFixture.js')) as typeof import('../../fixtures/servers/oauthFixture');
    fixture = await startOAuthFixture({ behindCodeServerProxy: true });
    servers = config().inspect<Record<string, unknown>>('servers')!.globalValue!;
    await config().update('servers', { ...servers, remote: { url: fixture.url } }, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('mcpClient.signOut', 'remote');
    await config().update('servers', servers, vscode.ConfigurationTarget.Global);
    await fixture.close();
    await new Promise((r) => (blocker ? blocker.close(r) : r(undefined)));
  });

  async function signIn(): Promise<void> {
    await until('remote to need sign-in', async () => (await stateOf('remote')) !== undefined);
    await vscode.commands.executeCommand('mcpClient.signIn', 'remote');
    await until('remote to run', async () => (await stateOf('remote')) === 'running', 30_000).catch(async (error: Error) => {
      throw new Error(`${error.message}; state ${JSON.stringify(await serverState('remote'))}; authorizations ${JSON.stringify(fixture.authorizations.map((a) => a.redirectUri))}, tabs ${JSON.stringify(await ui.tabs())}`);
    });
  }

  it("redirects to the listener at the workbench's own address, which the browser reaches from any machine", async () => {
    await signIn();
    const { workbench } = await ui.tabs();
    const redirect = new URL(fixture.authorizations.at(-1)!.redirectUri!);
    // Not the extension host's loopback: the workbench's origin, through code-server's port proxy.
    assert.equal(redirect.origin, new URL(workbench).origin, redirect.href);
    assert.match(redirect.pathname, /^\/proxy\/\d+\/callback$/);
    // The browser tab really came back that way, and the listener answered it. The token exchange can
    // finish before the browser driver lists the tab (seen once in a full run: no tabs yet), so it is awaited.
    let tabs: Awaited<ReturnType<typeof ui.tabs>>['tabs'] = [];
    const landed = await until('the sign-in tab to land on the callback', async () => {
      tabs = (await ui.tabs()).tabs;
      return tabs.find((t) => t.url.startsWith(redirect.href) && /Signed in/.test(t.text));
    }).catch(() => undefined);
    assert.ok(landed, JSON.stringify(tabs));
    assert.match(landed.text, /Signed in/);
    assert.deepEqual(fixture.refusedRedirects, []);
    assert.equal(fixture.registrations, 1);
  });

  it('signs in again when the registered port is busy: a new port, registered first, never an unregistered redirect URI', async () => {
    const first = fixture.authorizations.at(-1)!.redirectUri!;
    const port = Number(/\/proxy\/(\d+)\//.exec(first)![1]);
    blocker = createServer();
    await new Promise<void>((r) => blocker!.listen(port, '127.0.0.1', r));
    fixture.revokeAll();
    await vscode.commands.executeCommand('mcpClient.stopServer', 'remote');
    await signIn();
    const second = fixture.authorizations.at(-1)!.redirectUri!;
    assert.notEqual(second, first);
    assert.equal(new URL(second).origin, new URL(first).origin);
    assert.equal(fixture.registrations, 2, 'registered again, with the new redirect URI');
    assert.deepEqual(fixture.refusedRedirects, []);
  });
});
