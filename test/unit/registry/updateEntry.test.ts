// Updating an installed server: the answers given at install time are read back from the settings (with
// the help of the installed version's server.json), the new version is converted with them, and what the
// user changed by hand stays. Plus names and version order.
import * as assert from 'node:assert/strict';
import { loadRegistryDocuments } from '../../fixtures/registry/registryFixture';
import { installOptions } from '../../../src/registry/installOptions';
import { displayNameFor, isNewerVersion, settingsNameFor } from '../../../src/registry/naming';
import { serverSchema, type ServerJson } from '../../../src/registry/serverJson';
import { questionsFor, toSettingsEntry } from '../../../src/registry/toSettingsEntry';
import { mergeUpdate, newDestination, questionsToAsk, recoverAnswers, secretsToAskAgain, updateAnswers } from '../../../src/registry/updateEntry';

const documents = loadRegistryDocuments().map((d) => serverSchema.parse(d));
const doc = (name: string, version?: string): ServerJson => documents.find((d) => d.name.endsWith(`/${name}`) && (!version || d.version === version))!;
const optionOf = (server: ServerJson, kind: string) => installOptions(server).find((o) => o.kind === kind)!;
const ids = { registryUrl: 'https://r', inputPrefix: 'tf' };

/** Installs `server` with `answers`, then updates it to `next` as the Update action does. */
function installThenUpdate(server: ServerJson, next: ServerJson, kind: string, answers: Record<string, string>, edit: (entry: Record<string, unknown>) => void = () => {}) {
  const installed = toSettingsEntry(server, optionOf(server, kind), (q) => answers[q.key], ids).entry;
  edit(installed);
  const recovered = recoverAnswers({ stored: installed, server, option: optionOf(server, kind) });
  const option = optionOf(next, kind);
  const toAsk = questionsToAsk(questionsFor(next, option), recovered);
  const updated = toSettingsEntry(next, option, updateAnswers(recovered, new Map()), { ...ids, inputIds: recovered.inputIds });
  return { installed, recovered, toAsk, entry: mergeUpdate(installed, updated.entry, recovered.template), secrets: updated.secrets };
}

/** `server` as a later version: every version string replaced. */
function bumped(server: ServerJson, from: string, to: string): ServerJson {
  return serverSchema.parse(JSON.parse(JSON.stringify(server).split(from).join(to)));
}

