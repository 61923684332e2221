// Issue 28: what the sandbox costs a start, from nothing to its tools listed, on the public reference
// server (@modelcontextprotocol/server-everything, started directly with node), sandboxed (the launcher,
// @anthropic-ai/sandbox-runtime's proxies and bubblewrap) against the same session unsandboxed, interleaved
// in one run. Linux with bubblewrap, socat and ripgrep (npm run setup installs them); elsewhere the row says so.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EraMemory } from '../src/mcp/eraMemory';
import type { Logger } from '../src/mcp/logger';
import type { SandboxDefinition } from '../src/mcp/sandbox/sandboxDefinition';
import { McpSession } from '../src/mcp/session';
import { median, ms, ratio, time } from './measure';
import type { Row } from './scenarios';

const ROUNDS = 10;
const root = join(__dirname, '..', '..');
const everything = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const quiet: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, traceEnabled: false };
const onPath = (name: string) => (process.env.PATH ?? '').split(':').some((dir) => existsSync(join(dir, name)));

async function start(memory: EraMemory, sandbox: SandboxDefinition | undefined): Promise<{ ms: number; close: () => Promise<void> }> {
  const session = new McpSession({
    definition: {
      name: 'everything',
      scope: 'user',
      transport: { type: 'stdio', command: process.execPath, args: [everything, 'stdio'], env: {}, cwd: root },
      timeoutMs: 60_000,
      roots: true,
      autoStart: true,
      disabled: false,
      ...(sandbox ? { sandbox } : {}),
    },
    logger: quiet,
    clientInfo: { name: 'bench', version: '0' },
    eraMemory: memory,
  });
  const took = await time(async () => {
    await session.start();
    if (session.state.kind !== 'running') throw new Error(`server-everything did not start: ${JSON.stringify(session.state)}`);
    await session.listTools();
  });
  return { ms: took, close: () => session.shutdown() };
}

export async function sandboxRows(): Promise<Row[]> {
  const what = `start → tools listed, server-everything direct node, sandboxed vs not (${ROUNDS} interleaved rounds)`;
  if (process.platform !== 'linux' || !['bwrap', 'socat', 'rg'].every(onPath)) {
    return [{ what, ours: 'not measured: needs Linux with bubblewrap, socat and ripgrep (npm run setup)', baseline: '', ratio: '', goal: 'report' }];
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
  const sandbox: SandboxDefinition = {
    reason: 'policy',
    filesystem: { allowWrite: [join(dir, 'own')], denyWrite: [], denyRead: [join(dir, 'secrets')], allowRead: [], protect: [] },
    network: { allowedDomains: [], installDomains: [] },
    ownDir: join(dir, 'own'),
  };
  try {
    const memory = new EraMemory();
    const sandboxed: number[] = [];
    const plain: number[] = [];
    for (let i = -1; i < ROUNDS; i++) {
      for (const boxed of i % 2 === 0 ? [true, false] : [false, true]) {
        const { ms: took, close } = await start(memory, boxed ? sandbox : undefined);
        await close();
        if (i >= 0) (boxed ? sandboxed : plain).push(took); // round -1 warms both up
      }
    }
    const [boxedMs, plainMs] = [median(sandboxed), median(plain)];
    return [{ what, ours: `${ms(boxedMs)} sandboxed`, baseline: `${ms(plainMs)} (the same, not sandboxed)`, ratio: ratio(boxedMs, plainMs), goal: 'report', value: boxedMs / plainMs }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node out/bench/sandbox.js`: this row alone.
if (require.main === module) {
  sandboxRows().then(
    (rows) => {
      for (const r of rows) console.log(`| ${r.what} | ${r.ours} | ${r.baseline} | ${r.ratio} | ${r.goal} |`);
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
