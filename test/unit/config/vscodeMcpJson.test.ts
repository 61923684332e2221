// Sharing a workspace with VS Code's own MCP support: .vscode/mcp.json read in place, its servers and
// our copies of what VS Code runs left to VS Code while its MCP support is on, run here when it is off.
import * as assert from 'node:assert/strict';
import type { ConfiguredServer } from '../../../src/mcp/sessionManager';
import { resolveServers } from '../../../src/config/resolveServers';
import { mcpJsonServers, withVscodeMcp, type VscodeMcp } from '../../../src/config/vscodeMcpJson';

const ctx = { workspaceFolders: [{ name: 'app', path: '/ws/app' }], userHome: '/home/u', env: {} };
const memory = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] };
const mcpJson = (servers: Record<string, unknown>, enabled: boolean): VscodeMcp => ({ enabled, workspace: [{ label: '.vscode/mcp.json', source: { scope: 'workspace', servers } }] });
const held = (servers: ConfiguredServer[]) => Object.fromEntries(servers.map((s) => [s.name, s.definition?.leftToVscode !== undefined]));

describe('.vscode/mcp.json shared with VS Code', () => {
  it('reads the servers of an mcp.json with comments and trailing commas', () => {
    assert.deepEqual(mcpJsonServers('{ // servers\n "servers": { "memory": { "command": "npx", }, }, "inputs": [] }'), { memory: { command: 'npx' } });
    assert.equal(mcpJsonServers('{ "mcpServers": {} }'), undefined);
  });

  it('leaves its servers to VS Code while VS Code runs them, and runs them when its MCP support is off', () => {
    const on = withVscodeMcp([], mcpJson({ memory }, true), ctx);
    assert.deepEqual(held(on), { memory: true });
    assert.equal(on[0]!.scope, 'workspace', 'a workspace server: trust and consent apply');
    assert.match(on[0]!.definition!.leftToVscode!, /VS Code.*\.vscode\/mcp\.json/);
    assert.deepEqual(held(withVscodeMcp([], mcpJson({ memory }, false), ctx)), { memory: false });
  });

  it('leaves to VS Code a server of the settings that VS Code runs from an mcp.json too (imported copy)', () => {
    const settings = resolveServers([{ scope: 'user', servers: { 'my-memory': memory, other: { command: 'node', args: ['x.js'] } } }], ctx);
    const result = withVscodeMcp(settings, mcpJson({ memory }, true), ctx);
    assert.deepEqual(held(result), { memory: true, 'my-memory': true, other: false });
    const user: VscodeMcp = { enabled: true, workspace: [], user: { label: 'user mcp.json', source: { scope: 'user', servers: { m: memory } } } };
    assert.deepEqual(held(withVscodeMcp(settings, user, ctx)), { 'my-memory': true, other: false }, 'the user mcp.json is not ours to run, only to avoid');
  });

  it('lets a server of the same name in the settings win, and names mcp.json in its errors', () => {
    const settings = resolveServers([{ scope: 'user', servers: { memory: { command: 'node', args: ['mine.js'] } } }], ctx);
    const result = withVscodeMcp(settings, mcpJson({ memory, broken: { comand: 'x' } }, false), ctx);
    assert.deepEqual(result.map((s) => s.name), ['broken', 'memory']);
    assert.deepEqual(result[1]!.definition!.transport, { type: 'stdio', command: 'node', args: ['mine.js'], env: {}, cwd: '/ws/app' });
    assert.match(result[0]!.error!, /\.vscode\/mcp\.json servers\.broken\.comand: unknown setting \(did you mean "command"\?\)/);
  });
});
