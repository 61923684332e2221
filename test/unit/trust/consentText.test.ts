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

// Issue 24, finding 6: nothing in an argument can add lines to the question or reorder its text.
describe('The consent question’s command line', () => {
  const labels = { workspace: 'workspace', folder: (name: string) => `folder '${name}'` };
  const runsOf = (args: string[]) => summarize({ definition: definition('s', { type: 'stdio', command: 'node', args, env: {} }, { scope: 'workspace' }) as LoadedDefinition }, labels).runs;

  it('writes newlines, bidi controls and invisible characters of an argument as escapes, on one line', () => {
    const runs = runsOf(['safe.js\n\n    node ok.js', 'a\u202Eb', `x${String.fromCodePoint(0xe0041)}`, "it's"]);
    assert.equal(runs, `node $'safe.js\\n\\n    node ok.js' $'a\\u202Eb' $'x\\u{E0041}' 'it'\\''s'`);
    assert.ok(!/[\n\u202E\u{E0041}]/u.test(runs), runs);
  });

  it('leaves plain arguments as they are', () => {
    assert.equal(runsOf(['-y', '@scope/pkg@1.0.0', '--port=3000', 'two words']), "node -y @scope/pkg@1.0.0 --port=3000 'two words'");
  });
});
