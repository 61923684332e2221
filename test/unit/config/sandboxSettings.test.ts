// Issue 28: which servers run sandboxed (mcpClient.sandbox.default, a server's own `sandbox`), the
// defaults, and what a repository's settings may not do to its own sandbox (the `sandbox.*` rows of
// config/settingScopes.ts): turn it off, open folders outside the workspace to writing, re-open the
// credential stores, reach services on this machine.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { resolveServers } from '../../../src/config/resolveServers';
import type { SandboxPolicy } from '../../../src/config/sandboxPolicy';
import type { ServerScope } from '../../../src/mcp/serverDefinition';

const home = '/home/me';
const ws = '/work/repo';
const ctx = (policy: SandboxPolicy = 'workspaceAndRegistry') => ({
  workspaceFolders: [{ name: 'repo', path: ws }],
  userHome: home,
  env: {},
  sandbox: { policy, cacheDir: '/home/me/.cache/mcp-client/sandbox', privateDirs: ['/home/me/.config/Code'] },
});
const resolve = (entry: Record<string, unknown>, scope: ServerScope = 'workspace', policy?: SandboxPolicy) =>
  resolveServers([{ scope, servers: { s: entry } }], ctx(policy))[0]!;
const sandboxOf = (entry: Record<string, unknown>, scope: ServerScope = 'workspace', policy?: SandboxPolicy) => {
  const server = resolve(entry, scope, policy);
  if (server.error) assert.fail(server.error);
  return server.definition!.sandbox;
};

