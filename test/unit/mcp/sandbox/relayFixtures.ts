// The stand-ins around the debug relay in its tests (debugRelay.test.ts, debugRelayTeardown.test.ts): a CONNECT
// proxy like the sandbox's, echo servers, and a client that sends a line and reads the answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { until } from '../../../shared/until';
import { HOST, listening } from './localPorts';

/** Every socket of the test's own servers, ended after each test (a closed server keeps its connections). */
export const sockets = new Set<Socket>();
export function serve(handler: (socket: Socket) => void): Server {
  return createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    handler(socket);
  });
}
export const echo = () => serve((s) => s.pipe(s).on('error', () => undefined));

export interface Proxy {
  port: number;
  /** Each CONNECT request's head, as the proxy got it. */
  heads: string[];
  /** The proxy's end of each tunnel it made (answered 200), in order. */
  tunnels: Socket[];
  server: Server;
}

/**
 * A CONNECT proxy like the sandbox's: `route` maps the port asked for to the one it connects to; wrong credentials
 * get 407; `refuse` refuses every request, `refuseAfter` those after the first n, with `refusal` as the answer's head.
 * `greeting`: bytes that follow the 200 answer in the same write, as upstream's first bytes may; `split`: the 200
 * answer in two writes; `hangUp`: closes every connection without answering.
 */
export async function proxy(options: { route?: (port: number) => number; credentials?: string; refuse?: boolean; refuseAfter?: number; refusal?: string; greeting?: string; split?: boolean; hangUp?: boolean } = {}): Promise<Proxy> {
  const heads: string[] = [];
  const tunnels: Socket[] = [];
  const server = serve((client) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      client.off('data', onData);
      heads.push(head.slice(0, end));
      const port = Number(/^CONNECT 127\.0\.0\.1:(\d+) HTTP\/1\.1/.exec(head)?.[1]);
      const authorised = !options.credentials || head.includes(`Proxy-Authorization: Basic ${Buffer.from(options.credentials).toString('base64')}\r\n`);
      if (options.hangUp) return void client.end();
      const refused = options.refuse || (options.refuseAfter !== undefined && heads.length > options.refuseAfter);
      if (refused || !authorised || !port) return void client.end(`${authorised ? (options.refusal ?? 'HTTP/1.1 403 Forbidden') : 'HTTP/1.1 407 Proxy Authentication Required'}\r\n\r\n`);
      const upstream = connect(options.route?.(port) ?? port, HOST, () => {
        sockets.add(upstream);
        tunnels.push(client);
        const answer = 'HTTP/1.1 200 Connection established\r\n\r\n';
        const rest = () => client.write((options.split ? answer.slice(12) : answer) + (options.greeting ?? ''));
        // Split: "HTTP/1.1 200" alone first, the rest a moment later (two reads, not one the kernel joined).
        if (options.split) client.write(answer.slice(0, 12), () => setTimeout(rest, 50));
        else rest();
        client.pipe(upstream).on('error', () => undefined);
        upstream.pipe(client).on('error', () => undefined);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    };
    client.on('data', onData);
  });
  return { port: await listening(server), heads, tunnels, server };
}

/** Sends `text` on a new connection to `port` and resolves with the first `text.length` bytes that come back. */
export async function roundTrip(port: number, text: string, expected = text): Promise<string> {
  const socket = connect(port, HOST);
  const cleanup: Socket[] = [socket];
  try {
    await once(socket, 'connect');
    socket.write(text);
    let got = '';
    socket.on('data', (chunk: Buffer) => (got += chunk.toString()));
    return await until(`"${text.trim()}" back`, () => (got.length >= expected.length ? got : undefined), 10_000);
  } finally {
    cleanup.forEach((s) => s.destroy());
  }
}

const closers: Array<() => void> = [];
const relays: ChildProcess[] = [];

/** Runs `close` after the test. */
export function closeLater(close: () => void): void {
  closers.push(close);
}

/** Starts `server` on 127.0.0.1 (closed after the test) and gives its port. */
export async function started(server: Server, port?: number): Promise<number> {
  const p = await listening(server, port);
  closeLater(() => server.close());
  return p;
}

/** Runs the relay bundle as a plain child process with only `env` (and PATH); ended after the test. */
export function startRelay(bundle: string, args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  // A group of its own, so that what it started can be ended with it whatever it does (endAll).
  const child = spawn(process.execPath, [bundle, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  relays.push(child);
  return { child, output: () => output };
}

/** After each test: the relays and what they started, the test's servers and their connections. */
export async function endAll(): Promise<void> {
  for (const child of relays.splice(0)) {
    // SIGTERM, which the relay passes on to its server: a SIGKILL would leave the server running.
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'close');
    }
    // A relay that did not pass the signal on (a mutation run's mutant) leaves its server: its group ends it.
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Nothing left.
    }
  }
  closers.splice(0).forEach((close) => close());
  for (const socket of sockets) socket.destroy();
  sockets.clear();
}
