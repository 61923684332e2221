// OAuth against a local authorization server fixture, through the same session, transport and
// provider code the extension uses. The "browser" follows the authorization redirect to the real
// loopback listener, as a user's browser would.
import * as assert from 'node:assert/strict';
import { LoopbackAuthorizer, findFreePort } from '../../../src/auth/loopback';
import { MemorySecretStore } from '../../../src/common/secretStore';
import { McpOAuthProvider } from '../../../src/auth/oauthProvider';
import type { McpSession } from '../../../src/mcp/session';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/servers/oauthFixture';
import { definition, MemoryLogger, newSession, waitForState } from '../helpers';

/** A browser that follows the authorization URL and its redirect back to the loopback listener. */
async function browser(url: URL): Promise<boolean> {
  const response = await fetch(url);
  await response.text();
  return response.ok;
}

describe('OAuth (SDK auth() with the extension provider, local authorization server)', function () {
  this.timeout(20_000);
  let fixture: OAuthFixture;
  const sessions: McpSession[] = [];
  let store: MemorySecretStore;
  let interactive: boolean;
  let offered: number;
  let opened: number;

  function start(logger = new MemoryLogger()) {
    const provider = new McpOAuthProvider({
      serverKey: 'secure@' + fixture.url,
      store,
      pickPort: findFreePort,
      interactive: () => interactive,
      onAuthorizationNeeded: () => offered++,
      authorizer: new LoopbackAuthorizer({ openBrowser: (u) => (opened++, browser(u)), timeoutMs: 5000 }),
    });
    const session = newSession(
      definition('secure', { type: 'http', url: fixture.url, headers: {} }),
      { logger, prepare: async (d) => ({ definition: d, auth: { provider, takeCallback: () => provider.takeCallback(), prepare: () => provider.prepare() } }) },
      sessions,
    );
    return { session, provider, logger };
  }

  beforeEach(async () => {
    fixture = await startOAuthFixture();
    store = new MemorySecretStore();
    interactive = false;
    offered = 0;
    opened = 0;
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    await fixture.close();
  });

  it('a background start never opens the browser: it stops at "needs sign-in" and offers it', async () => {
    const { session } = start();
    await session.start();
    assert.equal(session.state.kind, 'error');
    assert.equal((session.state as { needsAuth?: boolean }).needsAuth, true);
    assert.equal(opened, 0);
    assert.equal(offered, 1);
    assert.equal(fixture.authorizations.length, 0);
  });

  it('signs in once (discovery, registration, PKCE S256, resource), then starts from stored tokens without the browser', async () => {
    interactive = true;
    const { session, logger } = start();
    await session.start();
    await waitForState(session, 'running');
    assert.equal(opened, 1);
    assert.equal(fixture.registrations, 1);
    assert.deepEqual(fixture.authorizations.map((a) => [a.codeChallengeMethod, a.resource]), [['S256', fixture.url]]);
    assert.ok(fixture.authorizations[0]!.rawUrl.includes(encodeURIComponent(fixture.url)), fixture.authorizations[0]!.rawUrl);
    assert.deepEqual(fixture.grants, ['authorization_code']);
    assert.ok((await session.listTools()).length > 0);
    // Tokens are stored per server and issuer; the access token never reaches the log.
    const tokenKey = [...store.values.keys()].find((k) => k.includes('/tokens/'));
    assert.ok(tokenKey?.includes(fixture.issuer), `tokens keyed by issuer: ${[...store.values.keys()].join(', ')}`);
    const accessToken = (JSON.parse(store.values.get(tokenKey!)!) as { access_token: string }).access_token;
    assert.ok(!logger.lines.some((l) => l.includes(accessToken)));
    await session.stop();

    interactive = false;
    const again = start();
    await again.session.start();
    await waitForState(again.session, 'running');
    assert.equal(opened, 1, 'no second browser');
    assert.equal(fixture.registrations, 1, 'the registration is reused');
  });

  it('a refused client registration fails the sign-in with the server’s reason, and is not taken for an old server', async () => {
    await fixture.close();
    fixture = await startOAuthFixture({ refuseRegistration: true });
    interactive = true;
    const { session, logger } = start();
    await session.start();
    await waitForState(session, 'error');
    assert.match((session.state as { message: string }).message, /registration is closed/);
    assert.equal(fixture.registrations, 1);
    assert.ok(!logger.lines.some((l) => l.includes('legacy HTTP+SSE')), logger.lines.join('\n'));
  });

  it('refreshes an expired access token with the refresh token, without asking', async () => {
    interactive = true;
    const first = start();
    await first.session.start();
    await waitForState(first.session, 'running');
    await first.session.stop();
    fixture.expireAccessTokens();
    interactive = false;
    const { session } = start();
    await session.start();
    await waitForState(session, 'running');
    assert.deepEqual(fixture.grants, ['authorization_code', 'refresh_token']);
    assert.equal(opened, 1);
  });

  it('a scope step-up during a request offers a sign-in, which then asks for that scope', async () => {
    interactive = true;
    const { session, provider } = start();
    await session.start();
    await waitForState(session, 'running');
    fixture.toolScope = 'tools:write';
    interactive = false;
    await assert.rejects(session.callTool({ name: 'pid', arguments: {} }));
    assert.equal(offered, 1, 'the refused request offers a sign-in instead of opening the browser');
    assert.equal(opened, 1);
    // What "Sign in" does: drop the narrower tokens, then reconnect allowed to open the browser.
    await provider.prepareSignIn();
    interactive = true;
    await session.restart();
    await waitForState(session, 'running');
    assert.equal(fixture.authorizations.at(-1)!.scope, 'tools:write', JSON.stringify([fixture.authorizations, fixture.grants, offered, opened]));
    assert.ok((await session.callTool({ name: 'pid', arguments: {} })).content);
  });

  it('a sign-in the user cancels leaves the server waiting for sign-in, not retrying', async () => {
    interactive = true;
    const provider = new McpOAuthProvider({
      serverKey: 'cancel',
      store,
      pickPort: findFreePort,
      interactive: () => true,
      authorizer: { authorize: async () => Promise.reject(new Error('Sign-in was cancelled.')) },
    });
    const session = newSession(
      definition('cancel', { type: 'http', url: fixture.url, headers: {} }),
      { prepare: async (d) => ({ definition: d, auth: { provider, takeCallback: () => provider.takeCallback() } }) },
      sessions,
    );
    await session.start();
    assert.deepEqual(session.state, { kind: 'error', message: 'Sign-in was cancelled.', needsAuth: true });
  });

  it('a refused Authorization header of the user is reported once, without OAuth or retries', async () => {
    const session = newSession(definition('static', { type: 'http', url: fixture.url, headers: { Authorization: 'Bearer wrong' } }), {}, sessions);
    await session.start();
    assert.deepEqual(session.state, {
      kind: 'error',
      message: 'The server refused the credentials (401 Unauthorized): check the Authorization header and the input it uses.',
    });
    assert.equal(fixture.registrations, 0);
  });

  it('sign-out forgets tokens and registrations: the next start needs a sign-in again', async () => {
    interactive = true;
    const { session, provider } = start();
    await session.start();
    await waitForState(session, 'running');
    await session.stop();
    await provider.signOut();
    assert.deepEqual([...store.values.keys()], []);
    interactive = false;
    const next = start();
    await next.session.start();
    assert.equal((next.session.state as { needsAuth?: boolean }).needsAuth, true);
  });
});

