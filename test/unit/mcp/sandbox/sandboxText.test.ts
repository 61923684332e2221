// What the consent question and the Servers view's tooltip say of a sandbox (src/trust/sandboxText.ts),
// and which paths in the workspace folders a sandboxed server may never change
// (src/mcp/sandbox/workspaceProtection.ts), against real folders.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_DENY_READ_IN_HOME, ownFolders, sandboxEnvironment, type SandboxDefinition } from '../../../../src/mcp/sandbox/sandboxDefinition';
import { describeSandbox, sandboxUnavailable } from '../../../../src/mcp/sandbox/sandboxStart';
import { protectedInside } from '../../../../src/mcp/sandbox/workspaceProtection';
import { sandboxSummary, tilde } from '../../../../src/trust/sandboxText';
import { definition, stdio } from '../../helpers';

const home = homedir();
const sandbox = (filesystem: Partial<SandboxDefinition['filesystem']>, network: Partial<SandboxDefinition['network']> = {}): SandboxDefinition => ({
  reason: 'policy',
  filesystem: { allowWrite: [], denyWrite: [], denyRead: DEFAULT_DENY_READ_IN_HOME.map((p) => `${home}/${p}`), allowRead: [], protect: [], ...filesystem },
  network: { allowedDomains: [], installDomains: [], ...network },
  ownDir: '/tmp/own',
});
const HIDDEN = "your credential stores (~/.ssh, ~/.aws, ~/.config/gh, ~/.gnupg, cloud and package-registry tokens), browser profiles and VS Code's own storage";

describe('a sandbox in words', () => {
  it('writes home paths as ~, and only paths inside the home folder', () => {
    assert.equal(tilde(home), '~');
    assert.equal(tilde(`${home}/work/repo`), '~/work/repo');
    assert.equal(tilde(`${home}x/repo`), `${home}x/repo`, 'a folder named like home');
    assert.equal(tilde(`/srv${home}/`), `/srv${home}/`, 'home further down another path');
    assert.equal(tilde('/etc/hosts'), '/etc/hosts');
  });

  it('says where it writes, what it cannot read and which hosts it reaches, naming only what the settings add', () => {
    assert.equal(sandboxSummary(sandbox({ allowWrite: [`${home}/repo`, '/tmp/own'] })), `writes only to ~/repo, /tmp/own; cannot read ${HIDDEN}; network: none`);
    assert.equal(
      sandboxSummary(
        sandbox(
          { allowWrite: [`${home}/repo`], denyWrite: [`${home}/repo/.env`, '/x'], denyRead: [...DEFAULT_DENY_READ_IN_HOME.map((p) => `${home}/${p}`), `${home}/secrets`, '/srv/keys'], allowRead: [`${home}/.ssh/known_hosts`, '/y'] },
          { allowedDomains: ['api.example.com', 'example.org'], installDomains: ['registry.npmjs.org', 'pypi.org'] },
        ),
      ),
      `writes only to ~/repo (never to ~/repo/.env, /x); cannot read ${HIDDEN}, nor ~/secrets, /srv/keys (except ~/.ssh/known_hosts, /y); ` +
        'network: api.example.com, example.org; while it starts, to download it: registry.npmjs.org, pypi.org',
    );
  });
});

