// The launcher's half of dev mode's Node debugger for a sandboxed server (debugBridge.ts), driven by a relay
// written here line by line: what VS Code's debugger and the relay inside the sandbox each see, including
// connections that are not the relay's, a relay that comes back, and the bridge's end.
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { startDebugBridge, type DebugBridge } from '../../../../src/mcp/sandbox/debugBridge';
import { until } from '../../../shared/until';
import { freePort, HOST } from './localPorts';

/** A socket with everything it received, and whether it closed. */
interface Peer {
  socket: Socket;
  received: () => string;
  closed: () => boolean;
}

describe('the debug bridge (the launcher’s side of a sandboxed server’s Node debugger)', function () {
  this.timeout(20_000);
  let bridge: DebugBridge;
  let front: number;
  const peers: Peer[] = [];
  const servers: Server[] = [];

  async function peer(port: number, first?: string, host = HOST): Promise<Peer> {
    const socket = connect(port, host);
    let received = '';
    let closed = false;
    socket.on('data', (c: Buffer) => (received += c.toString()));
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    if (first !== undefined) socket.write(first);
    const p = { socket, received: () => received, closed: () => closed };
    peers.push(p);
    return p;
  }
  const relayControl = () => peer(bridge.bridgePort, 'control\n');
  const debuggerConnection = () => peer(front);

  beforeEach(async () => {
    front = await freePort();
    bridge = await startDebugBridge(front);
  });
  afterEach(() => {
    bridge.close();
    for (const p of peers.splice(0)) p.socket.destroy();
    for (const s of servers.splice(0)) s.close();
  });

  it('announces each debugger connection to the relay and joins it to the tunnel the relay opens for it, both ways', async () => {
    const control = await relayControl();
    const debuggers: Peer[] = [];
    for (let i = 1; i <= 10; i++) debuggers.push(await debuggerConnection());
    await until('ten announcements', () => control.received() === Array.from({ length: 10 }, (_, i) => `open ${i + 1}\n`).join(''), 5000);
    // The tunnel's first bytes come with its line (in one write): they are the server's, for the debugger, byte for byte.
    const tunnel = await peer(bridge.bridgePort, 'data 10\n{"id":1,"name":"café ✓"}');
    await until('the server’s bytes at the debugger', () => debuggers[9]!.received() === '{"id":1,"name":"café ✓"}', 5000);
    debuggers[9]!.socket.write('{"method":"Debugger.enable"}');
    await until('the debugger’s bytes at the server', () => tunnel.received() === '{"method":"Debugger.enable"}', 5000);
    assert.equal(debuggers[0]!.received(), '', 'the other connections wait for their own tunnel');
    debuggers[9]!.socket.destroy();
    await until('the tunnel to close with the debugger', () => tunnel.closed(), 5000);
    const other = await peer(bridge.bridgePort, 'data 1\n');
    other.socket.destroy();
    await until('the debugger to close with its tunnel', () => debuggers[0]!.closed(), 5000);
  });

  it('closes the other end when one end of a joined tunnel is reset, not only when it ends cleanly', async () => {
    const control = await relayControl();
    const first = await debuggerConnection();
    const second = await debuggerConnection();
    await until('two announcements', () => control.received() === 'open 1\nopen 2\n', 5000);
    const tunnelOfFirst = await peer(bridge.bridgePort, 'data 1\n');
    const tunnelOfSecond = await peer(bridge.bridgePort, 'data 2\n');
    first.socket.write('x');
    await until('the first joined', () => tunnelOfFirst.received() === 'x', 5000);
    second.socket.write('y');
    await until('the second joined', () => tunnelOfSecond.received() === 'y', 5000);
    tunnelOfFirst.socket.resetAndDestroy();
    await until('the debugger closed with its reset tunnel', () => first.closed(), 5000);
    second.socket.resetAndDestroy();
    await until('the tunnel closed with its reset debugger', () => tunnelOfSecond.closed(), 5000);
  });

  it('runs on when connections are reset: a stranger’s before its first line, the relay’s control, a waiting debugger', async () => {
    // Any local process may connect to the bridge: its reset must not crash the launcher (this process).
    const stranger = await peer(bridge.bridgePort, 'cont');
    stranger.socket.resetAndDestroy();
    const control = await relayControl();
    const waiting = await debuggerConnection();
    await until('the announcement', () => control.received() === 'open 1\n', 5000);
    control.socket.resetAndDestroy();
    waiting.socket.resetAndDestroy();
    // The relay comes back: its new control is taken (once the bridge has seen the old one go: until then it is
    // closed as a stranger), and only the debugger still there is announced.
    const still = await debuggerConnection();
    await until('a new control taken, announcing the debugger still there', async () => {
      const second = await relayControl();
      await until('an answer', () => second.closed() || second.received() === 'open 2\n', 5000);
      return !second.closed();
    }, 10_000);
    await peer(bridge.bridgePort, 'data 2\nhello');
    await until('the debugger joined', () => still.received() === 'hello', 5000);
  });

  it('reads the relay’s first line also when it arrives in pieces', async () => {
    const control = await peer(bridge.bridgePort, 'cont');
    // A separate write a moment later: the bridge must wait for the end of the line, not judge its first piece.
    await new Promise((resolve) => setTimeout(resolve, 50));
    control.socket.write('rol\n');
    await debuggerConnection();
    await until('the announcement on the control connection', () => control.received() === 'open 1\n', 5000);
  });

  it('closes the waiting debugger the relay says it could not reach ("fail <id>"), that one only, whatever else comes', async () => {
    const control = await relayControl();
    const debuggers: Peer[] = [];
    for (let i = 1; i <= 12; i++) debuggers.push(await debuggerConnection());
    await until('twelve announcements', () => control.received().split('\n').length === 13, 5000);
    debuggers[0]!.socket.destroy();
    await until('the first debugger gone', () => debuggers[0]!.closed(), 5000);
    // Junk, near misses, an id never announced and one whose debugger went away: nothing closes, nothing crashes.
    control.socket.write('hello\nfail\nfail x\nxfail 2\nfail 2x\nfail 99\nfail 1\n\n');
    control.socket.write('fail 12\n');
    await until('the twelfth debugger closed', () => debuggers[11]!.closed(), 5000);
    assert.deepEqual(debuggers.slice(1, 11).map((d) => d.closed()), Array(10).fill(false));
    // The bridge runs on: the second debugger is still joined when its tunnel comes.
    await peer(bridge.bridgePort, 'data 2\nhello');
    await until('the second debugger joined', () => debuggers[1]!.received() === 'hello', 5000);
  });

  it('closes a connection that is neither the relay’s control nor a tunnel it was asked for', async () => {
    await relayControl();
    await debuggerConnection();
    for (const line of ['control\n', 'data 2\n', 'xdata 1\n', 'data 1x\n', 'hello\n', '\n']) {
      const stranger = await peer(bridge.bridgePort, line);
      await until(`"${line.trim()}" closed`, () => stranger.closed(), 5000);
    }
  });

  it('takes a new control connection when the relay’s went away, and announces the debuggers still waiting, not those gone', async () => {
    const first = await relayControl();
    first.socket.destroy();
    await until('the first control to close', () => first.closed(), 5000);
    const gone = await debuggerConnection();
    await debuggerConnection(); // still waiting when the relay comes back
    gone.socket.destroy();
    await until('the bridge to see it go', () => gone.closed(), 5000);
    const second = await relayControl();
    await until('the waiting one announced', () => second.received() === 'open 2\n', 5000);
  });

  it('listens on the loopback address only: not on this machine’s network address', async function () {
    // IPv6 may be off in a container, so an address every machine with a network has: its own IPv4 one.
    const address = Object.values(networkInterfaces()).flat().find((a) => a?.family === 'IPv4' && !a.internal)?.address;
    if (!address) return this.skip();
    await assert.rejects(peer(front, undefined, address), /ECONNREFUSED/);
    await assert.rejects(peer(bridge.bridgePort, undefined, address), /ECONNREFUSED/);
  });

  it('says when the debugger’s port is taken', async () => {
    const taken = createServer();
    servers.push(taken);
    taken.listen(0, HOST);
    await once(taken, 'listening');
    await assert.rejects(startDebugBridge((taken.address() as { port: number }).port), /EADDRINUSE/);
  });

  it('ends everything when it is closed: the relay’s control, the waiting debuggers, and no new connection', async () => {
    const control = await relayControl();
    const waiting = await debuggerConnection();
    await until('the announcement', () => control.received() === 'open 1\n', 5000);
    bridge.close();
    await until('the control closed', () => control.closed(), 5000);
    await until('the waiting debugger closed', () => waiting.closed(), 5000);
    await assert.rejects(peer(front), /ECONNREFUSED/);
  });
});
