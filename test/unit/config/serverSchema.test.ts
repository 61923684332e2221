import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_KEYS, IGNORED_KEYS, parseServerEntry, type ServerEntry, type StdioServerEntry } from '../../../src/config/serverSchema';

function errorsOf(name: string, raw: unknown, prefix?: string): string[] {
  const result = parseServerEntry(name, raw, prefix);
  assert.equal(result.ok, false, 'expected the entry to be rejected');
  return result.ok ? [] : result.errors;
}

function valueOf(name: string, raw: unknown): ServerEntry {
  const result = parseServerEntry(name, raw);
  if (!result.ok) assert.fail(`expected a valid entry, got: ${result.errors.join('; ')}`);
  return result.value;
}

describe('server entry schema', () => {
  describe('valid entries', () => {
    it('infers stdio from "command" and fills in every default', () => {
      const value = valueOf('fs', { command: 'npx', args: ['-y', 'server'] });
      assert.deepEqual(value, {
        type: 'stdio',
        command: 'npx',
        args: ['-y', 'server'],
        env: {},
        disabled: false,
        autoStart: true,
        timeout: 60_000,
        roots: true,
      });
      // The inferred type narrows on `type`: this line only compiles for the stdio branch.
      if (value.type === 'stdio') {
        const stdio: StdioServerEntry = value;
        assert.equal(stdio.command, 'npx');
      }
    });

    it('infers http from "url" and keeps headers', () => {
      const value = valueOf('github', { url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer x' } });
      if (value.type === 'stdio') assert.fail('expected an http entry');
      assert.equal(value.type, 'http');
      assert.equal(value.url, 'https://api.example.com/mcp');
      assert.deepEqual(value.headers, { Authorization: 'Bearer x' });
    });

    it('accepts an explicit sse server and the per-server settings', () => {
      const value = valueOf('legacy', { type: 'sse', url: 'http://127.0.0.1:3000/sse', disabled: true, autoStart: false, timeout: 5000, roots: false });
      assert.deepEqual(
        { type: value.type, disabled: value.disabled, autoStart: value.autoStart, timeout: value.timeout, roots: value.roots },
        { type: 'sse', disabled: true, autoStart: false, timeout: 5000, roots: false },
      );
    });

    it('accepts env values that are strings, numbers and null', () => {
      const value = valueOf('fs', { type: 'stdio', command: 'node', env: { A: 'a', PORT: 8080, HOME: null }, envFile: '.env', cwd: 'sub' });
      assert.ok(value.type === 'stdio');
      assert.deepEqual(value.env, { A: 'a', PORT: 8080, HOME: null });
      assert.equal(value.envFile, '.env');
      assert.equal(value.cwd, 'sub');
    });

    it('accepts and drops the mcp.json keys we knowingly ignore', () => {
      const value = valueOf('fs', { command: 'node', gallery: true, version: '1.2.3' });
      assert.deepEqual(Object.keys(value).sort(), ['args', 'autoStart', 'command', 'disabled', 'env', 'roots', 'timeout', 'type']);
    });

    it('keeps mcp.json dev mode: watch as a list, debug for stdio servers', () => {
      const stdio = valueOf('fs', { command: 'node', dev: { watch: 'src/**', debug: { type: 'node' } } });
      assert.ok(stdio.type === 'stdio');
      assert.deepEqual(stdio.dev, { watch: ['src/**'], debug: { type: 'node' } });
      const py = valueOf('py', { command: 'python', dev: { debug: { type: 'debugpy', debugpyPath: '/opt/debugpy' } } });
      assert.deepEqual(py.dev, { debug: { type: 'debugpy', debugpyPath: '/opt/debugpy' } });
      assert.deepEqual(valueOf('web', { url: 'https://example.com/mcp', dev: { watch: ['a/**', '!a/b'] } }).dev, { watch: ['a/**', '!a/b'] });
    });

    it('refuses dev settings it would not act on', () => {
      assert.deepEqual(errorsOf('web', { url: 'https://example.com/mcp', dev: { debug: { type: 'node' } } }), ['mcpClient.servers.web.dev.debug: unknown setting']);
      assert.deepEqual(errorsOf('fs', { command: 'node', dev: { debug: { type: 'chrome' } } }), [
        'mcpClient.servers.fs.dev.debug.type: must be { "type": "node" } or { "type": "debugpy" }',
      ]);
      assert.deepEqual(errorsOf('fs', { command: 'node', dev: { watch: 3 } }), ['mcpClient.servers.fs.dev.watch: must be a glob or a list of globs']);
    });

    it('accepts a url made of variables (checked again after resolution)', () => {
      assert.equal(valueOf('remote', { url: '${env:MCP_URL}' }).type, 'http');
    });
  });

  describe('error messages', () => {
    it('names the server and the setting path for a bad url', () => {
      assert.deepEqual(errorsOf('github', { type: 'http', url: 'ftp://example.com' }), ['mcpClient.servers.github.url: must be an http(s) URL']);
      assert.deepEqual(errorsOf('github', { url: 'not a url' }), ['mcpClient.servers.github.url: must be an http(s) URL']);
    });

    it('requires a command for an explicit stdio server', () => {
      assert.deepEqual(errorsOf('fs', { type: 'stdio', args: ['x'] }), ['mcpClient.servers.fs.command: required (a stdio server needs a command)']);
    });

    it('requires a url for an explicit http server', () => {
      assert.deepEqual(errorsOf('web', { type: 'http' }), ['mcpClient.servers.web.url: required (an HTTP server needs a url)']);
    });

    it('asks for a command or a url when neither is there', () => {
      assert.deepEqual(errorsOf('x', { args: ['a'] }), ['mcpClient.servers.x: must have either "command" (stdio) or "url" (http)']);
      assert.deepEqual(errorsOf('x', { command: 'a', url: 'http://b' }), [
        'mcpClient.servers.x: must have either "command" (stdio) or "url" (http), not both',
      ]);
    });

    it('rejects timeouts that are not positive whole milliseconds', () => {
      for (const timeout of [0, -5, 1.5, '5000', null]) {
        assert.deepEqual(errorsOf('x', { command: 'a', timeout }), ['mcpClient.servers.x.timeout: must be a positive whole number of milliseconds'], String(timeout));
      }
      assert.deepEqual(errorsOf('x', { command: 'a', timeout: 2 ** 31 }), [
        'mcpClient.servers.x.timeout: must be at most 2147483647 milliseconds (about 24 days)',
      ]);
    });

    it('reports a typo as an unknown setting with a suggestion', () => {
      assert.deepEqual(errorsOf('fs', { type: 'stdio', comand: 'node' }), [
        'mcpClient.servers.fs.command: required (a stdio server needs a command)',
        'mcpClient.servers.fs.comand: unknown setting (did you mean "command"?)',
      ]);
      assert.deepEqual(errorsOf('fs', { command: 'node', colour: 'red' }), ['mcpClient.servers.fs.colour: unknown setting']);
      assert.deepEqual(errorsOf('fs', { command: 'node', arsg: ['x'] }), ['mcpClient.servers.fs.arsg: unknown setting (did you mean "args"?)']);
    });

    it('names the typo when it is why neither command nor url was found', () => {
      assert.deepEqual(errorsOf('fs', { comand: 'node', arsg: ['x'] }), [
        'mcpClient.servers.fs: must have either "command" (stdio) or "url" (http)',
        'mcpClient.servers.fs.comand: unknown setting (did you mean "command"?)',
        'mcpClient.servers.fs.arsg: unknown setting (did you mean "args"?)',
      ]);
      assert.deepEqual(errorsOf('web', { ulr: 'http://a' }), [
        'mcpClient.servers.web: must have either "command" (stdio) or "url" (http)',
        'mcpClient.servers.web.ulr: unknown setting (did you mean "url"?)',
      ]);
    });

    it('contributes an editor schema that lists exactly the keys the run-time schema knows', () => {
      // package.json's schema flags unknown keys in settings.json (additionalProperties false): a key
      // added to the zod schema must be added there too, or the editor would underline a valid setting.
      const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
        contributes: { configuration: { properties: Record<string, { additionalProperties: { additionalProperties: unknown; properties: Record<string, unknown> } }> } };
      };
      const entry = manifest.contributes.configuration.properties['mcpClient.servers']!.additionalProperties;
      assert.equal(entry.additionalProperties, false);
      assert.deepEqual(Object.keys(entry.properties).sort(), [...ALL_KEYS, ...IGNORED_KEYS].sort());
    });

    it('says which settings belong to the other transport', () => {
      assert.deepEqual(errorsOf('fs', { command: 'node', headers: {} }), ['mcpClient.servers.fs.headers: not used by a stdio server']);
      assert.deepEqual(errorsOf('web', { type: 'sse', url: 'http://a', args: [] }), ['mcpClient.servers.web.args: not used by an sse server']);
    });

    it('reports every problem of an entry, with element and key paths', () => {
      assert.deepEqual(errorsOf('fs', { command: 'node', args: ['ok', 3], env: { A: true }, disabled: 'no', cwd: 1 }), [
        'mcpClient.servers.fs.args[1]: must be a string',
        'mcpClient.servers.fs.env.A: must be a string, a number or null',
        'mcpClient.servers.fs.cwd: must be a string',
        'mcpClient.servers.fs.disabled: must be true or false',
      ]);
      assert.deepEqual(errorsOf('fs', { command: '  ', args: 'x', env: ['A=1'] }), [
        'mcpClient.servers.fs.command: must not be empty',
        'mcpClient.servers.fs.args: must be a list of strings',
        'mcpClient.servers.fs.env: must be an object of NAME: value pairs',
      ]);
    });

    it('rejects a bad type and a non-object entry', () => {
      assert.deepEqual(errorsOf('x', { type: 'websocket', url: 'ws://a' }), ['mcpClient.servers.x.type: must be "stdio", "http" or "sse"']);
      assert.deepEqual(errorsOf('x', 'npx server'), ['mcpClient.servers.x: must be an object with either "command" (stdio) or "url" (http)']);
      assert.deepEqual(errorsOf('x', null), ['mcpClient.servers.x: must be an object with either "command" (stdio) or "url" (http)']);
    });

    it('validates the server name', () => {
      assert.deepEqual(errorsOf('', { command: 'a' }), ['mcpClient.servers[""]: a server name must not be empty']);
      assert.deepEqual(errorsOf('a/b', { command: 'a' }), [
        'mcpClient.servers.a/b: a server name must not contain "/" (it separates server and prompt in "server/prompt")',
      ]);
    });

    it('quotes names that would make the path ambiguous, and honours the prefix', () => {
      assert.deepEqual(errorsOf('my.server', { url: 'x' }), ['mcpClient.servers["my.server"].url: must be an http(s) URL']);
      assert.deepEqual(errorsOf('gh', { url: 'x' }, 'servers'), ['servers.gh.url: must be an http(s) URL']);
    });
  });
});