describe('what a sandboxed server may never change in the workspace folders', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mcp-protect-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('denies every protected file and folder that exists, and creates .vscode as a folder first', () => {
    const files = ['.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.zshrc', '.zprofile', '.profile', '.ripgreprc', '.mcp.json'];
    for (const f of files) writeFileSync(join(root, f), '');
    mkdirSync(join(root, '.git', 'hooks'), { recursive: true });
    writeFileSync(join(root, '.git', 'config'), '');
    for (const d of ['.idea', '.claude/commands', '.claude/agents']) mkdirSync(join(root, d), { recursive: true });
    writeFileSync(join(root, 'README.md'), '');
    const denied = protectedInside([root]);
    assert.ok(statSync(join(root, '.vscode')).isDirectory(), '.vscode was made a folder');
    const expected = ['.vscode', '.idea', '.claude/commands', '.claude/agents', ...files, '.git/config', '.git/hooks'].map((p) => join(root, p));
    assert.deepEqual(denied, expected);
  });

  it('creates nothing else, and skips what does not exist or is no folder', () => {
    const file = join(root, 'plain-file');
    writeFileSync(file, '');
    assert.deepEqual(protectedInside([root, file, join(root, 'missing')]), [join(root, '.vscode')]);
    assert.deepEqual(protectedInside([]), []);
  });

  it('keeps an existing .vscode as it is', () => {
    mkdirSync(join(root, '.vscode'));
    writeFileSync(join(root, '.vscode', 'settings.json'), '{}');
    assert.deepEqual(protectedInside([root]), [join(root, '.vscode')]);
    assert.equal(statSync(join(root, '.vscode', 'settings.json')).size, 2);
  });
});

describe("a sandboxed server's own folder", () => {
  it('holds its temp files and every cache a launcher uses, and the launcher creates it with tmp and cache inside', () => {
    const own = sandbox({});
    assert.deepEqual(sandboxEnvironment(own), {
      TMPDIR: '/tmp/own/tmp',
      XDG_CACHE_HOME: '/tmp/own/cache',
      npm_config_cache: '/tmp/own/cache/npm',
      UV_CACHE_DIR: '/tmp/own/cache/uv',
      PIP_CACHE_DIR: '/tmp/own/cache/pip',
      NODE_USE_ENV_PROXY: '1',
    });
    assert.deepEqual(ownFolders(own), ['/tmp/own', '/tmp/own/tmp', '/tmp/own/cache']);
  });
});

describe("a sandboxed start's words", () => {
  it("tells the server's output what the sandbox allows, at every start", () => {
    assert.equal(
      describeSandbox(sandbox({ allowWrite: ['/w1', '/w2'], denyRead: ['/a', '/b', '/c'] })),
      "Sandboxed: it may write only to /w1, /w2; it may not read 3 credential and private folders (the Servers view's tooltip lists them); network: none.",
    );
    assert.equal(
      describeSandbox(sandbox({ allowWrite: ['/w'], denyWrite: ['/w/.env', '/w/.git'], denyRead: ['/a'], allowRead: ['/a/known', '/a/x'] }, { allowedDomains: ['a.test', 'b.test'], installDomains: ['registry.npmjs.org', 'pypi.org'] })),
      "Sandboxed: it may write only to /w (never to /w/.env, /w/.git); it may not read 1 credential and private folders (the Servers view's tooltip lists them) except /a/known, /a/x; " +
        'network: a.test, b.test; while it starts (to download it): registry.npmjs.org, pypi.org.',
    );
  });

  it('refuses a start the sandbox cannot run, saying what is missing, the fix, and why it is not run unsandboxed', () => {
    const missing = { missing: 'bubblewrap (bwrap)', fix: 'sudo apt-get install bubblewrap' };
    const cause = new Error('ENOENT');
    const bySetting = sandboxUnavailable(definition('s', stdio('fixtureServer'), { sandbox: { ...sandbox({}), reason: 'setting' } }), missing, cause);
    assert.equal(bySetting.kind, 'sandbox-unavailable');
    assert.equal(bySetting.cause, cause);
    assert.equal(
      bySetting.message,
      'Cannot run "s" in its sandbox: bubblewrap (bwrap) is missing. To fix it: sudo apt-get install bubblewrap. The server was not started, and it is not run without its sandbox, since its settings ask for a sandbox ("sandbox": { "enabled": true }).',
    );
    const byPolicy = sandboxUnavailable(definition('s', stdio('fixtureServer'), { sandbox: sandbox({}) }), missing, cause);
    assert.match(byPolicy.message, /, since mcpClient\.sandbox\.default says servers like it run sandboxed\.$/);
    assert.match(sandboxUnavailable(definition('s', stdio('fixtureServer')), missing, cause).message, /, since mcpClient\.sandbox\.default says/);
  });
});
