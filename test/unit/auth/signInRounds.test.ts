// What one connect does with OAuth refusals (src/mcp/connectionAuth.ts), against the local OAuth
// fixture: how many times the browser may open before the start gives up, a refresh the server still
// refuses, a provider with no browser sign-in; and, mid-session, redeeming a step-up the user has just
// authorized (Connection.completeAuthorization, as the conformance client repeats a refused request).
import * as assert from 'node:assert/strict';
import { UnauthorizedError, type AuthProvider } from '@modelcontextprotocol/client';
import { LoopbackAuthorizer, findFreePort } from '../../../src/auth/loopback';
import { McpOAuthProvider } from '../../../src/auth/oauthProvider';
import { MemorySecretStore } from '../../../src/common/secretStore';
import type { Connection } from '../../../src/mcp/connection';
import type { ConnectionAuth } from '../../../src/mcp/connectionAuth';
import { maskingLogger } from '../../../src/mcp/logger';
import { openConnection } from '../../../src/mcp/openConnection';
import type { McpSession } from '../../../src/mcp/session';
import { startStreamableHttpFixture } from '../../fixtures/servers/httpFixtures';
import { startOAuthFixture, type OAuthFixture, type OAuthFixtureOptions } from '../../fixtures/servers/oauthFixture';
import { clientInfo, definition, MemoryLogger, newSession } from '../helpers';

const GRANTED_LOG = 'info Authorization granted; exchanging the code for a token.';

