// What identifies a server's definition, and how its transport is shown. The identity keys stored state:
// each window's catalogs (catalogStore.ts) and era verdicts (eraMemory.ts) are found again by it, and the
// session manager restarts a server when it changes. A change to these functions would silently drop
// every user's stored catalogs and restart every server: the pinned values below must then change on purpose.
import * as assert from 'node:assert/strict';
import { catalogKey } from '../../../src/mcp/catalogStore';
import { eraKey } from '../../../src/mcp/eraMemory';
import { canonicalJson, definitionKey, describeTransport, startTimeoutOf, type ServerDefinition } from '../../../src/mcp/serverDefinition';

const local: ServerDefinition = {
  name: 'files',
  scope: 'folder',
  folder: 'app',
  transport: { type: 'stdio', command: 'node', args: ['server.js', '--root', '/srv'], env: { LOG: '1' }, cwd: '/srv' },
  timeoutMs: 60_000,
  startTimeoutMs: 20_000,
  roots: true,
  autoStart: true,
  start: 'onFirstUse',
  disabled: false,
  dev: { watch: ['src/**'], base: '/srv' },
};
const remote: ServerDefinition = {
  name: 'remote',
  scope: 'user',
  transport: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } },
  timeoutMs: 30_000,
  roots: false,
  autoStart: true,
  disabled: false,
  oauth: { clientId: 'abc', scopes: ['read'] },
};

describe('server definitions', () => {
  it('keeps the identity that stored catalogs and era verdicts are found by', () => {
    assert.equal(
      definitionKey(local),
      '{"dev":{"base":"/srv","watch":["src/**"]},"disabled":false,"folder":"app","name":"files","roots":true,"scope":"folder","startTimeoutMs":20000,"timeoutMs":60000,"transport":{"args":["server.js","--root","/srv"],"command":"node","cwd":"/srv","env":{"LOG":"1"},"type":"stdio"}}',
    );
    assert.equal(
      definitionKey(remote),
      '{"disabled":false,"name":"remote","oauth":{"clientId":"abc","scopes":["read"]},"roots":false,"scope":"user","timeoutMs":30000,"transport":{"headers":{"Authorization":"Bearer x"},"type":"http","url":"https://mcp.example.com/mcp"}}',
    );
    assert.equal(catalogKey(local), 'mcpClient.catalog/2199ef99ec23c9dc02317d9365161330');
    assert.equal(catalogKey(remote), 'mcpClient.catalog/a8c1f86666dc0950c37f407a1df927f1');
    assert.equal(eraKey(local.transport as Extract<ServerDefinition['transport'], { type: 'stdio' }>), 'mcpClient.era.06ff8c669b42bfefbe11fb2bd2e2082c');
  });

  it('changes the identity with everything but when it starts (a key added later counts by itself), and not with key order', () => {
    const changes: [string, Partial<ServerDefinition>][] = [
      ['scope', { scope: 'workspace' }],
      ['folder', { folder: 'other' }],
      ['transport', { transport: { ...local.transport, args: ['server.js'] } as ServerDefinition['transport'] }],
      ['timeout', { timeoutMs: 1000 }],
      ['start timeout', { startTimeoutMs: 1000 }],
      ['roots', { roots: false }],
      ['disabled', { disabled: true }],
      ['left to VS Code', { leftToVscode: 'mcp.json' }],
      ['OAuth settings', { oauth: { clientId: 'x' } }],
      ['dev mode', { dev: { watch: [], base: '/srv' } }],
      ['name', { name: 'renamed' }],
      ['a key added to the definition later', { sandbox: undefined, extra: 1 } as unknown as Partial<ServerDefinition>],
    ];
    const keys = new Set([definitionKey(local), ...changes.map(([, change]) => definitionKey({ ...local, ...change }))]);
    assert.equal(keys.size, changes.length + 1, 'each change gives a key of its own');
    for (const same of [{ autoStart: false }, { start: 'atWindowOpen' as const }, { transport: { cwd: '/srv', env: { LOG: '1' }, args: ['server.js', '--root', '/srv'], command: 'node', type: 'stdio' } as ServerDefinition['transport'] }]) {
      assert.equal(definitionKey({ ...local, ...same }), definitionKey(local), JSON.stringify(same));
    }
  });

  it('describes a stdio transport with credential values masked, single-dash flags included', () => {
    const args = ['server.js', '--token=abc123', '--api-key', 'k-456', '-password', 'hunter2', '-secret=s3', '--port', '8080', 'https://user:pw@example.com/x?key=1'];
    assert.equal(
      describeTransport({ type: 'stdio', command: 'node', args, env: { API_KEY: 'env-secret' } }),
      'stdio: node server.js --token=*** --api-key *** -password *** -secret=*** --port 8080 https://example.com/x?…',
    );
  });

  it('describes an HTTP or SSE transport by its URL without user info, query or fragment, and no headers', () => {
    assert.equal(describeTransport(remote.transport), 'http: https://mcp.example.com/mcp');
    assert.equal(describeTransport({ type: 'sse', url: 'https://me:pw@mcp.example.com/sse?token=t#frag', headers: {} }), 'sse: https://mcp.example.com/sse?…');
    assert.equal(describeTransport({ type: 'http', url: 'https://me:pw@mcp.example.com/mcp', headers: {} }), 'http: https://mcp.example.com/mcp');
  });

  it('gives a start at most 30 s, never more than the request timeout, unless set', () => {
    assert.equal(startTimeoutOf(remote), 30_000);
    assert.equal(startTimeoutOf({ ...remote, timeoutMs: 120_000 }), 30_000);
    assert.equal(startTimeoutOf({ ...remote, timeoutMs: 5000 }), 5000);
    assert.equal(startTimeoutOf({ ...remote, timeoutMs: 5000, startTimeoutMs: 90_000 }), 90_000);
  });
});

describe('canonical JSON of a definition', () => {
  it('gives the same text whatever order the keys were written in, at every depth', () => {
    assert.equal(canonicalJson({ b: 1, a: { d: 2, c: [{ f: 3, e: 4 }] } }), '{"a":{"c":[{"e":4,"f":3}],"d":2},"b":1}');
    assert.equal(canonicalJson({ z: 1, y: 2, x: 3, w: 4 }), canonicalJson({ w: 4, x: 3, y: 2, z: 1 }));
  });
});