describe('Sandbox settings (issue 28)', () => {
  describe('which servers run sandboxed', () => {
    it('by default: workspace servers and registry installs, not your own servers', () => {
      assert.ok(sandboxOf({ command: 'node' }, 'workspace'));
      assert.ok(sandboxOf({ command: 'node' }, 'folder'));
      assert.equal(sandboxOf({ command: 'node' }, 'user'), undefined);
      const registry = { url: 'https://r.test', name: 'x', version: '1', package: 'npm' };
      assert.equal(sandboxOf({ command: 'npx', registry }, 'user')?.reason, 'policy');
    });

    it('"all" sandboxes your servers too, and "none" only those whose settings ask for it', () => {
      assert.ok(sandboxOf({ command: 'node' }, 'user', 'all'));
      assert.equal(sandboxOf({ command: 'node' }, 'workspace', 'none'), undefined);
      assert.equal(sandboxOf({ command: 'node', sandbox: { enabled: true } }, 'workspace', 'none')?.reason, 'setting');
    });

    it('a server of yours opts in with its own sandbox settings, or out with "enabled": false', () => {
      assert.equal(sandboxOf({ command: 'node', sandbox: {} }, 'user')?.reason, 'setting');
      assert.equal(sandboxOf({ command: 'node', sandbox: { network: { allowedDomains: ['api.github.com'] } } }, 'user')?.reason, 'setting');
      assert.equal(sandboxOf({ command: 'node', sandbox: { enabled: false } }, 'user', 'all'), undefined);
    });

    it('an HTTP server has no sandbox to configure', () => {
      assert.match(resolve({ url: 'https://x.test/mcp', sandbox: {} }, 'user').error!, /mcpClient\.servers\.s\.sandbox: not used by an http server/);
    });
  });

  it('defaults: the workspace folders and its own folder writable, the credential stores and VS Code unreadable, no network', () => {
    const sandbox = sandboxOf({ command: 'node' })!;
    assert.deepEqual(sandbox.filesystem.allowWrite, [ws, sandbox.ownDir]);
    assert.match(sandbox.ownDir, /^\/home\/me\/\.cache\/mcp-client\/sandbox\/s-[0-9a-f]{12}$/);
    for (const hidden of ['.ssh', '.aws', '.config/gh', '.gnupg', '.mozilla', '.config/google-chrome', '.vscode-server/data']) assert.ok(sandbox.filesystem.denyRead.includes(join(home, hidden)), hidden);
    assert.ok(sandbox.filesystem.denyRead.includes('/home/me/.config/Code'));
    assert.deepEqual(sandbox.network, { allowedDomains: [], installDomains: [] });
  });

  it('a package launcher (npx, uvx) may reach its registry while the server starts', () => {
    assert.deepEqual(sandboxOf({ command: 'npx', args: ['-y', 'pkg'] })!.network.installDomains, ['registry.npmjs.org']);
    assert.deepEqual(sandboxOf({ command: '/usr/bin/uvx', args: ['pkg'] })!.network.installDomains, ['pypi.org', 'files.pythonhosted.org']);
  });

  it('adds what the settings name, resolved (variables, ~, relative to the folder)', () => {
    const sandbox = sandboxOf(
      { command: 'node', sandbox: { filesystem: { allowWrite: ['${workspaceFolder}/out'], denyWrite: ['.env'], denyRead: ['~/private'], allowRead: ['~/.ssh/known_hosts'] } } },
      'user',
    )!;
    assert.ok(sandbox.filesystem.allowWrite.includes('/work/repo/out'));
    assert.deepEqual(sandbox.filesystem.denyWrite, ['/work/repo/.env']);
    assert.ok(sandbox.filesystem.denyRead.includes('/home/me/private'));
    assert.deepEqual(sandbox.filesystem.allowRead, ['/home/me/.ssh/known_hosts']);
  });

  describe('what a workspace may not do to its own sandbox', () => {
    const error = (entry: Record<string, unknown>) => resolve(entry, 'workspace').error ?? '';

    it('turn it off', () => {
      assert.match(error({ command: 'node', sandbox: { enabled: false } }), /sandbox\.enabled: false is not allowed in workspace settings: it runs the server without the sandbox/);
      assert.match(error({ command: 'node', sandbox: { enabled: false } }), /mcpClient\.sandbox\.default to "none" in your user settings/);
    });

    it('open a folder outside the workspace to writing', () => {
      assert.match(error({ command: 'node', sandbox: { filesystem: { allowWrite: ['/'] } } }), /sandbox\.filesystem\.allowWrite: \/ is outside the folders it may use/);
      assert.match(error({ command: 'node', sandbox: { filesystem: { allowWrite: ['~'] } } }), /\/home\/me is outside the folders/);
      const inside = sandboxOf({ command: 'node', sandbox: { filesystem: { allowWrite: ['build'] } } })!;
      assert.ok(inside.filesystem.allowWrite.includes('/work/repo/build'));
      assert.deepEqual(inside.filesystem.writeWithin, [ws], 'its real path is checked when it starts');
    });

    it('read the credential stores again', () => {
      assert.match(error({ command: 'node', sandbox: { filesystem: { allowRead: ['~/.ssh'] } } }), /sandbox\.filesystem\.allowRead: not allowed in workspace settings/);
    });

    it('reach this machine or its network', () => {
      for (const host of ['localhost:6379', '*.localhost', '127.0.0.1', '[::1]:8080', '10.0.0.5', 'printer.local', 'db.internal']) {
        assert.match(error({ command: 'node', sandbox: { network: { allowedDomains: [host] } } }), /is not allowed in workspace settings: it lets the sandboxed server reach services on this machine/, host);
      }
      assert.deepEqual(sandboxOf({ command: 'node', sandbox: { network: { allowedDomains: ['API.github.com', '*.githubusercontent.com:443'] } } })!.network.allowedDomains, [
        'api.github.com',
        '*.githubusercontent.com:443',
      ]);
      assert.ok(sandboxOf({ command: 'node', sandbox: { network: { allowedDomains: ['localhost:6379'] } } }, 'user'), 'your own settings may');
    });

    it('while it may tighten it', () => {
      const sandbox = sandboxOf({ command: 'node', sandbox: { enabled: true, filesystem: { denyRead: ['/etc'], denyWrite: ['src'] } } })!;
      assert.ok(sandbox.filesystem.denyRead.includes('/etc'));
      assert.deepEqual(sandbox.filesystem.denyWrite, ['/work/repo/src']);
    });
  });

  it('refuses what is no host name, and a wildcard over a whole top-level domain', () => {
    assert.match(resolve({ command: 'node', sandbox: { network: { allowedDomains: ['https://api.github.com/'] } } }, 'user').error!, /must be a host name such as "api\.github\.com"/);
    assert.match(resolve({ command: 'node', sandbox: { network: { allowedDomains: ['*.com'] } } }, 'user').error!, /"\*\.com" is too broad/);
    assert.match(resolve({ command: 'node', sandbox: { filesystem: { allowWrite: 'src' } } }, 'user').error!, /sandbox\.filesystem\.allowWrite: must be a list of paths/);
    assert.match(resolve({ command: 'node', sandbox: { enabled: false, network: {} } }, 'user').error!, /"enabled" is false, so "filesystem" and "network" would do nothing/);
  });
});
