// What the benchmarks connect to: the repository's fixture server (compiled to out/), through our
// session layer or through a bare SDK Client, over the same kind of stdio pipe.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { McpSession } from '../src/mcp/session';
import type { Logger } from '../src/mcp/logger';
import type { ProtocolTap } from '../src/mcp/protocolTap';

export const FIXTURE = join(__dirname, '..', 'test', 'fixtures', 'servers', 'fixtureServer.js');

const quiet: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, traceEnabled: false };

export async function ourSession(args: string[], name = 'bench', tap?: ProtocolTap): Promise<McpSession> {
  const session = new McpSession({
    definition: {
      name,
      scope: 'user',
      transport: { type: 'stdio', command: process.execPath, args: [FIXTURE, ...args], env: {} },
      timeoutMs: 60_000,
      roots: true,
      autoStart: true,
      disabled: false,
    },
    logger: quiet,
    clientInfo: { name: 'bench', version: '0' },
    tap,
  });
  await session.start();
  if (session.state.kind !== 'running') throw new Error(`bench server did not start: ${JSON.stringify(session.state)}`);
  return session;
}

/** A bare SDK client configured like ours (same negotiation, no page cap), without our layer. */
export async function bareClient(args: string[]): Promise<Client> {
  const client = new Client({ name: 'bench', version: '0' }, { versionNegotiation: { mode: 'auto' }, listMaxPages: 0 });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [FIXTURE, ...args], stderr: 'ignore' }));
  return client;
}
