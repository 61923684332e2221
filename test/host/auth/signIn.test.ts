// OAuth in a real VS Code: an HTTP server behind a local authorization server (the unit tests'
// fixture, started in the extension host) shows "needs sign-in" without opening anything, and
// "Sign In" goes through the browser (vscode.env.openExternal in the test's Chromium) and the
// loopback redirect to a running server; "Sign Out" forgets the tokens.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { OAuthFixture } from '../../fixtures/servers/oauthFixture';
import { until } from '../../shared/until';
import { hooks, serverState, serverTreeItem, stateOf } from '../helpers';

describe('OAuth sign-in in the extension host', () => {
  const config = () => vscode.workspace.getConfiguration('mcpClient');
  let servers: Record<string, unknown>;
  let fixture: OAuthFixture;

  before(async () => {
    // The compiled fixture next to the compiled tests (out/test/fixtures/servers).
    const { startOAuthFixture } = require(join(__dirname, '..', '..', 'fixtures', 'servers', 'oauthFixture.js')) as typeof import('../../fixtures/servers/oauthFixture');
    fixture = await startOAuthFixture({ behindCodeServerProxy: true });
    servers = config().inspect<Record<string, unknown>>('servers')!.globalValue!;
    await config().update('servers', { ...servers, secured: { url: fixture.url } }, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await config().update('servers', servers, vscode.ConfigurationTarget.Global);
    await fixture.close();
  });

  it('shows a server that needs sign-in as such, without opening a browser', async () => {
    const item = await until('secured to need sign-in', async () => {
      const i = await serverTreeItem('secured');
      return i?.description === 'needs sign-in' ? i : undefined;
    });
    assert.match(item.contextValue, /\bneedsAuth\b/);
    assert.match(item.contextValue, /\bhttpServer\b/);
    assert.equal(item.icon, 'account');
    assert.equal(fixture.authorizations.length, 0, 'no authorization request without a user action');
  });

  it('signs in through the browser and the loopback redirect, then signs out', async () => {
    await vscode.commands.executeCommand('mcpClient.signIn', 'secured');
    await until('secured to run', async () => (await stateOf('secured')) === 'running', 30_000);
    assert.equal(fixture.authorizations.length, 1);
    // The browser reaches this 127.0.0.1 authorization server through code-server's port proxy, which
    // folds the `//` of a URL in the query; the unit tests check the exact parameter.
    assert.equal(new URL(fixture.authorizations[0]!.resource ?? '').href, fixture.url, fixture.authorizations[0]!.rawUrl);
    assert.equal((await serverTreeItem('secured'))!.description.startsWith('running'), true);

    await vscode.commands.executeCommand('mcpClient.signOut', 'secured');
    assert.equal(await stateOf('secured'), 'stopped');
    await vscode.commands.executeCommand('mcpClient.startServer', 'secured');
    const state = await serverState('secured');
    assert.equal(state?.kind, 'error');
    assert.equal((state as { needsAuth?: boolean }).needsAuth, true);
  });

  // Issue 24, finding 3: the page to sign in at is the authorization server's word, and `file:`, `vscode:`,
  // `command:` or `search-ms:` links reached vscode.env.openExternal. Only a web page is handed to the browser.
  it('hands no file: page of the authorization metadata to the browser: the sign-in fails and says why', async function () {
    this.timeout(60_000);
    const { startOAuthFixture } = require(join(__dirname, '..', '..', 'fixtures', 'servers', 'oauthFixture.js')) as typeof import('../../fixtures/servers/oauthFixture');
    const hostile = await startOAuthFixture({ authorizationEndpoint: 'file:///etc/passwd' });
    try {
      await config().update('servers', { ...servers, secured: { url: fixture.url }, 'file-sign-in': { url: hostile.url } }, vscode.ConfigurationTarget.Global);
      await until('file-sign-in to need sign-in', async () => (await serverTreeItem('file-sign-in'))?.description === 'needs sign-in');
      await vscode.commands.executeCommand(hooks.notifications, { clear: true });
      await vscode.commands.executeCommand('mcpClient.signIn', 'file-sign-in');
      const told = await until('the refusal', async () => ((await vscode.commands.executeCommand<{ message: string }[]>(hooks.notifications)) ?? []).map((n) => n.message).find((m) => m.includes("sign-in to 'file-sign-in' failed")));
      assert.match(told, /sign-in page is a file: link; only https:, http: links are opened/);
      assert.notEqual(await stateOf('file-sign-in'), 'running');
      assert.equal(hostile.authorizations.length, 0);
    } finally {
      await config().update('servers', { ...servers, secured: { url: fixture.url } }, vscode.ConfigurationTarget.Global);
      await hostile.close();
    }
  });
});
