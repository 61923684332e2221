import * as assert from 'node:assert/strict';
import type { LoadedDefinition, ServerDefinition } from '../../../src/mcp/serverDefinition';
import { summarize } from '../../../src/trust/consentText';
import { definition } from '../helpers';

// What the consent question says: derived from the whole definition, so a setting nobody listed shows up.
describe('The consent question', () => {
  const labels = { workspace: 'workspace settings', folder: (name: string) => `settings of folder '${name}'` };
  const ask = (d: ServerDefinition, changed?: string[]) => summarize({ definition: d as LoadedDefinition, ...(changed ? { changed } : {}) }, labels);

  it('names the env file and what it sets, environment variables by name and where they go, and every non-default setting', () => {
    const summary = ask(
      definition(
        'repo',
        {
          type: 'stdio',
          command: 'node',
          args: ['server.js', '--token', 'ghp-VALUE'],
          env: { MODE: 'dev', FROM_FILE: 'file-VALUE' },
          cwd: '/w',
          envFile: { path: '/w/.env', unset: [], within: ['/w'], loaded: { names: ['FROM_FILE'], sha256: 'x' } },
        },
        {
          scope: 'workspace',
          timeoutMs: 5000,
          dev: { watch: ['src/**'], base: '/w', within: ['/w'], debug: { type: 'node' } },
          environment: [{ variable: 'GITHUB_TOKEN', setting: '.args[2]', value: 'ghp-VALUE' }],
        },
      ),
      ['args', 'dev.watch (added)'],
    );
    assert.equal(summary.runs, 'node server.js --token ghp-VALUE');
    assert.deepEqual(summary.facts, [
      'not sandboxed: it runs with all your rights (files, network, credentials)',
      'cwd: /w',
      'env: MODE',
      'envFile: /w/.env (sets FROM_FILE)',
      'from your environment: GITHUB_TOKEN → args[2]',
      'dev.debug.type: node',
      'dev.watch: src/**',
      'timeout: 5000',
    ]);
    assert.deepEqual(summary.askedAgain, { changed: ['args', 'dev.watch (added)'] });
    assert.ok(!summary.facts.join(' ').includes('file-VALUE'), 'env values are not shown');
  });

  it('says whether a stdio server is sandboxed, and what its sandbox lets it reach (issue 28)', () => {
    const sandbox = {
      reason: 'policy' as const,
      filesystem: { allowWrite: ['/w', '/cache/repo-1'], denyWrite: ['/w/.env'], denyRead: ['/w/secrets'], allowRead: [], protect: ['/w'] },
      network: { allowedDomains: ['api.github.com'], installDomains: ['registry.npmjs.org'] },
      ownDir: '/cache/repo-1',
    };
    const summary = ask(definition('repo', { type: 'stdio', command: 'npx', args: ['-y', 'pkg'], env: {} }, { scope: 'workspace', sandbox }));
    assert.equal(
      summary.facts[0],
      'sandboxed: writes only to /w, /cache/repo-1 (never to /w/.env); cannot read your credential stores (~/.ssh, ~/.aws, ~/.config/gh, ~/.gnupg, ' +
        "cloud and package-registry tokens), browser profiles and VS Code's own storage, nor /w/secrets; network: api.github.com; while it starts, to download it: registry.npmjs.org",
    );
    assert.equal(summary.facts.filter((f) => f.includes('sandbox')).length, 1, 'the sandbox is one fact, not its keys one by one');
  });

  it('shows an HTTP server by host and header names, its oauth settings, never header values', () => {
    const summary = ask(
      definition('remote', { type: 'http', url: 'https://u:p@mcp.example.com/mcp?key=abc', headers: { Authorization: 'Bearer SECRET-VALUE' } }, { scope: 'workspace', oauth: { scopes: ['repo', 'read'] }, roots: false }),
    );
    assert.equal(summary.runs, 'https://mcp.example.com/mcp?… (HTTP)');
    assert.deepEqual(summary.facts, ['host: mcp.example.com', 'headers: Authorization', 'oauth.scopes: repo, read', 'roots: false', 'timeout: 10000']);
    assert.ok(!JSON.stringify(summary).includes('SECRET-VALUE'));
  });
});

// Kept from the mutation branch (issue 31): the command line exactly as a shell would need it, so an
// argument cannot pass for two, and where a folder-scoped server is defined.
describe('The consent question, command line and place', () => {
  const labels = { workspace: 'workspace settings', folder: (name: string) => `settings of folder '${name}'` };
  const ask = (d: ServerDefinition) => summarize({ definition: d as LoadedDefinition }, labels);

  it('shows the exact command line, quoting what a shell would split or expand', () => {
    const d = definition('repo', { type: 'stdio', command: 'node', args: ['server.js', '--dir', 'my files', "it's", '$HOME', 'a;b', '', '@scope/pkg@1.2', 'k=v,w:x/y~z%+-'], env: {} }, { scope: 'workspace' });
    assert.equal(ask(d).runs, `node server.js --dir 'my files' 'it'\\''s' '$HOME' 'a;b' '' @scope/pkg@1.2 k=v,w:x/y~z%+-`);
  });

  it('says which folder defines it, and its environment variable names, not their values', () => {
    const d = definition('repo', { type: 'stdio', command: 'python', args: [], env: { API_KEY: 'sk-secret', DEBUG: '1' }, cwd: '/srv/app' }, { scope: 'folder', folder: 'app' });
    const summary = ask(d);
    assert.equal(summary.where, "settings of folder 'app'");
    assert.ok(summary.facts.includes('env: API_KEY, DEBUG'));
    assert.ok(!JSON.stringify(summary).includes('sk-secret'));
    const bare = definition('bare', { type: 'stdio', command: 'tool', args: [], env: {} }, { scope: 'workspace' });
    assert.equal(ask(bare).where, 'workspace settings');
    assert.equal(ask({ ...bare, scope: 'folder' } as ServerDefinition).where, "settings of folder ''");
  });

  it('shows a legacy SSE server as HTTP+SSE, and says when it sends no headers', () => {
    const sse = definition('legacy', { type: 'sse', url: 'https://old.example.com/sse', headers: {} }, { scope: 'workspace' });
    assert.equal(ask(sse).runs, 'https://old.example.com/sse (HTTP+SSE)');
    assert.deepEqual(ask(sse).facts.slice(0, 2), ['host: old.example.com', 'no headers']);
  });
});
