import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ResolveContext, resolveServers, type ServerSource } from '../../../src/config/resolveServers';
import { loadDefinition, MAX_ENV_FILE_BYTES } from '../../../src/mcp/envFile';
import { LocalFileError } from '../../../src/mcp/localFile';
import type { ServerDefinition } from '../../../src/mcp/serverDefinition';
import type { ConfiguredServer } from '../../../src/mcp/sessionManager';

const app = { name: 'app', path: '/work/app' };
const docs = { name: 'docs', path: '/work/docs' };
const ctx: ResolveContext = { workspaceFolders: [app, docs], userHome: '/home/ada', env: { TOKEN: 'secret' } };

function only(servers: ConfiguredServer[]): ConfiguredServer {
  assert.equal(servers.length, 1, JSON.stringify(servers));
  return servers[0];
}

function definitionOf(server: ConfiguredServer): ServerDefinition {
  if (!server.definition) assert.fail(`expected a definition, got error: ${server.error}`);
  return server.definition;
}

const user = (servers: unknown): ServerSource => ({ scope: 'user', servers });
const workspace = (servers: unknown): ServerSource => ({ scope: 'workspace', servers });
const folder = (f: { name: string; path: string }, servers: unknown): ServerSource => ({ scope: 'folder', folder: f, servers });

