// Issue 25: the consent dialog showed `…/workspace/../../dist/demo-server.js`; it shows the file a path
// names, and leaves every other word exactly as it runs.
import * as assert from 'node:assert/strict';
import type { LoadedDefinition } from '../../../src/mcp/serverDefinition';
import { readablePath, summarize } from '../../../src/trust/consentText';

describe('Consent dialog paths', () => {
  it('shows a path with . and .. segments as the file it names', () => {
    assert.equal(readablePath('/home/u/workspace/../../dist/demo-server.js', 'linux'), '/home/dist/demo-server.js');
    assert.equal(readablePath('--config=/etc/app/../app.json', 'linux'), '--config=/etc/app.json');
    assert.equal(readablePath('./tools/../server.js', 'linux'), './server.js', 'still a path, not a name looked up on the PATH');
    assert.equal(readablePath('C:\\work\\..\\dist\\server.js', 'win32'), 'C:\\dist\\server.js');
  });

  it('leaves everything else alone', () => {
    for (const word of ['node', '-y', '@modelcontextprotocol/server-memory', '/usr/bin/node', './server.js', 'a/../b', '--name=..']) assert.equal(readablePath(word, 'linux'), word);
  });

  it('summarizes a workspace server with its readable command line', () => {
    const definition = { name: 'demo', scope: 'workspace', transport: { type: 'stdio', command: 'node', args: ['/ws/app/../../dist/demo-server.js'], env: {}, cwd: '/ws/app/./sub' }, timeoutMs: 60_000, roots: true, autoStart: true, disabled: false };
    const summary = summarize({ definition: definition as unknown as LoadedDefinition }, { workspace: 'workspace settings', folder: (n) => n });
    assert.equal(summary.runs, 'node /dist/demo-server.js');
    assert.deepEqual(summary.facts, ['not sandboxed: it runs with all your rights (files, network, credentials)', 'cwd: /ws/app/sub']);
  });
});
