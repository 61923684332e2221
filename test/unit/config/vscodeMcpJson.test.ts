// Sharing a workspace with VS Code's own MCP support: .vscode/mcp.json read in place, its servers and our
// copies of what VS Code runs left to VS Code while VS Code runs them, run here otherwise.
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

  // Issue 25, defect 8: left to VS Code only while VS Code really runs the same definition (a process of the
  // extension host that MCP Client did not start, same command line and environment), otherwise run here.
  const vscodeRuns = (argv: string[], env: Record<string, string> = { PATH: '/usr/bin' }, pid = 42) => [{ pid, argv, commandLine: argv.join(' '), env, cwd: '/ws/app' }];

  it('leaves its servers to VS Code only while VS Code runs them, and runs them when its MCP support is off', () => {
    const idle = withVscodeMcp([], mcpJson({ memory }, true), ctx);
    assert.deepEqual(held(idle), { memory: false }, 'VS Code has not started it: MCP Client runs it');
    assert.equal(idle[0]!.definition!.definedIn, '.vscode/mcp.json', 'shown as defined there, not in workspace settings');
    const running = withVscodeMcp([], { ...mcpJson({ memory }, true), running: vscodeRuns(['npx', '-y', '@modelcontextprotocol/server-memory']) }, ctx);
    assert.deepEqual(held(running), { memory: true });
    assert.equal(running[0]!.scope, 'workspace', 'a workspace server: trust and consent apply');
    assert.match(running[0]!.definition!.leftToVscode!, /VS Code.*process 42.*\.vscode\/mcp\.json/);
    const other = withVscodeMcp([], { ...mcpJson({ memory }, true), running: vscodeRuns(['npx', '-y', '@modelcontextprotocol/server-everything']) }, ctx);
    assert.deepEqual(held(other), { memory: false }, 'another command line is another server');
    assert.deepEqual(held(withVscodeMcp([], { ...mcpJson({ memory }, false), running: vscodeRuns(['npx', '-y', '@modelcontextprotocol/server-memory']) }, ctx)), { memory: false });
  });

  it('leaves to VS Code a server of the settings with the very definition VS Code runs, and no other', () => {
    const settings = resolveServers([{ scope: 'user', servers: { 'my-memory': memory, 'memory-env': { ...memory, env: { MEMORY_FILE: '/tmp/m.json' } }, other: { command: 'node', args: ['x.js'] } } }], ctx);
    const running = vscodeRuns(['npx', '-y', '@modelcontextprotocol/server-memory']);
    const result = withVscodeMcp(settings, { ...mcpJson({ memory }, true), running }, ctx);
    assert.deepEqual(held(result), { memory: true, 'my-memory': true, 'memory-env': false, other: false }, 'the same command with another env is not the same server');
    const user: VscodeMcp = { enabled: true, workspace: [], user: { label: 'user mcp.json', source: { scope: 'user', servers: { m: memory } } }, running };
    assert.deepEqual(held(withVscodeMcp(settings, user, ctx)), { 'my-memory': true, 'memory-env': false, other: false }, 'the user mcp.json is not ours to run, only to avoid');
    // The process VS Code runs has MEMORY_FILE too: now both definitions match one process; the env one is the same server.
    const withEnv = vscodeRuns(['npx', '-y', '@modelcontextprotocol/server-memory'], { MEMORY_FILE: '/tmp/m.json' });
    const envFile = withVscodeMcp(settings, { ...mcpJson({ m: { ...memory, env: { MEMORY_FILE: '/tmp/m.json' } } }, true), running: withEnv }, ctx);
    assert.deepEqual(held(envFile), { m: true, 'my-memory': false, 'memory-env': true, other: false });
  });

  it('lets a server of the same name in the settings win, and names mcp.json in its errors', () => {
    const settings = resolveServers([{ scope: 'user', servers: { memory: { command: 'node', args: ['mine.js'] } } }], ctx);
    const result = withVscodeMcp(settings, mcpJson({ memory, broken: { comand: 'x' } }, false), ctx);
    assert.deepEqual(result.map((s) => s.name), ['broken', 'memory']);
    assert.deepEqual(result[1]!.definition!.transport, { type: 'stdio', command: 'node', args: ['mine.js'], env: {}, cwd: '/ws/app' });
    assert.match(result[0]!.error!, /\.vscode\/mcp\.json servers\.broken\.comand: unknown setting \(did you mean "command"\?\)/);
  });
});
