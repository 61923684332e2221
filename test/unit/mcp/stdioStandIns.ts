// Stand-in stdio servers for the transport and process tests (stdioTransport.test.ts, stdioStop.test.ts):
// small Node programs run with `node -e`, started through the extension's own ManagedStdioTransport and
// StdioProcess, with what they send, say and report collected for the test.
import { readFileSync } from 'node:fs';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { ManagedStdioTransport } from '../../../src/mcp/managedStdioTransport';
import { StdioProcess } from '../../../src/mcp/stdioProcess';

/** A stand-in server: `program` is run with `node -e`. */
export interface Started {
  transport: ManagedStdioTransport;
  process: StdioProcess;
  messages: JSONRPCMessage[];
  errors: Error[];
  lines: string[];
  started: number[];
  closed: () => boolean;
}

export interface StartOptions {
  env?: Record<string, string>;
  cwd?: string;
  firstInput?: string;
  maxBufferSize?: number;
  serverPart?: (line: string) => string | undefined;
  /** Where the server's stderr goes: 'pipe' (the default here, as the session does) hands it on as lines. */
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /** Leaves the transport's onerror unset (as a caller that does not listen would). */
  noErrorListener?: boolean;
}

/** A message's params, whatever its kind (these stand-in servers send notifications). */
export const paramsOf = <T>(message: JSONRPCMessage | undefined) => (message as unknown as { params: T }).params;
/** Echoes its input and ends when its input closes, as a well-behaved stdio server does. */
export const ECHO = `process.stdin.on('data', (d) => process.stdout.write(d)); process.stdin.on('end', () => process.exit(0));`;
/** A program's text as a JavaScript string literal, to nest it in another program. */
export const quoted = (program: string) => JSON.stringify(program);
/** Every stand-in started, stopped by the suites' afterEach. */
export const running: Started[] = [];

export async function start(program: string, options: StartOptions = {}): Promise<Started> {
  const transport = new ManagedStdioTransport(
    {
      command: process.execPath,
      args: ['-e', program],
      env: options.env,
      cwd: options.cwd,
      stderr: options.stderr ?? 'pipe',
      ...(options.maxBufferSize && { maxBufferSize: options.maxBufferSize }),
    },
    options.firstInput,
  );
  const s: Started = { transport, process: undefined!, messages: [], errors: [], lines: [], started: [], closed: () => closed };
  let closed = false;
  transport.onmessage = (m) => s.messages.push(m);
  if (!options.noErrorListener) transport.onerror = (e) => s.errors.push(e);
  transport.onclose = () => (closed = true);
  s.process = new StdioProcess(transport, (line) => s.lines.push(line), (pid) => s.started.push(pid), options.serverPart);
  running.push(s);
  await transport.start();
  return s;
}

export const fastStop = { graceMs: 300, termMs: 300 };

/**
 * Stops every stand-in started, then kills what is left of their process groups and of the groups `leaders`
 * lead: should a stop fail (a mutation run's mutant), nothing a test started stays running.
 */
export async function stopAll(leaders: number[] = []): Promise<void> {
  const servers = running.splice(0);
  await Promise.all(servers.map((s) => s.process.stop(fastStop)));
  for (const leader of [...servers.map((s) => s.process.pid), ...leaders]) {
    try {
      if (leader) process.kill(-leader, 'SIGKILL');
    } catch {
      // Nothing left of it.
    }
  }
}
/** The process group a process belongs to (field 5 of /proc/<pid>/stat, after the command's parentheses). */
export const groupOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]);
