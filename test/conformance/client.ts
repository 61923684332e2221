// A test-only command-line MCP client for the official conformance suite
// (`conformance client --command "node out/test/conformance/client.js" --suite all`). It runs the
// extension's own connection, transport and OAuth code (src/mcp, src/auth); the only stand-in is the
// user agent: instead of a browser, the authorization URL is fetched without following the redirect,
// and the redirect's query is handed back as the loopback listener would.
// Usage: client.js <server-url>; MCP_CONFORMANCE_SCENARIO names the scenario, MCP_CONFORMANCE_CONTEXT
// carries scenario data (pre-registered clients, keys).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/client';
import type { Client, Tool } from '@modelcontextprotocol/client';
import { enterpriseAssertion, workloadIdentityAssertion } from '../../src/auth/assertionSources';
import { JwtBearerProvider } from '../../src/auth/jwtBearerProvider';
import { McpOAuthProvider, type Authorizer } from '../../src/auth/oauthProvider';
import { MemorySecretStore } from '../../src/common/secretStore';
import type { ClientCapability } from '../../src/mcp/clientCapability';
import type { ConnectionAuth } from '../../src/mcp/connectionAuth';
import { openConnection } from '../../src/mcp/openConnection';
import type { Connection } from '../../src/mcp/connection';
import { ServerSkills } from '../../src/mcp/skills/serverSkills';
import { maskingLogger } from '../../src/mcp/logger';

/** Fixed CIMD URL the suite expects as client_id when the server supports client ID metadata documents. */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';

const log = (level: string) => (m: string) => process.stderr.write(`[${level}] ${m}\n`);
const logger = maskingLogger({ traceEnabled: false, trace: () => undefined, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }, () => []);

/** The "browser": follows the authorization URL one hop and reads the redirect back. */
const fetchAuthorizer: Authorizer = {
  async authorize(url) {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (!location) throw new Error(`The authorization endpoint answered ${response.status} without a redirect.`);
    return new URL(location, url).searchParams;
  },
};

type Context = Record<string, string | undefined> & { toolCalls?: { name: string; arguments: Record<string, unknown> }[] };

function context(): Context {
  return JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Context;
}

function required(ctx: Context, key: string): string {
  const value = ctx[key];
  if (!value) throw new Error(`MCP_CONFORMANCE_CONTEXT has no ${key}`);
  return value;
}

function authFor(scenario: string, serverUrl: string): ConnectionAuth | undefined {
  if (!scenario.startsWith('auth/')) return undefined;
  const ctx = context();
  if (scenario === 'auth/client-credentials-jwt') {
    const provider = new PrivateKeyJwtProvider({
      clientId: required(ctx, 'client_id'),
      privateKey: required(ctx, 'private_key_pem'),
      algorithm: ctx.signing_algorithm ?? 'ES256',
    });
    return { provider };
  }
  if (scenario === 'auth/client-credentials-basic') {
    return { provider: new ClientCredentialsProvider({ clientId: required(ctx, 'client_id'), clientSecret: required(ctx, 'client_secret') }) };
  }
  if (scenario === 'auth/wif-jwt-bearer') {
    // The workload's token, where a platform would put it: a file the extension reads for each request.
    const tokenFile = join(mkdtempSync(join(tmpdir(), 'mcp-wif-')), 'token');
    writeFileSync(tokenFile, required(ctx, 'valid_jwt'), { mode: 0o600 });
    const provider = new JwtBearerProvider({
      serverKey: serverUrl,
      store: new MemorySecretStore(),
      clientId: required(ctx, 'client_id'),
      clientName: 'mcp-client-conformance',
      assertion: workloadIdentityAssertion(tokenFile),
    });
    return { provider };
  }
  // Enterprise-managed authorization (0.1.16 knew it as cross-app-access-complete-flow).
  if (scenario === 'auth/enterprise-managed-authorization' || scenario === 'auth/cross-app-access-complete-flow') {
    const provider = new JwtBearerProvider({
      serverKey: serverUrl,
      store: new MemorySecretStore(),
      clientId: required(ctx, 'client_id'),
      clientSecret: required(ctx, 'client_secret'),
      clientName: 'mcp-client-conformance',
      assertion: enterpriseAssertion({
        tokenEndpoint: required(ctx, 'idp_token_endpoint'),
        clientId: required(ctx, 'idp_client_id'),
        idToken: async () => required(ctx, 'idp_id_token'),
      }),
    });
    return { provider };
  }
  const preregistered = scenario === 'auth/pre-registration' ? { clientId: required(ctx, 'client_id'), clientSecret: ctx.client_secret } : undefined;
  const provider = new McpOAuthProvider({
    serverKey: serverUrl,
    store: new MemorySecretStore(),
    authorizer: fetchAuthorizer,
    clientName: 'mcp-client-conformance',
    clientMetadataUrl: preregistered ? undefined : CIMD_URL,
    preregistered,
    interactive: () => true,
  });
  // The 2025-03-26 back-compat server publishes an issuer that differs from its metadata URL: the
  // case the extension's per-server `oauth.allowIssuerMismatch` opt-in exists for.
  const skipIssuerMetadataValidation = scenario === 'auth/2025-03-26-oauth-metadata-backcompat';
  return { provider, takeCallback: () => provider.takeCallback(), prepare: () => provider.prepare(), skipIssuerMetadataValidation };
}

