// The sign-in features beyond the browser flow, through the same session, transport and providers the
// extension uses, against the local OAuth fixture: DPoP-bound tokens with server nonces (keys per
// issuer, kept in the secret store, used non-extractable), re-registration when a server moves to a new
// authorization server (SEP-2352), the JWT-bearer grant for a workload identity and for
// enterprise-managed authorization (ID-JAG token exchange), and the redirect URI's port.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enterpriseAssertion, workloadIdentityAssertion } from '../../../src/auth/assertionSources';
import { CredentialStore } from '../../../src/auth/credentialStore';
import { dpopKeyFor } from '../../../src/auth/dpopKeys';
import { JWT_BEARER_GRANT, JwtBearerProvider } from '../../../src/auth/jwtBearerProvider';
import { findFreePort, isPortFree, LoopbackAuthorizer } from '../../../src/auth/loopback';
import { McpOAuthProvider } from '../../../src/auth/oauthProvider';
import { MemorySecretStore } from '../../../src/common/secretStore';
import type { McpSession } from '../../../src/mcp/session';
import { startOAuthFixture, type OAuthFixture, type OAuthFixtureOptions } from '../../fixtures/servers/oauthFixture';
import { definition, MemoryLogger, newSession, waitForState } from '../helpers';

const browser = async (url: URL) => (await (await fetch(url)).text(), true);

