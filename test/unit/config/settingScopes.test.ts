// Which server settings a repository may set (config/settingScopes.ts): what a person is told when their
// workspace settings name a key only user settings may set, or a path outside the folders it may use,
// and what an attacker's repository cannot set at all. resolveServers.test.ts checks the same through the
// resolver; these pin every row and every word of the messages.
import * as assert from 'node:assert/strict';
import { allowedFolders, outsideFolders, refusedKeys, SCOPE_RULES, type ScopedKey, type SettingPlace } from '../../../src/config/settingScopes';

const workspace: SettingPlace = { scope: 'workspace', label: 'workspace settings', folders: ['/work/app', '/work/docs'], base: '/work/app' };
const folder: SettingPlace = { scope: 'folder', label: 'folder "app" settings', folders: ['/work/app'], base: '/work/app' };
const user: SettingPlace = { scope: 'user', label: 'user settings', folders: ['/work/app'], base: '/home/ada' };
const noFolder: SettingPlace = { scope: 'workspace', label: 'workspace settings', folders: [], base: '/home/ada' };

describe('settings a repository may not set', () => {
  const refusedEntry = {
    oauth: { workloadIdentity: { tokenFile: '/home/ada/.ssh/id_rsa' }, enterprise: { idpTokenEndpoint: 'https://idp' }, allowIssuerMismatch: false },
    dev: { debug: { debugpyPath: '/tmp/evil' } },
    sandbox: { filesystem: { allowRead: ['/home/ada/.aws'] } },
  };

  it('refuses each key only user settings may set, in workspace and folder settings, saying what it does and where to set it', () => {
    assert.deepEqual(refusedKeys(refusedEntry, workspace, 'mcpClient.servers.s'), [
      'mcpClient.servers.s.oauth.workloadIdentity: not allowed in workspace settings: it makes MCP Client read a local file and send it as a credential. Set "workloadIdentity" for this server in your user settings instead (Preferences: Open User Settings (JSON)), if you trust it.',
      'mcpClient.servers.s.oauth.enterprise: not allowed in workspace settings: it sends your identity provider ID token to the endpoint it names. Set "enterprise" for this server in your user settings instead (Preferences: Open User Settings (JSON)), if you trust it.',
      'mcpClient.servers.s.oauth.allowIssuerMismatch: not allowed in workspace settings: it turns off the check that keeps your sign-in from going to another authorization server. Set "allowIssuerMismatch" for this server in your user settings instead (Preferences: Open User Settings (JSON)), if you trust it.',
      'mcpClient.servers.s.dev.debug.debugpyPath: not allowed in workspace settings: it runs another program than the server\'s command. Set "debugpyPath" for this server in your user settings instead (Preferences: Open User Settings (JSON)), if you trust it.',
      'mcpClient.servers.s.sandbox.filesystem.allowRead: not allowed in workspace settings: it lets the sandboxed server read what the sandbox hides (credential stores). Set "allowRead" for this server in your user settings instead (Preferences: Open User Settings (JSON)), if you trust it.',
    ]);
    assert.equal(refusedKeys(refusedEntry, folder, 'x').length, 5);
    assert.ok(refusedKeys(refusedEntry, folder, 'x')[0]!.startsWith('x.oauth.workloadIdentity: not allowed in folder "app" settings: it '));
  });

  it('honours all of them from user settings', () => {
    assert.deepEqual(refusedKeys(refusedEntry, user, 'mcpClient.servers.s'), []);
  });

  it('refuses nothing that is not set, and looks through values that are not objects without failing', () => {
    assert.deepEqual(refusedKeys({ command: 'node', envFile: '.env', dev: { watch: ['src/**'] }, sandbox: { enabled: false } }, workspace, 's'), []);
    assert.deepEqual(refusedKeys({ oauth: 'text', dev: null, sandbox: { filesystem: 7 } }, workspace, 's'), []);
    assert.deepEqual(refusedKeys({ oauth: { allowIssuerMismatch: null } }, workspace, 's'), ['s.oauth.allowIssuerMismatch: not allowed in workspace settings: it turns off the check that keeps your sign-in from going to another authorization server. Set "allowIssuerMismatch" for this server in your user settings instead (Preferences: Open User Settings (JSON)), if you trust it.'], 'null is a value someone wrote');
  });

  it('lists exactly the keys the security review named, with their rule in each place', () => {
    const table = Object.fromEntries(Object.entries(SCOPE_RULES).map(([key, rule]) => [key, `${rule.workspace}/${rule.user}`]));
    assert.deepEqual(table, {
      'oauth.workloadIdentity': 'refused/anywhere',
      'oauth.enterprise': 'refused/anywhere',
      'oauth.allowIssuerMismatch': 'refused/anywhere',
      'dev.debug.debugpyPath': 'refused/anywhere',
      envFile: 'insideWorkspaceFolders/anywhere',
      'dev.watch': 'insideWorkspaceFolders/insideWorkspaceFoldersOrBase',
      'sandbox.enabled': 'trueOnly/anywhere',
      'sandbox.filesystem.allowWrite': 'insideWorkspaceFolders/anywhere',
      'sandbox.filesystem.allowRead': 'refused/anywhere',
      'sandbox.network.allowedDomains': 'publicHostsOnly/anywhere',
    });
  });
});