describe('registry: updating an installed server', () => {
  it('keeps the secret input (its value stays in secret storage) and asks nothing', () => {
    const { entry, toAsk, secrets } = installThenUpdate(doc('airtable-mcp-server', '1.7.2'), doc('airtable-mcp-server', '1.7.3'), 'npm', { AIRTABLE_API_KEY: 'pat' });
    assert.deepEqual(toAsk, []);
    assert.deepEqual(entry.args, ['-y', 'airtable-mcp-server@1.7.3']);
    assert.deepEqual(entry.env, { AIRTABLE_API_KEY: '${input:tf.AIRTABLE_API_KEY}' });
    assert.deepEqual(secrets.map((s) => s.id), ['tf.AIRTABLE_API_KEY']);
    assert.equal((entry.registry as { version: string }).version, '1.7.3');
  });

  it('does not take a stored secret to a new host or package unseen: it is asked again', () => {
    const weather = doc('remote-weather');
    const moved = serverSchema.parse(JSON.parse(JSON.stringify(weather).replace(/https:\/\/\{host\}\/mcp/g, 'https://collect.evil.example/mcp')));
    const remote = installThenUpdate(weather, moved, 'remote', { host: 'weather.example.com', Authorization: 'Bearer t' });
    const option = optionOf(moved, 'remote');
    const draft = toSettingsEntry(moved, option, updateAnswers(remote.recovered, new Map()), { ...ids, inputIds: remote.recovered.inputIds }).entry;
    assert.equal(newDestination(remote.installed, option, draft), 'https://collect.evil.example');
    assert.deepEqual(secretsToAskAgain(questionsFor(moved, option), remote.recovered).map((q) => q.key), ['Authorization']);
    // The same host on a new version keeps the secret without asking.
    const next = bumped(weather, weather.version, '9.9.9');
    const same = installThenUpdate(weather, next, 'remote', { host: 'weather.example.com', Authorization: 'Bearer t' });
    const nextOption = optionOf(next, 'remote');
    const sameDraft = toSettingsEntry(next, nextOption, updateAnswers(same.recovered, new Map()), { ...ids, inputIds: same.recovered.inputIds }).entry;
    assert.equal(newDestination(same.installed, nextOption, sameDraft), undefined);
    // A package replaced by another one is a new destination too.
    const airtable = doc('airtable-mcp-server', '1.7.2');
    const renamed = serverSchema.parse(JSON.parse(JSON.stringify(doc('airtable-mcp-server', '1.7.3')).replace(/"airtable-mcp-server"/g, '"airtable-mcp-servers"')));
    const pkg = installThenUpdate(airtable, doc('airtable-mcp-server', '1.7.3'), 'npm', { AIRTABLE_API_KEY: 'pat' });
    const npm = optionOf(renamed, 'npm');
    assert.equal(newDestination(pkg.installed, npm, toSettingsEntry(renamed, npm, () => 'x', ids).entry), 'npx airtable-mcp-servers');
    assert.equal(newDestination(pkg.installed, optionOf(doc('airtable-mcp-server', '1.7.3'), 'npm'), pkg.entry), undefined);
  });

  it('reads back answers from arguments, including optional ones the user left out', () => {
    const terraform = doc('terraform-mcp-server');
    const { entry, recovered } = installThenUpdate(terraform, bumped(terraform, '1.1.0', '1.2.0'), 'oci', { address: 'https://tfe.example.com', enabled: 'true' });
    assert.equal(recovered.answers.get('address'), 'https://tfe.example.com');
    assert.equal(recovered.answers.get('enabled'), 'true');
    assert.equal(recovered.answers.has('token'), false, 'the token was left out and stays out');
    assert.deepEqual(entry.args, ['run', '-i', '--rm', '-e', 'TFE_ADDRESS', '-e', 'ENABLE_TF_OPERATIONS', 'docker.io/hashicorp/terraform-mcp-server:1.2.0']);
    assert.deepEqual(entry.env, { TFE_ADDRESS: 'https://tfe.example.com', ENABLE_TF_OPERATIONS: 'true' });
  });

  it('reads back a positional argument, and keeps what the user changed by hand', () => {
    const fs = doc('server-filesystem');
    const { entry } = installThenUpdate(fs, bumped(fs, '0.6.3', '0.7.0'), 'npm', { allowed_directory: '/srv/data' }, (installed) => {
      installed.autoStart = false;
      installed.timeout = 120000;
      installed.env = { DEBUG: '1' };
    });
    assert.deepEqual(entry.args, ['-y', '@modelcontextprotocol/server-filesystem@0.7.0', '/srv/data']);
    assert.equal(entry.autoStart, false);
    assert.equal(entry.timeout, 120000);
    assert.deepEqual(entry.env, { DEBUG: '1' }, 'an environment variable the user added stays');
  });

  it('finds a secret under the name it got at install, even after the server was renamed', () => {
    const github = doc('github-mcp-server');
    const installed = toSettingsEntry(github, optionOf(github, 'oci'), () => 'ghp', { registryUrl: 'r', inputPrefix: 'github' }).entry;
    const recovered = recoverAnswers({ stored: installed, server: github, option: optionOf(github, 'oci') });
    assert.equal(recovered.inputIds.get('token'), 'github.token');
    const next = bumped(github, '0.30.2', '0.31.0');
    const updated = toSettingsEntry(next, optionOf(next, 'oci'), updateAnswers(recovered, new Map()), { registryUrl: 'r', inputPrefix: 'renamed', inputIds: recovered.inputIds });
    assert.deepEqual(updated.entry.env, { GITHUB_PERSONAL_ACCESS_TOKEN: '${input:github.token}' });
    assert.equal((updated.entry.args as string[]).at(-1), 'ghcr.io/github/github-mcp-server:0.31.0');
  });

  it('asks only for what a new version requires that was never asked', () => {
    const everything = doc('server-everything');
    const next = serverSchema.parse({
      ...everything,
      version: '2026.9.1',
      packages: [{ registryType: 'npm', identifier: '@modelcontextprotocol/server-everything', version: '2026.9.1', transport: { type: 'stdio' },
        environmentVariables: [{ name: 'EVERYTHING_TOKEN', isRequired: true, isSecret: true }, { name: 'MODE', description: 'Mode', default: 'full' }] }],
    });
    const { toAsk } = installThenUpdate(everything, next, 'npm', {});
    assert.deepEqual(toAsk.map((q) => q.key), ['EVERYTHING_TOKEN']);
    const recovered = recoverAnswers({ stored: toSettingsEntry(everything, optionOf(everything, 'npm'), () => undefined, ids).entry, server: everything, option: optionOf(everything, 'npm') });
    const updated = toSettingsEntry(next, optionOf(next, 'npm'), updateAnswers(recovered, new Map([['EVERYTHING_TOKEN', 'tok']])), ids);
    assert.deepEqual(updated.entry.env, { EVERYTHING_TOKEN: '${input:tf.EVERYTHING_TOKEN}', MODE: 'full' }, 'a new optional value takes its default');
  });

  it('without the installed version in the registry, still keeps environment variables and headers by name', () => {
    const remote = doc('remote-weather');
    const installed = toSettingsEntry(remote, optionOf(remote, 'remote'), (q) => ({ host: 'w.example', Authorization: 'Bearer x' })[q.key], ids).entry;
    const recovered = recoverAnswers({ stored: installed });
    assert.equal(recovered.inputIds.get('Authorization'), 'tf.Authorization');
    assert.deepEqual(questionsToAsk(questionsFor(remote, optionOf(remote, 'remote')), recovered).map((q) => q.key), [], 'host has a default; Authorization is known');
  });
});

describe('registry: names and versions', () => {
  it('gives installed servers short names fit for settings and server/prompt references', () => {
    const names = documents.map((d) => settingsNameFor(d));
    assert.deepEqual([...new Set(names)].sort(), [
      'airtable', 'brave-search', 'context7', 'cyphrex', 'everything', 'exa', 'fetch', 'filesystem', 'github', 'playwright', 'remote-weather', 'terraform', 'time', 'time-mcp-nuget', 'time-mcp-pypi',
    ]);
    assert.equal(displayNameFor(doc('server-everything')), 'Server Everything');
    assert.equal(displayNameFor(doc('github-mcp-server')), 'GitHub MCP Server');
  });

  it('orders versions as numbers, with pre-releases before the release', () => {
    assert.equal(isNewerVersion('1.7.3', '1.7.2'), true);
    assert.equal(isNewerVersion('1.10.0', '1.9.9'), true);
    assert.equal(isNewerVersion('2026.8.31', '2026.10.1'), false);
    assert.equal(isNewerVersion('1.0.0', '1.0.0-rc.2'), true);
    assert.equal(isNewerVersion('1.0.0-rc.10', '1.0.0-rc.2'), true);
    assert.equal(isNewerVersion('1.0.0', '1.0.0'), false);
    assert.equal(isNewerVersion('nightly-2', 'nightly-1'), true, 'not dotted numbers: newer when different');
  });
});
