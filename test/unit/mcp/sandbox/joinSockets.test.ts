// joinSockets (the debug bridge's and the debug relay's join of two connections), with real TCP connections:
// two peers, each connected to a server of the test's whose accepted socket is one of the joined pair, as a
// debugger's connection and the relay's tunnel are in the launcher. What each peer sees is what a debugger, a
// relay or a server's inspector would see.
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { joinSockets } from '../../../../src/mcp/sandbox/joinSockets';
import { until } from '../../../shared/until';
import { HOST, listening } from './localPorts';

/** The far end of one joined socket: what it received, whether it saw the end or the close. */
interface Peer {
  socket: Socket;
  received: () => string;
  ended: () => boolean;
  closed: () => boolean;
}

describe('joinSockets (the debugger’s connections, joined in the launcher and in the sandbox)', function () {
  this.timeout(20_000);
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  const timers: NodeJS.Timeout[] = [];

  /**
   * A connection: the peer's socket and the accepted one (with an error listener, as its maker gives it).
   * `halfOpen`: the peer keeps its half open after the other side's end, as a TCP peer may.
   */
  async function connection(halfOpen = false): Promise<{ peer: Peer; accepted: Socket }> {
    const server = createServer();
    servers.push(server);
    const port = await listening(server);
    const accepted = once(server, 'connection') as Promise<[Socket]>;
    const socket = connect({ port, host: HOST, allowHalfOpen: halfOpen });
    let received = '';
    let ended = false;
    let closed = false;
    socket.on('data', (c: Buffer) => (received += c.toString()));
    socket.on('end', () => (ended = true));
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    const [own] = await accepted;
    own.on('error', () => undefined);
    own.pause();
    sockets.push(socket, own);
    await once(socket, 'connect').catch(() => undefined);
    return { peer: { socket, received: () => received, ended: () => ended, closed: () => closed }, accepted: own };
  }

  /**
   * A peer that keeps its half open and writes on after the other side's end: it is closed only when the joined
   * socket on the other side is really closed (its writes are then refused), not merely half-closed.
   */
  async function closedForGood(peer: Peer): Promise<void> {
    await until('the end', () => peer.ended(), 5000);
    timers.push(setInterval(() => peer.socket.write('still here\n'), 20));
    await until('the peer closed', () => peer.closed(), 5000);
  }

  afterEach(() => {
    timers.splice(0).forEach(clearInterval);
    sockets.splice(0).forEach((s) => s.destroy());
    servers.splice(0).forEach((s) => s.close());
  });

  it('carries bytes both ways, byte for byte, including what came before the join', async () => {
    const left = await connection();
    const right = await connection();
    left.peer.socket.write('{"method":"Debugger.enable"} ✓');
    await until('the bytes to wait in the paused socket', () => left.accepted.readableLength > 0, 5000);
    joinSockets(left.accepted, right.accepted);
    await until('the left peer’s bytes on the right', () => right.peer.received() === '{"method":"Debugger.enable"} ✓', 5000);
    right.peer.socket.write('{"id":1,"name":"café"}');
    await until('the right peer’s bytes on the left', () => left.peer.received() === '{"id":1,"name":"café"}', 5000);
  });

  for (const [gone, stays] of [['first', 'second'], ['second', 'first']] as const) {
    it(`closes the ${stays} socket when the ${gone} one ends, though its peer keeps its half open`, async () => {
      const ends = { first: await connection(), second: await connection() };
      ends[stays] = await connection(true);
      joinSockets(ends.first.accepted, ends.second.accepted);
      ends[gone].peer.socket.end();
      await closedForGood(ends[stays].peer);
    });

    it(`closes the ${stays} socket when the ${gone} one is reset`, async () => {
      const ends = { first: await connection(), second: await connection() };
      joinSockets(ends.first.accepted, ends.second.accepted);
      ends[gone].peer.socket.resetAndDestroy();
      await until('the other peer closed', () => ends[stays].peer.closed(), 5000);
    });

    it(`does not join a ${gone} socket that closed while the ${stays} was being made: it closes the ${stays}`, async () => {
      const ends = { first: await connection(), second: await connection() };
      ends[gone].peer.socket.resetAndDestroy();
      await new Promise((closed) => ends[gone].accepted.once('close', closed));
      joinSockets(ends.first.accepted, ends.second.accepted);
      await until('the other peer closed', () => ends[stays].peer.closed(), 5000);
      assert.equal(ends[stays].peer.received(), '');
    });
  }
});