/** Elicitation: accept with no content, so that the SDK fills in the schema's defaults. */
const elicitation: ClientCapability = {
  capabilities: { elicitation: { form: { applyDefaults: true } } },
  install(client: Client) {
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: {} }));
  },
};

/** Plausible arguments from a tool's input schema (numbers, strings, booleans). */
function argumentsFor(tool: Tool): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string }>;
  const sample: Record<string, unknown> = { number: 2, integer: 2, string: 'test', boolean: true };
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, sample[schema.type ?? 'string'] ?? 'test']));
}

/**
 * The skills scenarios (SEP-2640), through the extension's own ServerSkills: listing reads no file
 * (sep-2640-client-no-prefetch stops there, as a user who never opens a skill); the verify-* scenarios
 * load the first skill as the Skills view does when a skill is expanded, and a refused SKILL.md stops
 * the load before any other file of the skill is read. A refusal is the expected outcome, not an error.
 */
async function exerciseSkills(scenario: string, connection: Connection): Promise<void> {
  const skills = new ServerSkills(connection.client);
  const { skills: listed, invalid } = await skills.list();
  logger.info(`skills: ${listed.map((s) => s.uri).join(', ')}${invalid.length ? `; invalid: ${invalid.join('; ')}` : ''}`);
  if (scenario === 'sep-2640-client-no-prefetch') return;
  for (const skill of listed) {
    try {
      const loaded = await skills.load(skill);
      logger.info(`loaded ${skill.uri}: ${loaded.files.length} more file(s)`);
    } catch (error) {
      logger.info(`refused: ${(error as Error).message}`);
    }
  }
}

async function main(): Promise<void> {
  const serverUrl = process.argv[2];
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? 'initialize';
  if (!serverUrl) throw new Error('usage: client.js <server-url>');
  const auth = authFor(scenario, serverUrl);
  const connection = await openConnection({
    definition: { name: scenario, scope: 'user', transport: { type: 'http', url: serverUrl, headers: {} }, timeoutMs: 20_000, roots: false, autoStart: true, disabled: false },
    logger,
    clientInfo: { name: 'mcp-client-conformance', version: '0.1.0' },
    // sep-2322's tools ask for input (elicitation) inside a tools/call: the same handler answers.
    capabilities: scenario.startsWith('elicitation') || scenario === 'sep-2322-client-request-state' ? [elicitation] : [],
    auth,
  });
  try {
    if (scenario.startsWith('sep-2640-client-')) return await exerciseSkills(scenario, connection);
    // A request refused mid-session (a token the server no longer accepts after it moved to another
    // authorization server, a scope step-up): redeem the authorization just completed, repeat once.
    const withReauth = async <T>(request: () => Promise<T>): Promise<T> => {
      try {
        return await request();
      } catch (error) {
        if (!(await connection.completeAuthorization(error))) throw error;
        return request();
      }
    };
    const { tools } = await withReauth(() => connection.client.listTools());
    // The scenario checks that listing never fetches a schema's remote $ref; its server has no tools/call.
    if (scenario === 'json-schema-ref-no-deref') return;
    const toolCalls = context().toolCalls;
    const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool');
    for (const tool of tools) {
      const args =
        toolCalls?.find((c) => c.name === tool.name)?.arguments ??
        // The echo tool checks that a listed schema comes back exactly as received.
        (tool.name === 'json_schema_echo' && focal ? { schema: focal.inputSchema } : argumentsFor(tool));
      try {
        logger.info(`${tool.name}: ${JSON.stringify((await withReauth(() => connection.client.callTool({ name: tool.name, arguments: args }))).content)}`);
      } catch (error) {
        // sep-2322's test_mrtr_no_result_type answers without resultType, which the SDK rightly refuses on 2026-07-28.
        if (scenario !== 'sep-2322-client-request-state') throw error;
        logger.warn(`${tool.name}: ${(error as Error).message}`);
      }
    }
  } finally {
    await connection.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    logger.error(String((error as Error)?.stack ?? error));
    process.exit(1);
  },
);
