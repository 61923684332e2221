// What a workspace server is asked about again, in the words of the settings a person wrote
// (trust/consentMaterial.ts): "args", "timeout", "envFile (added)", never an internal path such as
// `transport.envFile.loaded.sha256`; the folders only when nothing a person wrote changed; and the hash
// under which versions before the whole-definition question remembered their answers.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { LoadedDefinition, ServerDefinition } from '../../../src/mcp/serverDefinition';
import { changedSettings, consentHash, consentMaterial, fingerprints, legacyConsentHash, settingName } from '../../../src/trust/consentMaterial';
import { definition } from '../helpers';

describe('the consent hash', () => {
  it('is the same for the same settings written in another order, or with a setting present but undefined', () => {
    const def = definition('repo', { type: 'stdio', command: 'node', args: ['s.js'], env: { B: '2', A: '1' } }, { scope: 'workspace' }) as LoadedDefinition;
    const t = def.transport as Extract<ServerDefinition['transport'], { type: 'stdio' }>;
    const reordered = { ...def, transport: { env: { A: '1', B: '2' }, args: t.args, command: t.command, type: t.type } } as LoadedDefinition;
    const withUndefined = { ...def, transport: { ...t, cwd: undefined } } as LoadedDefinition;
    assert.deepEqual(consentMaterial(reordered), consentMaterial(def));
    assert.equal(consentHash(reordered), consentHash(def));
    assert.equal(consentHash(withUndefined), consentHash(def));
  });
});

describe('the settings a changed question names', () => {
  it('names each definition path as the setting a person wrote', () => {
    const names: [string, string][] = [
      ['transport.args', 'args'],
      ['transport.command', 'command'],
      ['transport.env.API_KEY', 'env.API_KEY'],
      ['transport.envFile.path', 'envFile'],
      ['transport.envFile.loaded.sha256', 'the contents of envFile'],
      ['transport.envFile.loaded.names', 'the variables envFile sets'],
      ['transport.envFile.unset', 'env (null entries)'],
      ['transport.envFile.within', 'the workspace folders'],
      ['transport.envFile.within.0', 'the workspace folders'],
      ['dev.within', 'the workspace folders'],
      ['dev.base', 'the workspace folders'],
      ['dev.watch', 'dev.watch'],
      ['sandbox.ownDir', 'the workspace folders'],
      ['sandbox.filesystem.writeWithin', 'the workspace folders'],
      ['sandbox.filesystem.writeWithin.1', 'the workspace folders'],
      ['sandbox.filesystem.allowWrite', 'sandbox.filesystem.allowWrite'],
      ['sandbox.reason', 'sandbox (whether it runs sandboxed)'],
      ['sandbox.network.installDomains', 'command'],
      ['sandbox.network.allowedDomains', 'sandbox.network.allowedDomains'],
      ['environment', 'values from your environment (${env:…})'],
      ['environment.0.value', 'values from your environment (${env:…})'],
      ['timeoutMs', 'timeout'],
      ['startTimeoutMs', 'startTimeout'],
      ['oauth.scopes', 'oauth.scopes'],
      // Only whole paths are renamed: a key that merely contains these words keeps its own name.
      ['oauth.timeoutMs', 'oauth.timeoutMs'],
      ['timeoutMsExtra', 'timeoutMsExtra'],
      ['startTimeoutMsExtra', 'startTimeoutMsExtra'],
      ['dev.startTimeoutMs', 'dev.startTimeoutMs'],
      ['transport.env.envFile.path', 'env.envFile.path'],
      ['envFile.pathname', 'envFile.pathname'],
      ['dev.transport.args', 'dev.transport.args'],
      ['x.dev.within', 'x.dev.within'],
      ['x.transport.envFile.within', 'x.transport.envFile.within'],
      ['x.sandbox.filesystem.writeWithin', 'x.sandbox.filesystem.writeWithin'],
      ['x.sandbox.network.installDomains', 'x.sandbox.network.installDomains'],
      ['x.environment', 'x.environment'],
    ];
    for (const [path, name] of names) assert.equal(settingName(path), name, path);
  });

  it('says which settings changed, were added or were removed, each once', () => {
    assert.deepEqual(changedSettings({ 'transport.args': 'a', timeoutMs: 't' }, { 'transport.args': 'b', timeoutMs: 't' }), ['args']);
    assert.deepEqual(changedSettings({ 'transport.args': 'a' }, { 'transport.args': 'a', 'dev.watch': 'w' }), ['dev.watch (added)']);
    assert.deepEqual(changedSettings({ 'transport.args': 'a', 'oauth.scopes': 's' }, { 'transport.args': 'a' }), ['oauth.scopes (removed)']);
    assert.deepEqual(
      changedSettings({ 'sandbox.filesystem.writeWithin.0': 'a', 'sandbox.filesystem.writeWithin.1': 'b' }, { 'sandbox.filesystem.writeWithin.0': 'c', 'sandbox.filesystem.writeWithin.1': 'd' }),
      ['the workspace folders'],
      'two paths of one setting are named once',
    );
    assert.deepEqual(
      changedSettings({ 'environment.0.value': 'a' }, { 'environment.0.value': 'b', 'environment.1.value': 'c' }),
      ['values from your environment (${env:…})'],
      'named by the first of its paths that changed, not again as added',
    );
    assert.deepEqual(changedSettings({ 'transport.args': 'a' }, { 'transport.args': 'a' }), []);
  });

  it('names the workspace folders only when nothing a person wrote changed', () => {
    assert.deepEqual(changedSettings({ 'dev.within': 'a' }, { 'dev.within': 'b' }), ['the workspace folders']);
    assert.deepEqual(changedSettings({ 'dev.within': 'a', 'transport.args': 'x' }, { 'dev.within': 'b', 'transport.args': 'y' }), ['args']);
  });

  it('fingerprints each setting by its value, briefly', () => {
    const d = (args: string[]) => definition('repo', { type: 'stdio', command: 'node', args, env: {} }, { scope: 'workspace' }) as LoadedDefinition;
    const one = fingerprints(d(['a.js']));
    const two = fingerprints(d(['b.js']));
    assert.match(one['transport.args']!, /^[0-9a-f]{16}$/);
    assert.notEqual(one['transport.args'], two['transport.args']);
    assert.equal(one['transport.command'], two['transport.command']);
    assert.deepEqual(Object.keys(one), consentMaterial(d(['a.js'])).map(([path]) => path));
    assert.deepEqual(changedSettings(one, two), ['args']);
  });
});

