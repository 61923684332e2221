// The finer rules of the consent question (src/trust/consentText.ts), as the person deciding reads it:
// where the server is defined, why it is asked again, every env name and header name, a command line
// whose odd characters are written out, and long values cut with the cut said.
import * as assert from 'node:assert/strict';
import { DEFAULT_TIMEOUT_MS, type LoadedDefinition, type ServerDefinition } from '../../../src/mcp/serverDefinition';
import { readablePath, summarize } from '../../../src/trust/consentText';
import { definition } from '../helpers';

const labels = { workspace: 'workspace settings', folder: (name: string) => `settings of folder '${name}'` };
/** The question for `d`, its timeout at the default (a setting at its default is not a fact). */
const ask = (d: ServerDefinition, extra: { upgraded?: true } = {}) => summarize({ definition: { ...d, timeoutMs: DEFAULT_TIMEOUT_MS } as LoadedDefinition, ...extra }, labels);
const NOT_SANDBOXED = 'not sandboxed: it runs with all your rights (files, network, credentials)';

describe('The consent question: finer rules', () => {
  it("names a folder's settings as where a folder server is defined, and says when an earlier approval was narrower", () => {
    const summary = ask(definition('app', { type: 'stdio', command: 'node', args: [], env: {} }, { scope: 'folder', folder: 'web' }), { upgraded: true });
    assert.equal(summary.where, "settings of folder 'web'");
    assert.deepEqual(summary.askedAgain, { upgraded: true });
    assert.equal(ask(definition('app', { type: 'stdio', command: 'node', args: [], env: {} }, { scope: 'workspace' })).where, 'workspace settings');
    assert.equal(ask(definition('app', { type: 'stdio', command: 'node', args: [], env: {} }, { scope: 'folder' })).where, "settings of folder ''", 'a folder server without its folder');
  });

  it('lists every env name, every name the env file sets, and every variable taken from the environment', () => {
    const summary = ask(
      definition(
        'app',
        { type: 'stdio', command: 'node', args: [], env: { A: '1', B: '2', F1: 'x', F2: 'y' }, envFile: { path: '/w/.env', unset: [], within: ['/w'], loaded: { names: ['F1', 'F2'], sha256: 'x' } } },
        { scope: 'workspace', environment: [{ variable: 'TOKEN', setting: '.args[0]', value: 'v' }, { variable: 'HOME', setting: '.cwd', value: '/h' }] },
      ),
    );
    assert.deepEqual(summary.facts, [NOT_SANDBOXED, 'env: A, B', 'envFile: /w/.env (sets F1, F2)', 'from your environment: TOKEN → args[0], HOME → cwd']);
  });

  it('says an env file that sets nothing, or was not read, sets nothing', () => {
    const read = ask(definition('app', { type: 'stdio', command: 'node', args: [], env: {}, envFile: { path: '/w/.env', unset: [], within: ['/w'], loaded: { names: [], sha256: 'x' } } }));
    assert.deepEqual(read.facts, [NOT_SANDBOXED, 'envFile: /w/.env (sets nothing)']);
    const unread = ask(definition('app', { type: 'stdio', command: 'node', args: [], env: { A: '1' }, envFile: { path: '/w/.env', unset: [], within: ['/w'] } }));
    assert.deepEqual(unread.facts, [NOT_SANDBOXED, 'env: A', 'envFile: /w/.env (sets nothing)']);
  });

  it('says that VS Code’s debugger talks to a sandboxed server under dev.debug', () => {
    const sandbox = { reason: 'policy' as const, filesystem: { allowWrite: ['/w'], denyWrite: [], denyRead: [], allowRead: [], protect: [] }, network: { allowedDomains: [], installDomains: [] }, ownDir: '/c' };
    const summary = ask(definition('app', { type: 'stdio', command: 'node', args: [], env: {} }, { sandbox, dev: { watch: [], base: '/w', within: ['/w'], debug: { type: 'node' } } }));
    assert.match(summary.facts[0]!, /^sandboxed: .*; under dev\.debug, VS Code's debugger talks to it through the sandbox$/);
  });

  it('names the legacy HTTP+SSE transport, every header name, or that there are none', () => {
    const sse = ask(definition('old', { type: 'sse', url: 'https://mcp.example.com/sse', headers: { 'X-A': 'a', 'X-B': 'b' } } as unknown as ServerDefinition['transport']));
    assert.equal(sse.runs, 'https://mcp.example.com/sse (HTTP+SSE)');
    assert.deepEqual(sse.facts.slice(0, 2), ['host: mcp.example.com', 'headers: X-A, X-B']);
    const bare = ask(definition('new', { type: 'http', url: 'https://mcp.example.com/mcp', headers: {} }));
    assert.deepEqual(bare.facts.slice(0, 2), ['host: mcp.example.com', 'no headers']);
  });

  it('shows a URL that is not one yet (an input in it) as written for its host', () => {
    const summary = ask(definition('later', { type: 'http', url: '${input:base}/mcp', headers: {} }));
    assert.equal(summary.facts[0], 'host: ${input:base}/mcp');
  });

  it('cuts a setting value longer than 200 characters with the cut said, and shows one of 200 whole', () => {
    const long = ask(definition('app', { type: 'stdio', command: 'node', args: [], env: {} }, { dev: { watch: ['w'.repeat(250)], base: '/w', within: ['/w'] } }));
    assert.ok(long.facts.includes(`dev.watch: ${'w'.repeat(200)}… (50 more characters)`), long.facts.join('\n'));
    const exact = ask(definition('app', { type: 'stdio', command: 'node', args: [], env: {} }, { dev: { watch: ['w'.repeat(200)], base: '/w', within: ['/w'] } }));
    assert.ok(exact.facts.includes(`dev.watch: ${'w'.repeat(200)}`), exact.facts.join('\n'));
  });

  it("writes an argument with an invisible character as $'…', its backslashes and quotes escaped", () => {
    const summary = ask(definition('app', { type: 'stdio', command: 'node', args: ["a\\b'c\u202E"], env: {} }));
    assert.equal(summary.runs, "node $'a\\\\b\\'c\\u202E'");
  });
});

describe('Consent dialog paths: finer rules', () => {
  it('reads a single-dash flag with a path, and a path that climbs above its start', () => {
    assert.equal(readablePath('-o=./a/../b.js', 'linux'), '-o=./b.js');
    assert.equal(readablePath('../a/./b', 'linux'), '../a/b');
  });

  it('normalizes a path whose only dot segment is its start or its end', () => {
    assert.equal(readablePath('.//server.js', 'linux'), './server.js');
    assert.equal(readablePath('/srv/app/..', 'linux'), '/srv');
  });

  it('leaves a flag whose value runs over a line break as it is (the question writes it out)', () => {
    assert.equal(readablePath('--a=./p/../q\nz', 'linux'), '--a=./p/../q\nz');
  });

  it('reads a flag only at the start of the word', () => {
    assert.equal(readablePath('x/--v=./a/../b', 'linux'), 'x/--v=./a/../b');
  });
});
