// Shared helpers for the unit tests: fixture paths, definitions, an in-memory logger, sessions, waiting
// for a state (through test/shared/until.ts, the one polling helper).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Logger } from '../../src/mcp/logger';
import { McpSession } from '../../src/mcp/session';
import type { SessionOptions } from '../../src/mcp/sessionLifecycle';
import type { SessionState } from '../../src/mcp/sessionState';
import type { ServerDefinition, TransportConfig } from '../../src/mcp/serverDefinition';
import { until } from '../shared/until';

/** Compiled fixtures live next to the compiled tests: out/test/fixtures/servers/*.js. */
export function fixture(name: string): string {
  return join(__dirname, '..', 'fixtures', 'servers', `${name}.js`);
}

export function stdio(script: string, args: string[] = []): TransportConfig {
  return { type: 'stdio', command: process.execPath, args: [fixture(script), ...args], env: {} };
}

export function definition(name: string, transport: TransportConfig, overrides: Partial<ServerDefinition> = {}): ServerDefinition {
  return { name, scope: 'user', transport, timeoutMs: 10_000, roots: true, autoStart: true, disabled: false, ...overrides };
}

export class MemoryLogger implements Logger {
  readonly lines: string[] = [];
  traceEnabled = false;
  trace(m: string) {
    this.lines.push(`trace ${m}`);
  }
  debug(m: string) {
    this.lines.push(`debug ${m}`);
  }
  info(m: string) {
    this.lines.push(`info ${m}`);
  }
  warn(m: string) {
    this.lines.push(`warn ${m}`);
  }
  error(m: string) {
    this.lines.push(`error ${m}`);
  }
}

export const clientInfo = { name: 'mcp-client-tests', version: '0.0.0' };

/** Creates a session and registers it for shutdown after the test. */
export function newSession(def: ServerDefinition, options: Partial<SessionOptions> = {}, cleanup?: McpSession[]): McpSession {
  const session = new McpSession({ definition: def, logger: new MemoryLogger(), clientInfo, stopTimings: { graceMs: 500, termMs: 500 }, ...options });
  cleanup?.push(session);
  return session;
}

/** One running session for the whole suite that calls this: started in `before`, shut down in `after`. */
export function sessionForSuite(def: ServerDefinition): () => McpSession {
  let session: McpSession | undefined;
  before(async () => {
    session = newSession(def);
    await session.start();
  });
  after(() => session?.shutdown());
  return () => session!;
}

export async function waitForState(session: McpSession, kind: SessionState['kind'], timeoutMs = 10_000): Promise<void> {
  await until(`${session.name} to be ${kind} (is ${JSON.stringify(session.state)})`, () => session.state.kind === kind, timeoutMs);
}

export function textOf(result: { content?: unknown }): string {
  const content = result.content as { type: string; text?: string } | { type: string; text?: string }[];
  return (Array.isArray(content) ? content : [content]).map((c) => c.text ?? '').join('');
}

/**
 * A vscode.Memento stand-in (globalState) for code under test that remembers things. Like the Memento,
 * `update(key, undefined)` removes the key: `keys()` no longer lists it.
 */
export class MemoryStore {
  private readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
  }
}

/** The tasks fixture over HTTP (`--http`): its process, and the URL it printed once listening. */
export async function startTasksFixtureOverHttp(): Promise<{ server: ChildProcess; url: string }> {
  const server = spawn(process.execPath, [fixture('tasksFixture'), '--http'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    server.once('exit', (code) => reject(new Error(`the fixture exited with ${code}`)));
  });
  return { server, url };
}