describe('paths a setting may name', () => {
  it('keeps workspace paths inside the workspace folders, and a refused key nowhere', () => {
    assert.deepEqual(allowedFolders('envFile', workspace), ['/work/app', '/work/docs']);
    assert.deepEqual(allowedFolders('sandbox.filesystem.allowWrite', folder), ['/work/app']);
    assert.deepEqual(allowedFolders('dev.watch', workspace), ['/work/app', '/work/docs']);
    for (const key of ['oauth.workloadIdentity', 'sandbox.enabled', 'sandbox.network.allowedDomains'] as ScopedKey[]) assert.deepEqual(allowedFolders(key, workspace), [], key);
  });

  it('lets user settings name any path, but watch only inside the workspace folders or the base folder', () => {
    assert.equal(allowedFolders('envFile', user), undefined);
    assert.equal(allowedFolders('oauth.workloadIdentity', user), undefined);
    assert.deepEqual(allowedFolders('dev.watch', user), ['/work/app', '/home/ada']);
  });

  it('accepts a path inside an allowed folder, and any path from user settings where anywhere is allowed', () => {
    assert.equal(outsideFolders('envFile', '/work/docs/.env', workspace, 's'), undefined);
    assert.equal(outsideFolders('envFile', '/work/app', workspace, 's'), undefined);
    assert.equal(outsideFolders('envFile', '/etc/passwd', user, 's'), undefined);
    assert.equal(outsideFolders('dev.watch', '/home/ada/src', user, 's'), undefined);
  });

  it('says which folders a workspace path must be inside, why, and to move the server to user settings', () => {
    assert.equal(
      outsideFolders('envFile', '/home/ada/.aws/credentials', workspace, 'mcpClient.servers.s'),
      "mcpClient.servers.s.envFile: /home/ada/.aws/credentials is outside the folders it may use; in workspace settings it must be inside /work/app or /work/docs, since it makes MCP Client read a local file into the server's environment. Move this server to your user settings to use a path outside the workspace.",
    );
    assert.equal(
      outsideFolders('envFile', '/work/.env', noFolder, 's'),
      "s.envFile: /work/.env is outside the folders it may use; in workspace settings it must be inside a workspace folder (none is open), since it makes MCP Client read a local file into the server's environment. Move this server to your user settings to use a path outside the workspace.",
    );
    assert.equal(outsideFolders('envFile', '/work/appendix/.env', workspace, 's')?.startsWith('s.envFile: /work/appendix/.env is outside'), true, 'a sibling with the same start is outside');
  });

  it('tells a user-settings path outside its folders where it must be, without telling them to move it', () => {
    assert.equal(
      outsideFolders('dev.watch', '/', user, 's'),
      's.dev.watch: / is outside the folders it may use; in user settings it must be inside /work/app or /home/ada, since it makes MCP Client watch files.',
    );
  });
});