describe('sign-in features (DPoP, server migration, JWT bearer, redirect port)', function () {
  this.timeout(20_000);
  const sessions: McpSession[] = [];
  const fixtures: OAuthFixture[] = [];
  let store: MemorySecretStore;
  let opened: number;

  async function fixtureWith(options: OAuthFixtureOptions = {}): Promise<OAuthFixture> {
    const f = await startOAuthFixture(options);
    fixtures.push(f);
    return f;
  }

  function browserSignIn(url: string, logger = new MemoryLogger()) {
    const provider = new McpOAuthProvider({
      serverKey: `srv@${url}`,
      store,
      pickPort: findFreePort,
      portFree: isPortFree,
      interactive: () => true,
      authorizer: new LoopbackAuthorizer({ openBrowser: (u) => (opened++, browser(u)), timeoutMs: 5000 }),
    });
    const session = newSession(
      definition('srv', { type: 'http', url, headers: {} }),
      { logger, prepare: async (d) => ({ definition: d, auth: { provider, takeCallback: () => provider.takeCallback(), prepare: () => provider.prepare() } }) },
      sessions,
    );
    return { session, provider, logger };
  }

  function assertionSignIn(url: string, provider: JwtBearerProvider) {
    return newSession(definition('srv', { type: 'http', url, headers: {} }), { prepare: async (d) => ({ definition: d, auth: { provider } }) }, sessions);
  }

  beforeEach(() => {
    store = new MemorySecretStore();
    opened = 0;
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    await Promise.all(fixtures.splice(0).map((f) => f.close()));
  });

  it('DPoP: binds tokens to a key per issuer, answers both nonce challenges, and keeps using the stored key after a restart', async () => {
    const server = await fixtureWith({ dpop: true, dpopNonce: 'n-1' });
    const { session, logger } = browserSignIn(server.url);
    await session.start();
    await waitForState(session, 'running');
    assert.ok((await session.listTools()).length > 0);
    assert.deepEqual(server.dpopProofs.errors, []);
    assert.ok(server.dpopProofs.token >= 1 && server.dpopProofs.mcp >= 2, JSON.stringify(server.dpopProofs));
    // One origin here, so the nonce the token endpoint handed out also serves the MCP endpoint.
    assert.ok(server.dpopProofs.nonceChallenges >= 1, 'a nonce challenge was answered with a fresh proof');
    // The private key is in the secret store, beside that issuer's tokens, and nowhere in the log.
    const keyEntry = [...store.values.entries()].find(([k]) => k.endsWith(`/dpop/${server.issuer}`));
    assert.ok(keyEntry, [...store.values.keys()].join(', '));
    const d = (JSON.parse(keyEntry[1]) as { privateJwk: { d: string } }).privateJwk.d;
    assert.ok(!logger.lines.some((l) => l.includes(d)));
    await session.stop();

    // A restart (a new provider on the same store): the stored DPoP token works with the stored key.
    const proofsBefore = server.dpopProofs.mcp;
    const again = browserSignIn(server.url);
    await again.session.start();
    await waitForState(again.session, 'running');
    assert.equal(opened, 1, 'no second sign-in');
    assert.ok(server.dpopProofs.mcp > proofsBefore);
    assert.deepEqual(server.dpopProofs.errors, []);
  });

  it('DPoP keys: one per issuer, stored once, loaded back non-extractable with the same thumbprint', async () => {
    const credentials = new CredentialStore(store, 'srv');
    assert.equal(await dpopKeyFor(credentials, 'https://as.example', undefined), undefined, 'no key for an issuer without DPoP');
    const made = await dpopKeyFor(credentials, 'https://as.example', 'ES256');
    const loaded = await dpopKeyFor(credentials, 'https://as.example', 'ES256');
    const other = await dpopKeyFor(credentials, 'https://other.example', 'ES256');
    assert.equal(loaded!.thumbprint, made!.thumbprint);
    assert.notEqual(other!.thumbprint, made!.thumbprint);
    assert.equal(loaded!.privateKey.extractable, false);
    assert.equal(made!.privateKey.extractable, false);
    await credentials.clear();
    assert.deepEqual([...store.values.keys()], [], 'sign-out forgets the keys');
  });

  it('a server that moves to a new authorization server: registers there, never sends the old client id', async () => {
    const server = await fixtureWith();
    const next = await fixtureWith();
    const { session, provider } = browserSignIn(server.url);
    await session.start();
    await waitForState(session, 'running');
    const oldClient = new URL(`http://x/?${server.authorizations[0]!.rawUrl.split('?')[1]}`).searchParams.get('client_id')!;
    server.migrateTo(next);
    await session.stop();
    await provider.prepareSignIn();
    await session.start();
    await waitForState(session, 'running');
    assert.equal(next.registrations, 1, 'a registration at the new authorization server');
    assert.equal(next.authorizations.length, 1);
    assert.ok(!next.authorizations[0]!.rawUrl.includes(encodeURIComponent(oldClient)), next.authorizations[0]!.rawUrl);
    // Credentials of both issuers are kept apart.
    const keys = [...store.values.keys()];
    assert.ok(keys.some((k) => k.endsWith(`/client/${server.issuer}`)) && keys.some((k) => k.endsWith(`/client/${next.issuer}`)), keys.join(', '));
  });

  it('workload identity: the JWT-bearer grant with the token file, no browser; a refused token is not sent again', async () => {
    const server = await fixtureWith();
    const tokenFile = join(mkdtempSync(join(tmpdir(), 'mcp-wif-test-')), 'token');
    writeFileSync(tokenFile, 'workload-jwt-1\n');
    server.assertions.add('workload-jwt-1');
    const provider = new JwtBearerProvider({ serverKey: 'wif', store, clientId: 'workload', clientName: 'test', assertion: workloadIdentityAssertion(tokenFile) });
    const session = assertionSignIn(server.url, provider);
    await session.start();
    await waitForState(session, 'running');
    assert.deepEqual(server.grants, [JWT_BEARER_GRANT]);
    assert.equal(server.registrations, 0);
    assert.ok([...store.values.keys()].some((k) => k.endsWith(`/tokens/${server.issuer}`)), 'tokens kept per issuer');
    await session.stop();

    // The platform rotated the token, but the server does not accept the new one: one request, no retry.
    writeFileSync(tokenFile, 'workload-jwt-2');
    server.revokeAll();
    await session.start();
    assert.equal(session.state.kind, 'error');
    assert.deepEqual(server.grants, [JWT_BEARER_GRANT, JWT_BEARER_GRANT]);
  });

  it('enterprise-managed authorization: exchanges the ID token for an ID-JAG at the identity provider, then the JWT-bearer grant', async () => {
    const server = await fixtureWith();
    const exchanges: URLSearchParams[] = [];
    const idp: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c)).on('end', () => {
        exchanges.push(new URLSearchParams(body));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'id-jag-1', issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag', token_type: 'N_A' }));
      });
    });
    await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
    try {
      server.assertions.add('id-jag-1');
      const provider = new JwtBearerProvider({
        serverKey: 'ema',
        store,
        clientId: 'mcp-client',
        clientSecret: 'mcp-secret',
        clientName: 'test',
        assertion: enterpriseAssertion({ tokenEndpoint: `http://127.0.0.1:${(idp.address() as AddressInfo).port}/token`, clientId: 'idp-client', idToken: async () => 'user-id-token' }),
      });
      const session = assertionSignIn(server.url, provider);
      await session.start();
      await waitForState(session, 'running');
      const exchange = exchanges[0]!;
      assert.equal(exchange.get('grant_type'), 'urn:ietf:params:oauth:grant-type:token-exchange');
      assert.equal(exchange.get('subject_token'), 'user-id-token');
      assert.equal(exchange.get('requested_token_type'), 'urn:ietf:params:oauth:token-type:id-jag');
      assert.equal(exchange.get('audience'), server.issuer);
      assert.equal(exchange.get('resource'), server.url);
      assert.deepEqual(server.grants, [JWT_BEARER_GRANT]);
      assert.deepEqual(server.basicClients, ['mcp-client'], 'client_secret_basic at the authorization server');
    } finally {
      await new Promise((r) => idp.close(r));
    }
  });

  it('enterprise-managed authorization without a stored ID token asks for a sign-in instead of failing obscurely', async () => {
    const server = await fixtureWith();
    const provider = new JwtBearerProvider({
      serverKey: 'ema',
      store,
      clientId: 'c',
      clientName: 'test',
      assertion: enterpriseAssertion({ tokenEndpoint: 'https://idp.invalid/token', clientId: 'idp', idToken: async () => undefined }),
    });
    const session = assertionSignIn(server.url, provider);
    await session.start();
    assert.equal(session.state.kind, 'error');
    assert.match((session.state as { message: string }).message, /ID token/);
  });

  it('a busy registered redirect port: a new port and a new registration, never an unregistered redirect URI', async () => {
    const server = await fixtureWith();
    const first = browserSignIn(server.url);
    await first.session.start();
    await waitForState(first.session, 'running');
    await first.session.stop();
    const port = Number(new URL(server.authorizations[0]!.redirectUri!).port);
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    try {
      server.revokeAll();
      await first.provider.prepareSignIn();
      await first.session.start();
      await waitForState(first.session, 'running');
      assert.equal(server.registrations, 2);
      assert.notEqual(Number(new URL(server.authorizations[1]!.redirectUri!).port), port);
      assert.deepEqual(server.refusedRedirects, []);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });
});