describe('resolveServers', () => {
  it('produces a complete stdio definition with the defaults', () => {
    const server = only(resolveServers([user({ fs: { command: 'npx', args: ['-y', 'server-fs', '${workspaceFolder}'] } })], ctx));
    assert.deepEqual(server, {
      name: 'fs',
      scope: 'user',
      definition: {
        name: 'fs',
        scope: 'user',
        transport: { type: 'stdio', command: 'npx', args: ['-y', 'server-fs', '/work/app'], env: {}, cwd: '/work/app' },
        timeoutMs: 60_000,
        roots: true,
        autoStart: true,
        disabled: false,
      },
    });
  });

  it('produces an http definition with resolved url and headers', () => {
    const def = definitionOf(
      only(resolveServers([user({ gh: { type: 'sse', url: 'https://${env:TOKEN}.example.com/mcp', headers: { Authorization: 'Bearer ${env:TOKEN}' }, timeout: 10 } })], ctx)),
    );
    assert.deepEqual(def.transport, { type: 'sse', url: 'https://secret.example.com/mcp', headers: { Authorization: 'Bearer secret' } });
    assert.equal(def.timeoutMs, 10);
  });

  it('takes a start timeout, and leaves it out when not set', () => {
    assert.equal(definitionOf(only(resolveServers([user({ s: { command: 'a', startTimeout: 120_000 } })], ctx))).startTimeoutMs, 120_000);
    assert.ok(!('startTimeoutMs' in definitionOf(only(resolveServers([user({ s: { command: 'a' } })], ctx)))));
    const bad = resolveServers([user({ s: { command: 'a', startTimeout: 0 } })], ctx);
    assert.match(JSON.stringify(bad), /mcpClient\.servers\.s\.startTimeout: must be a positive whole number of milliseconds/);
  });

  it('lets folder beat workspace beat user, and records the winning scope', () => {
    const servers = resolveServers(
      [
        user({ a: { command: 'user-a' }, b: { command: 'user-b' }, c: { command: 'user-c' } }),
        workspace({ b: { command: 'ws-b' }, c: { command: 'ws-c' } }),
        folder(docs, { c: { command: 'folder-c', cwd: '${workspaceFolder}/sub' } }),
      ],
      ctx,
    );
    const summary = servers.map((s) => {
      const d = definitionOf(s);
      return [s.name, s.scope, d.folder, d.transport.type === 'stdio' ? d.transport.command : '', d.transport.type === 'stdio' ? d.transport.cwd : ''];
    });
    assert.deepEqual(summary, [
      ['a', 'user', undefined, 'user-a', '/work/app'],
      ['b', 'workspace', undefined, 'ws-b', '/work/app'],
      // ${workspaceFolder} in a folder setting means that folder.
      ['c', 'folder', 'docs', 'folder-c', '/work/docs/sub'],
    ]);
  });

  it('defaults cwd to the setting folder, else the first folder, else the home folder', () => {
    const cwdOf = (sources: ServerSource[], context: ResolveContext) => {
      const t = definitionOf(only(resolveServers(sources, context))).transport;
      return t.type === 'stdio' ? t.cwd : undefined;
    };
    assert.equal(cwdOf([folder(docs, { s: { command: 'x' } })], ctx), '/work/docs');
    assert.equal(cwdOf([workspace({ s: { command: 'x' } })], ctx), '/work/app');
    assert.equal(cwdOf([user({ s: { command: 'x' } })], { ...ctx, workspaceFolders: [] }), '/home/ada');
    assert.equal(cwdOf([user({ s: { command: 'x', cwd: '~/srv' } })], ctx), '/home/ada/srv');
  });

  it('reports the same name in two folders, naming both', () => {
    const server = only(resolveServers([folder(app, { s: { command: 'a' } }), folder(docs, { s: { command: 'b' } })], ctx));
    assert.deepEqual(server, {
      name: 's',
      scope: 'folder',
      error: 'mcpClient.servers.s: defined in more than one folder ("app" and "docs"); give each a different name',
    });
  });

  it('reports a setting that is not an object as one entry named after its scope', () => {
    const servers = resolveServers([user(['npx server']), folder(docs, 'x'), workspace({ ok: { command: 'a' } })], ctx);
    assert.deepEqual(
      servers.map((s) => [s.name, s.scope, s.error]),
      [
        ['mcpClient.servers (folder "docs" settings)', 'folder', 'mcpClient.servers in folder "docs" settings: must be an object that maps server names to server settings'],
        ['mcpClient.servers (user settings)', 'user', 'mcpClient.servers in user settings: must be an object that maps server names to server settings'],
        ['ok', 'workspace', undefined],
      ],
    );
  });

  it('keeps valid servers when others are invalid, joining an entry\'s errors with "; "', () => {
    const servers = resolveServers([user({ good: { command: 'a' }, bad: { command: 'a', timeout: 0, comand: 'x' } })], ctx);
    assert.deepEqual(servers[0], {
      name: 'bad',
      scope: 'user',
      error:
        'mcpClient.servers.bad.timeout: must be a positive whole number of milliseconds; mcpClient.servers.bad.comand: unknown setting (did you mean "command"?)',
    });
    assert.equal(definitionOf(servers[1]).name, 'good');
  });

  it('reports variable errors with the setting path', () => {
    const servers = resolveServers(
      [user({ a: { command: 'node', args: ['x', '${workspaceFolder:api}'], env: { K: '${nope}' } }, b: { url: '${env:MISSING}' } })],
      ctx,
    );
    assert.deepEqual(
      servers.map((s) => s.error),
      [
        'mcpClient.servers.a.args[1]: ${workspaceFolder:api}: no open workspace folder is named "api" (open: "app", "docs"); ' +
          'mcpClient.servers.a.env.K: unknown variable ${nope} (supported: ${workspaceFolder}, ${workspaceFolder:name}, ${userHome}, ${env:NAME})',
        'mcpClient.servers.b.url: must be an http(s) URL',
      ],
    );
  });

  it('reports ${workspaceFolder} when no folder is open', () => {
    const server = only(resolveServers([user({ a: { command: '${workspaceFolder}/run' } })], { ...ctx, workspaceFolders: [] }));
    assert.equal(server.error, 'mcpClient.servers.a.command: ${workspaceFolder} needs an open workspace folder');
  });

  it('leaves ${input:…} for later', () => {
    const def = definitionOf(only(resolveServers([user({ gh: { url: 'https://x/mcp', headers: { Authorization: 'Bearer ${input:pat}' } } })], ctx)));
    assert.deepEqual(def.transport.type !== 'stdio' && def.transport.headers, { Authorization: 'Bearer ${input:pat}' });
  });

  describe('env and envFile', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'mcp-config-'));
      writeFileSync(join(dir, '.env'), '# comment\nFROM_FILE=file\nSHARED=file\nDROPPED=file\nQUOTED="a b"\n');
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('loads envFile when the server starts, lets env win, turns numbers into strings and removes null variables', async () => {
      const def = definitionOf(
        only(resolveServers([folder({ name: 'tmp', path: dir }, { s: { command: 'x', envFile: '${workspaceFolder}/.env', env: { SHARED: 'env', PORT: 8080, DROPPED: null, HOME_DIR: '${userHome}' } } })], ctx)),
      );
      assert.ok(def.transport.type === 'stdio');
      assert.deepEqual(def.transport.env, { SHARED: 'env', PORT: '8080', HOME_DIR: '/home/ada' }, 'the file is not read with the settings');
      const loaded = await loadDefinition(def);
      assert.ok(loaded.transport.type === 'stdio');
      assert.deepEqual(loaded.transport.env, { FROM_FILE: 'file', SHARED: 'env', QUOTED: 'a b', PORT: '8080', HOME_DIR: '/home/ada' });
    });

    it('reads a relative envFile from the folder of the setting', async () => {
      const def = definitionOf(only(resolveServers([folder({ name: 'tmp', path: dir }, { s: { command: 'x', envFile: '.env' } })], ctx)));
      const loaded = await loadDefinition(def);
      assert.ok(loaded.transport.type === 'stdio');
      assert.equal(loaded.transport.env.FROM_FILE, 'file');
    });

    // Issue 24.2: the env file was read synchronously whenever the settings were read (Restricted Mode too).
    it('reads no env file while the settings are read: a missing one is reported when the server starts, naming it', async () => {
      const missing = join(dir, 'missing.env');
      const def = definitionOf(only(resolveServers([user({ s: { command: 'x', envFile: missing } })], ctx)));
      assert.deepEqual(def.transport.type === 'stdio' && def.transport.envFile, { path: missing, unset: [] });
      await assert.rejects(loadDefinition(def), { message: `Not started: the env file of 's' ("envFile"): cannot read ${missing} (file not found).`, code: 'MCP_LOCAL_FILE' });
      // Named, with the read's own error kept as its cause.
      const error = await loadDefinition(def).then(() => undefined, (e: Error) => e);
      assert.equal(error?.name, 'EnvFileError');
      assert.ok(error?.cause instanceof LocalFileError);
    });

    it('refuses a device, a FIFO, a /proc file and a file over 1 MB at once, saying why', async function () {
      if (process.platform === 'win32') this.skip();
      const fifo = join(dir, 'fifo.env');
      execFileSync('mkfifo', [fifo]);
      writeFileSync(join(dir, 'big.env'), `A=${'x'.repeat(MAX_ENV_FILE_BYTES)}\n`);
      const cases: [string, RegExp][] = [
        ['/dev/zero', /cannot read \/dev\/zero \(\/dev\/zero is not a regular file\)/],
        [fifo, /cannot read .*fifo\.env \(not a regular file\)/],
        ['/proc/self/environ', /cannot read \/proc\/self\/environ \(\/proc\/\d+\/environ is not a regular file\)/],
        [join(dir, 'big.env'), /cannot read .*big\.env \(larger than 1 MB\)/],
        [dir, /cannot read .* \(is a folder\)/],
      ];
      for (const [path, message] of cases) {
        const def = definitionOf(only(resolveServers([user({ s: { command: 'x', envFile: path } })], ctx)));
        await assert.rejects(loadDefinition(def), message, path);
      }
    });

    it('in workspace settings, refuses an env file outside the workspace folders, also through a symlink inside them', async () => {
      const outside = mkdtempSync(join(tmpdir(), 'mcp-outside-'));
      writeFileSync(join(outside, 'secrets.env'), 'AWS_SECRET=x\n');
      symlinkSync(join(outside, 'secrets.env'), join(dir, 'link.env'));
      const place = { ...ctx, workspaceFolders: [{ name: 'tmp', path: dir }] };
      const direct = only(resolveServers([workspace({ s: { command: 'x', envFile: join(outside, 'secrets.env') } })], place));
      assert.match(direct.error ?? '', /^mcpClient\.servers\.s\.envFile: .*secrets\.env is outside the folders it may use; in workspace settings it must be inside .*Move this server to your user settings/);
      const linked = definitionOf(only(resolveServers([workspace({ s: { command: 'x', envFile: 'link.env' } })], place)));
      await assert.rejects(loadDefinition(linked), /cannot read .*link\.env \(outside the workspace folders \(it leads to .*secrets\.env\)/);
      const own = definitionOf(only(resolveServers([workspace({ s: { command: 'x', envFile: '.env' } })], place)));
      const ownLoaded = (await loadDefinition(own)).transport;
      assert.equal(ownLoaded.type === 'stdio' && ownLoaded.env.FROM_FILE, 'file');
      rmSync(outside, { recursive: true, force: true });
    });
  });

  // Issue 24.1 and 24.4: a repository's settings could make MCP Client read any file and send it as a
  // credential (oauth.workloadIdentity), or run another program (dev.debug.debugpyPath).
  describe('keys only user settings may set (config/settingScopes.ts)', () => {
    const http = { url: 'https://mcp.example.com/mcp' };
    const cases: [string, Record<string, unknown>, string][] = [
      ['oauth.workloadIdentity', { ...http, oauth: { clientId: 'c', workloadIdentity: { tokenFile: '/home/ada/.ssh/id_rsa' } } }, 'makes MCP Client read a local file and send it as a credential'],
      ['oauth.enterprise', { ...http, oauth: { clientId: 'c', enterprise: { idpTokenEndpoint: 'https://idp.example.com/token', idpClientId: 'x' } } }, 'sends your identity provider ID token'],
      ['oauth.allowIssuerMismatch', { ...http, oauth: { allowIssuerMismatch: true } }, 'turns off the check'],
      ['dev.debug.debugpyPath', { command: 'python', args: ['s.py'], dev: { debug: { type: 'debugpy', debugpyPath: '/tmp/evil' } } }, 'runs another program'],
    ];
    for (const [key, entry, does] of cases) {
      it(`refuses ${key} in workspace and folder settings and in .vscode/mcp.json, saying why and what to do`, () => {
        const inWorkspace = only(resolveServers([workspace({ s: entry })], ctx));
        assert.equal(inWorkspace.definition, undefined, 'not started from workspace settings');
        assert.ok(
          inWorkspace.error?.startsWith(`mcpClient.servers.s.${key}: not allowed in workspace settings: it ${does}`),
          inWorkspace.error,
        );
        assert.match(inWorkspace.error!, /in your user settings instead \(Preferences: Open User Settings \(JSON\)\)/);
        assert.match(only(resolveServers([folder(app, { s: entry })], ctx)).error ?? '', new RegExp(`not allowed in folder "app" settings`));
        assert.match(only(resolveServers([workspace({ s: entry })], ctx, '.vscode/mcp.json')).error ?? '', new RegExp(`^\\.vscode/mcp\\.json servers\\.s\\.${key.replace(/\./g, '\\.')}: not allowed in \\.vscode/mcp\\.json`));
        assert.ok(only(resolveServers([user({ s: entry })], ctx)).definition, 'honoured from user settings');
      });
    }

    it('refuses dev.watch outside the workspace folders in workspace settings', () => {
      const outside = only(resolveServers([workspace({ s: { command: 'node', dev: { watch: ['/home/ada/**/*.js'] } } })], ctx));
      assert.match(outside.error ?? '', /^mcpClient\.servers\.s\.dev\.watch: \/home\/ada is outside the folders it may use; in workspace settings it must be inside \/work\/app or \/work\/docs/);
      const inside = only(resolveServers([workspace({ s: { command: 'node', dev: { watch: ['build/**/*.js', '!build/x.js'] } } })], ctx));
      assert.deepEqual(inside.definition?.dev?.within, ['/work/app', '/work/docs']);
    });
  });
});