describe('the hash of answers given before the whole-definition question', () => {
  // As earlier versions stored it: sha256 of [scope, folder or '', name, command/args/env/cwd or type/url/headers].
  const stored = (material: unknown[]) => createHash('sha256').update(JSON.stringify(material)).digest('hex');

  it('is found again for a stdio server from its scope, folder, name, command, args, env and working folder', () => {
    const d = definition('repo', { type: 'stdio', command: 'node', args: ['s.js'], env: { A: '1' }, cwd: '/w' }, { scope: 'folder', folder: 'app' });
    assert.equal(legacyConsentHash(d), stored(['folder', 'app', 'repo', { command: 'node', args: ['s.js'], env: { A: '1' }, cwd: '/w' }]));
    const noFolder = definition('repo', { type: 'stdio', command: 'node', args: [], env: {} }, { scope: 'workspace' });
    assert.equal(legacyConsentHash(noFolder), stored(['workspace', '', 'repo', { command: 'node', args: [], env: {} }]));
  });

  it('is found again for an HTTP or SSE server from its type, URL and headers', () => {
    const http = definition('remote', { type: 'http', url: 'https://x.test/mcp', headers: { A: 'b' } }, { scope: 'workspace' });
    assert.equal(legacyConsentHash(http), stored(['workspace', '', 'remote', { type: 'http', url: 'https://x.test/mcp', headers: { A: 'b' } }]));
    const sse = definition('remote', { type: 'sse', url: 'https://x.test/mcp', headers: { A: 'b' } }, { scope: 'workspace' });
    assert.notEqual(legacyConsentHash(sse), legacyConsentHash(http));
  });

  it('differs between servers that differ in what it covered', () => {
    const base = definition('repo', { type: 'stdio', command: 'node', args: [], env: {} }, { scope: 'workspace' }) as ServerDefinition;
    const hashes = new Set([base, { ...base, name: 'other' }, { ...base, scope: 'folder' as const, folder: 'app' }].map(legacyConsentHash));
    assert.equal(hashes.size, 3);
  });
});

describe('consent material: odd values', () => {
  it('takes a null setting as a value of its own, without failing', () => {
    const d = { ...definition('n', { type: 'stdio', command: 'node', args: [], env: {} }), oauth: null } as unknown as LoadedDefinition;
    assert.ok(consentMaterial(d).some(([path, value]) => path === 'oauth' && value === 'null'), JSON.stringify(consentMaterial(d)));
  });
});
