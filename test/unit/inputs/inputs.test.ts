// `${input:…}`: definitions like mcp.json's `inputs`, substitution anywhere in a server's strings,
// asked once and then kept in the secret store, and never written to a log.
import * as assert from 'node:assert/strict';
import { MemorySecretStore } from '../../../src/common/secretStore';
import { inputReferences, mergeInputDefinitions, parseInputDefinitions, substituteInputs, type InputDefinition } from '../../../src/inputs/inputDefinitions';
import { InputResolver, type InputHost } from '../../../src/inputs/inputResolver';
import type { McpSession } from '../../../src/mcp/session';
import { definition, MemoryLogger, newSession, stdio, waitForState } from '../helpers';

class ScriptedHost implements InputHost {
  readonly asked: string[] = [];
  constructor(private readonly answers: Record<string, string | undefined>) {}
  async ask(input: InputDefinition, servers: readonly string[]) {
    this.asked.push(`${servers.join(',')}:${input.id}`);
    return this.answers[input.id];
  }
}

const INPUTS = parseInputDefinitions([
  { type: 'promptString', id: 'token', description: 'API token', password: true },
  { type: 'pickString', id: 'region', description: 'Region', options: ['eu', { label: 'United States', value: 'us' }], default: 'eu' },
]).inputs;

describe('inputs: definitions and substitution', () => {
  it('parses promptString and pickString, and names the setting path of bad entries', () => {
    assert.equal(INPUTS.length, 2);
    assert.deepEqual(INPUTS[1], { type: 'pickString', id: 'region', description: 'Region', default: 'eu', options: [{ label: 'eu', value: 'eu' }, { label: 'United States', value: 'us' }] });
    const bad = parseInputDefinitions([{ type: 'command', id: 'x', command: 'y' }, { type: 'pickString', id: 'p' }, { id: 'a b' }, 'nope']);
    assert.deepEqual(bad.errors, [
      'mcpClient.inputs[0].type: must be "promptString" or "pickString" ("command" inputs are not supported)',
      'mcpClient.inputs[1].options: a pickString input needs a list of options',
      'mcpClient.inputs[2].id: must be a name of letters, digits, ".", "-" or "_"',
      'mcpClient.inputs[3]: must be an object',
    ]);
    assert.deepEqual(parseInputDefinitions({}).errors, ['mcpClient.inputs: must be a list of inputs']);
  });

  it('merges user and workspace inputs; a workspace cannot redefine a user input', () => {
    const user = parseInputDefinitions([{ type: 'promptString', id: 'token', description: 'User token', password: true }]);
    const workspace = parseInputDefinitions([
      { type: 'promptString', id: 'token', description: 'Workspace says: type it here', password: false },
      { type: 'promptString', id: 'project', description: 'Project' },
    ]);
    const merged = mergeInputDefinitions([user, workspace]);
    assert.deepEqual(merged.inputs.map((i) => [i.id, i.description]), [['token', 'User token'], ['project', 'Project']]);
    assert.deepEqual(mergeInputDefinitions([parseInputDefinitions(undefined), workspace]).inputs.length, 2);
  });

  it('finds and replaces references anywhere in a string, leaving unknown ones as written', () => {
    assert.deepEqual(inputReferences('Bearer ${input:token} ${input:region}'), ['token', 'region']);
    assert.equal(substituteInputs('${input:a}-${input:b}', (id) => (id === 'a' ? 'x' : undefined)), 'x-${input:b}');
  });
});

describe('inputs: resolver', () => {
  it('asks the first time, stores the value, and asks nothing afterwards', async () => {
    const store = new MemorySecretStore();
    const host = new ScriptedHost({ token: 's3cr3t-value', region: 'us' });
    const resolver = new InputResolver(store, host, () => INPUTS);
    const def = definition('api', { type: 'http', url: 'https://example.com/${input:region}/mcp', headers: { Authorization: 'Bearer ${input:token}' } });
    const first = await resolver.resolve(def);
    assert.deepEqual(first.definition.transport, { type: 'http', url: 'https://example.com/us/mcp', headers: { Authorization: 'Bearer s3cr3t-value' } });
    assert.deepEqual(first.secrets.sort(), ['s3cr3t-value', 'us']);
    const again = await new InputResolver(store, host, () => INPUTS).resolve(def);
    assert.deepEqual(again.definition, first.definition);
    assert.deepEqual(host.asked, ['api:region', 'api:token']);
    assert.deepEqual((await resolver.storedIds()).sort(), ['region', 'token']);
    await resolver.clear('token');
    assert.deepEqual(await resolver.storedIds(), ['region']);
    assert.equal(await resolver.clearAll(), 1);
    assert.equal(store.values.size, 0);
  });

  it('asks once when several servers need the same input at the same time', async () => {
    const host = new ScriptedHost({ token: 'tok' });
    const resolver = new InputResolver(new MemorySecretStore(), host, () => INPUTS);
    const a = definition('a', stdio('fixtureServer', ['--key=${input:token}']));
    const b = definition('b', { type: 'stdio', command: 'x', args: [], env: { KEY: '${input:token}' } });
    await Promise.all([resolver.resolve(a), resolver.resolve(b)]);
    assert.equal(host.asked.length, 1);
  });

  it('refuses to start without a value, and names an undefined input', async () => {
    const resolver = new InputResolver(new MemorySecretStore(), new ScriptedHost({}), () => INPUTS);
    await assert.rejects(resolver.resolve(definition('a', { type: 'http', url: 'https://x/${input:token}', headers: {} })), /No value was given for "API token"/);
    await assert.rejects(resolver.resolve(definition('a', { type: 'http', url: 'https://x/${input:nope}', headers: {} })), /\$\{input:nope\} is not defined in mcpClient.inputs/);
  });
});

describe('inputs: a server that needs one', function () {
  this.timeout(20_000);
  const sessions: McpSession[] = [];
  afterEach(async () => Promise.all(sessions.splice(0).map((s) => s.shutdown())));

  it('starts with the value filled in, and the value never reaches its log', async () => {
    const host = new ScriptedHost({ token: 'do-not-log-me' });
    const resolver = new InputResolver(new MemorySecretStore(), host, () => INPUTS);
    const logger = new MemoryLogger();
    logger.traceEnabled = true;
    const def = definition('secretive', stdio('fixtureServer', ['--era=legacy', '--label=${input:token}']));
    def.transport = { ...def.transport, env: { API_TOKEN: '${input:token}' } } as typeof def.transport;
    const session = newSession(def, { logger, prepare: async (d) => resolver.resolve(d) }, sessions);
    await session.start();
    await waitForState(session, 'running');
    assert.ok(logger.lines.some((l) => l.includes('--label=***')), logger.lines.join('\n'));
    assert.ok(!logger.lines.some((l) => l.includes('do-not-log-me')));
  });

  it('stays stopped with a clear error when the user cancels, without retrying', async () => {
    const resolver = new InputResolver(new MemorySecretStore(), new ScriptedHost({}), () => INPUTS);
    const session = newSession(definition('x', stdio('fixtureServer', ['${input:token}'])), { prepare: async (d) => resolver.resolve(d) }, sessions);
    await session.start();
    assert.equal(session.state.kind, 'error');
    assert.equal((session.state as { retryInMs?: number }).retryInMs, undefined);
  });
});
