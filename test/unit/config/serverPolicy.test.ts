// The administrator's allow-list (issue 27, part 6): patterns by registry name, command and URL origin; deny wins;
// registry-only mode and VS Code's chat.mcp.access as ceilings; a workspace cannot claim a registry origin; each
// refusal names its rule.
import * as assert from 'node:assert/strict';
import { resolveServers } from '../../../src/config/resolveServers';
import { applyPolicy, matchesPattern, refusalOf, type ServerPolicy } from '../../../src/config/serverPolicy';

const ctx = { workspaceFolders: [{ name: 'w', path: '/w' }], userHome: '/home/u', env: {} };
const registry = { url: 'https://registry.example', name: 'io.github.acme/files', version: '1', package: 'npm' };
const user = resolveServers([{ scope: 'user', servers: { files: { command: 'npx', args: ['-y', 'x'], registry }, local: { command: '/opt/mcp/bin/tool' }, remote: { url: 'https://api.acme.com/mcp' } } }], ctx);
const workspace = resolveServers([{ scope: 'workspace', servers: { claims: { command: 'node', registry } } }], ctx);
const all = [...user, ...workspace];
const def = (name: string) => all.find((s) => s.name === name)!.definition!;
const none: ServerPolicy = { allowed: [], denied: [], registryOnly: false, vscodeAccess: 'all' };
const refused = (policy: Partial<ServerPolicy>) => Object.fromEntries(applyPolicy(all, { ...none, ...policy }).map((s) => [s.name, s.definition?.refusedBy ?? null]));

describe('administrator policy', () => {
  it('matches registry names, commands (as written or by file name) and URL origins, with *', () => {
    assert.ok(matchesPattern(def('files'), 'registry:io.github.acme/*'));
    assert.ok(!matchesPattern(def('claims'), 'registry:io.github.acme/*'), 'a workspace entry is not believed about its registry');
    assert.ok(matchesPattern(def('local'), 'command:/opt/mcp/*'));
    assert.ok(matchesPattern(def('local'), 'command:tool'));
    assert.ok(matchesPattern(def('remote'), 'url:https://*.acme.com'));
    assert.ok(!matchesPattern(def('remote'), 'url:https://acme.com'));
    assert.ok(matchesPattern(def('files'), 'npx'), 'a bare pattern matches any facet');
  });

  it('refuses what the deny list names, and what the allow list does not, naming the rule; deny wins', () => {
    const r = refused({ allowed: ['url:https://*.acme.com', 'command:npx'], denied: ['npx'] });
    assert.match(r.files!, /"mcpClient\.policy\.denied" has the rule "npx"/);
    assert.match(r.local!, /"mcpClient\.policy\.allowed" lists no rule that matches/);
    assert.equal(r.remote, null);
    assert.deepEqual(refused({}), { files: null, local: null, remote: null, claims: null });
  });

  it('runs only registry servers in registry-only mode and under chat.mcp.access "registry"; nothing under "none"', () => {
    for (const policy of [{ registryOnly: true }, { vscodeAccess: 'registry' as const }]) {
      const r = refused(policy);
      assert.equal(r.files, null);
      assert.ok(r.local && r.remote && r.claims, JSON.stringify(r));
    }
    assert.match(refused({ vscodeAccess: 'registry' }).local!, /"chat\.mcp\.access" is "registry"/);
    assert.ok(Object.values(refused({ vscodeAccess: 'none' })).every((r) => /"chat\.mcp\.access" is "none"/.test(r!)));
    assert.equal(refusalOf(def('files'), none), undefined);
  });
});