describe('loopback redirect listener', () => {
  it('ignores a redirect with the wrong state, takes the right one, then closes', async () => {
    const port = await findFreePort();
    const redirect = `http://127.0.0.1:${port}/callback`;
    let forged = 0;
    const authorizer = new LoopbackAuthorizer({
      openBrowser: async () => {
        forged = (await fetch(`${redirect}?code=evil&state=wrong`)).status;
        void fetch(`${redirect}?code=good&state=s1`).then((r) => r.text());
        return true;
      },
    });
    const params = await authorizer.authorize(new URL('http://127.0.0.1:1/authorize'), redirect, 's1');
    assert.equal(forged, 400);
    assert.equal(params.get('code'), 'good');
    await assert.rejects(fetch(redirect), 'the listener is closed after use');
  });

  it('gives up after the timeout and when cancelled', async () => {
    const redirect = `http://127.0.0.1:${await findFreePort()}/callback`;
    await assert.rejects(new LoopbackAuthorizer({ openBrowser: async () => true, timeoutMs: 50 }).authorize(new URL('http://x/'), redirect, 's'), /timed out/);
    const abort = new AbortController();
    const pending = new LoopbackAuthorizer({ openBrowser: async () => true, signal: abort.signal }).authorize(new URL('http://x/'), redirect, 's');
    abort.abort();
    await assert.rejects(pending, /cancelled/);
  });
});