describe('sign-in rounds of one connect, and a step-up redeemed mid-session', function () {
  this.timeout(20_000);
  const sessions: McpSession[] = [];
  const connections: Connection[] = [];
  const fixtures: OAuthFixture[] = [];
  let store: MemorySecretStore;
  let interactive: boolean;
  let opened: number;

  async function fixtureWith(options: OAuthFixtureOptions = {}): Promise<OAuthFixture> {
    const f = await startOAuthFixture(options);
    fixtures.push(f);
    return f;
  }

  /** The extension's browser sign-in: the "browser" follows the redirect back to the loopback listener. */
  function browserAuth(url: string): ConnectionAuth & { provider: McpOAuthProvider } {
    const provider = new McpOAuthProvider({
      serverKey: `srv@${url}`,
      store,
      pickPort: findFreePort,
      interactive: () => interactive,
      authorizer: new LoopbackAuthorizer({ openBrowser: async (u) => (opened++, await (await fetch(u)).text(), true), timeoutMs: 5000 }),
    });
    return { provider, takeCallback: () => provider.takeCallback(), prepare: () => provider.prepare() };
  }

  async function start(url: string, auth: ConnectionAuth) {
    const logger = new MemoryLogger();
    const session = newSession(definition('srv', { type: 'http', url, headers: {} }), { logger, prepare: async (d) => ({ definition: d, auth }) }, sessions);
    await session.start();
    return { session, logger };
  }

  async function connect(url: string, auth: ConnectionAuth | undefined): Promise<Connection> {
    const connection = await openConnection({
      definition: definition('srv', { type: 'http', url, headers: {} }),
      logger: maskingLogger(new MemoryLogger(), () => []),
      clientInfo,
      capabilities: [],
      auth,
    });
    connections.push(connection);
    return connection;
  }

  beforeEach(() => {
    store = new MemorySecretStore();
    interactive = true;
    opened = 0;
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    await Promise.all(connections.splice(0).map((c) => c.close()));
    await Promise.all(fixtures.splice(0).map((f) => f.close()));
  });

  it('a server that refuses every token and no refresh tokens: the browser opens three times at most, then "Sign-in required."', async () => {
    const server = await fixtureWith({ refuseTokens: true, noRefreshTokens: true });
    const { session, logger } = await start(server.url, browserAuth(server.url));
    assert.deepEqual(session.state, { kind: 'error', message: 'Sign-in required.', needsAuth: true });
    assert.equal(opened, 3, 'sign-in, a second round, a third, then it stops');
    assert.equal(server.authorizations.length, 3);
    // The third authorization is not redeemed: the start gives up before exchanging its code.
    assert.deepEqual(server.grants, ['authorization_code', 'authorization_code']);
    assert.equal(logger.lines.filter((l) => l === GRANTED_LOG).length, 2, logger.lines.join('\n'));
  });

  it('a server that refuses the token it just issued, even refreshed: one sign-in, then "Authorization refused", not "sign in" again', async () => {
    const server = await fixtureWith({ refuseTokens: true });
    const { session, logger } = await start(server.url, browserAuth(server.url));
    assert.equal(session.state.kind, 'error');
    assert.match((session.state as { message: string }).message, /^Authorization refused: .*401/);
    assert.equal((session.state as { needsAuth?: boolean }).needsAuth, undefined, 'a new sign-in would not help');
    assert.equal(opened, 1);
    assert.deepEqual(server.grants, ['authorization_code', 'refresh_token']);
    assert.equal(logger.lines.filter((l) => l === GRANTED_LOG).length, 1);
  });

  it('a bearer token from elsewhere (a provider without browser sign-in) that the server refuses: "Sign-in required.", no OAuth flow', async () => {
    const server = await fixtureWith();
    const provider: AuthProvider = { token: async () => 'at-not-issued' };
    const { session } = await start(server.url, { provider });
    assert.deepEqual(session.state, { kind: 'error', message: 'Sign-in required.', needsAuth: true });
    assert.equal(server.registrations, 0);
    assert.deepEqual(server.grants, []);
  });

  it('a scope step-up the user authorizes during a request: the code is redeemed and the repeated request passes', async () => {
    const server = await fixtureWith();
    const auth = browserAuth(server.url);
    const connection = await connect(server.url, auth);
    server.toolScope = 'tools:write';
    const refused = await connection.client.callTool({ name: 'pid', arguments: {} }).then(
      () => assert.fail('the narrower token passed'),
      (error: unknown) => error,
    );
    assert.ok(refused instanceof UnauthorizedError, String(refused));
    assert.equal(await connection.completeAuthorization(refused), true);
    assert.deepEqual(server.grants, ['authorization_code', 'authorization_code']);
    assert.ok(server.authorizations.at(-1)!.scope?.split(' ').includes('tools:write'), server.authorizations.at(-1)!.scope ?? '');
    assert.ok((await connection.client.callTool({ name: 'pid', arguments: {} })).content);
    assert.equal(opened, 2);
  });

  it('an unrelated failure never redeems the authorization waiting for the refused request; that refusal then does', async () => {
    const server = await fixtureWith();
    const connection = await connect(server.url, browserAuth(server.url));
    server.toolScope = 'tools:write';
    const refused = await connection.client.callTool({ name: 'pid', arguments: {} }).catch((error: unknown) => error);
    const unrelated = await connection.client.getPrompt({ name: 'no-such-prompt' }).catch((error: unknown) => error);
    assert.ok(unrelated instanceof Error && !(unrelated instanceof UnauthorizedError), String(unrelated));
    assert.equal(await connection.completeAuthorization(unrelated), false);
    assert.deepEqual(server.grants, ['authorization_code'], 'the waiting code is not exchanged for the wrong request');
    assert.equal(await connection.completeAuthorization(refused), true);
    assert.deepEqual(server.grants, ['authorization_code', 'authorization_code']);
  });

  it('a step-up met while no browser may open: nothing to redeem, no token request, the refusal stands', async () => {
    const server = await fixtureWith();
    const connection = await connect(server.url, browserAuth(server.url));
    server.toolScope = 'tools:write';
    interactive = false;
    const refused = await connection.client.callTool({ name: 'pid', arguments: {} }).catch((error: unknown) => error);
    assert.ok(refused instanceof UnauthorizedError, String(refused));
    assert.equal(await connection.completeAuthorization(refused), false);
    assert.deepEqual(server.grants, ['authorization_code']);
    assert.equal(opened, 1);
  });

  it('a refusal on a connection whose provider has no browser sign-in, or that has no OAuth: false, nothing redeemed', async () => {
    const server = await fixtureWith();
    await connect(server.url, browserAuth(server.url));
    const tokenKey = [...store.values.keys()].find((k) => k.includes('/tokens/'))!;
    const token = (JSON.parse(store.values.get(tokenKey)!) as { access_token: string }).access_token;
    // The SDK's minimal AuthProvider: a bearer token managed elsewhere, nothing to redeem.
    const bearer = await connect(server.url, { provider: { token: async () => token } });
    assert.ok((await bearer.client.listTools()).tools.length > 0, 'the token works until it expires');
    server.expireAccessTokens();
    const refused = await bearer.client.listTools().catch((error: unknown) => error);
    assert.ok(refused instanceof UnauthorizedError, String(refused));
    assert.equal(await bearer.completeAuthorization(refused), false);
    assert.deepEqual(server.grants, ['authorization_code']);
    // Without OAuth the SDK raises no UnauthorizedError, but a caller that repeats refused requests asks with any error.
    const plain = await startStreamableHttpFixture();
    try {
      const open = await connect(plain.url, undefined);
      assert.equal(await open.completeAuthorization(new UnauthorizedError()), false);
    } finally {
      await Promise.all(connections.splice(0).map((c) => c.close()));
      await plain.close();
    }
  });
});
