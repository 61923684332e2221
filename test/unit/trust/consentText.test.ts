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

  it('shows an HTTP server by host and header names, its oauth settings, never header values', () => {
    const summary = ask(
      definition('remote', { type: 'http', url: 'https://u:p@mcp.example.com/mcp?key=abc', headers: { Authorization: 'Bearer SECRET-VALUE' } }, { scope: 'workspace', oauth: { scopes: ['repo', 'read'] }, roots: false }),
    );
    assert.equal(summary.runs, 'https://mcp.example.com/mcp?… (HTTP)');
    assert.deepEqual(summary.facts, ['host: mcp.example.com', 'headers: Authorization', 'oauth.scopes: repo, read', 'roots: false', 'timeout: 10000']);
    assert.ok(!JSON.stringify(summary).includes('SECRET-VALUE'));
  });
});
