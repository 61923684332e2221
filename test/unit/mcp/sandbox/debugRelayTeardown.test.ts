// The debug relay (dist/sandboxDebugRelay.js, run here as a plain child process, as in debugRelay.test.ts) when
// something goes wrong around it: no proxy address, a proxy that hangs up or answers nothing usable, a connection
// reset on either side. Each time the connection concerned is closed, the relay says why on stderr (its output,
// which the launcher shows), and it runs on with its server: the debugger's trouble never ends the server.
import * as assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { connect, type Socket } from 'node:net';
// Imported here, not in the fixtures: a mutation run with --direct selects the tests that import it themselves.
import { launcherPath } from '../../../../src/mcp/sandbox/sandboxedSpawn';
import { until } from '../../../shared/until';
import { freePort, HOST } from './localPorts';
import { closeLater, endAll, proxy, roundTrip, serve, started, startRelay } from './relayFixtures';

const relayBundle = join(dirname(launcherPath()), 'sandboxDebugRelay.js');
const idleServer = [process.execPath, '-e', 'setInterval(() => {}, 1000)'];

/** debugpy's connection to the relay inside, once the relay listens; with what it received and whether it closed. */
async function debugpy(inside: number): Promise<{ socket: Socket; received: () => string; closed: () => boolean }> {
  const socket = await until('the relay to listen', () => new Promise<Socket | undefined>((resolve) => {
    const s = connect(inside, HOST, () => resolve(s));
    s.once('error', () => resolve(undefined));
  }), 10_000);
  let received = '';
  let closed = false;
  socket.on('data', (c: Buffer) => (received += c.toString()));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  closeLater(() => socket.destroy());
  return { socket, received: () => received, closed: () => closed };
}

describe('the sandbox debug relay when a connection fails or goes away', function () {
  this.timeout(20_000);
  afterEach(endAll);

  it('connect: without a proxy address, closes each connection and says why; the relay and its server run on', async () => {
    const inside = await freePort();
    const r = startRelay(relayBundle, ['connect', String(inside), '0', '--', ...idleServer], {});
    for (let i = 0; i < 2; i++) {
      const d = await debugpy(inside);
      await until('the connection closed', () => d.closed(), 5000);
    }
    const line = 'MCP Client sandbox: no proxy to reach the debugger through (HTTP_PROXY is not set)\n';
    await until('both said', () => r.output() === line + line, 5000).catch(() => assert.equal(r.output(), line + line));
    assert.equal(r.child.exitCode, null);
  });

  it('connect: a proxy that hangs up before answering, or answers with no status line, is said so', async () => {
    for (const [options, message] of [
      [{ hangUp: true }, "MCP Client sandbox: the sandbox's proxy closed the connection without answering\n"],
      [{ refuse: true, refusal: '' }, "MCP Client sandbox: the sandbox's proxy refused the debugger's connection: \n"],
    ] as const) {
      const p = await proxy(options);
      closeLater(() => p.server.close());
      const inside = await freePort();
      const r = startRelay(relayBundle, ['connect', String(inside), '0', '--', ...idleServer], { HTTP_PROXY: `http://127.0.0.1:${p.port}` });
      const d = await debugpy(inside);
      await until('the connection closed', () => d.closed(), 5000);
      await until(message, () => r.output() === message, 5000).catch(() => assert.equal(r.output(), message));
      assert.equal(r.child.exitCode, null);
    }
  });

  it('connect: a reset by debugpy or on the tunnel closes the other side; the relay runs on, silent, and takes the next', async () => {
    // The debug adapter outside: echoes, and notes when each of its connections closes.
    const adapterClosed: boolean[] = [];
    const adapter = await started(serve((s) => {
      const index = adapterClosed.push(false) - 1;
      s.on('close', () => (adapterClosed[index] = true));
      s.on('error', () => undefined);
      s.pipe(s);
    }));
    const p = await proxy({ route: () => adapter });
    closeLater(() => p.server.close());
    const inside = await freePort();
    const r = startRelay(relayBundle, ['connect', String(inside), '0', '--', ...idleServer], { HTTP_PROXY: `http://127.0.0.1:${p.port}` });
    const first = await debugpy(inside);
    first.socket.write('one\n');
    await until('the first joined', () => first.received() === 'one\n', 5000);
    first.socket.resetAndDestroy();
    await until('the adapter’s first connection closed', () => adapterClosed[0], 5000);
    const second = await debugpy(inside);
    second.socket.write('two\n');
    await until('the second joined', () => second.received() === 'two\n', 5000);
    p.tunnels[1]!.resetAndDestroy();
    await until('debugpy’s second connection closed', () => second.closed(), 5000);
    assert.equal(await roundTrip(inside, 'three\n'), 'three\n');
    assert.equal(r.output(), '');
    assert.equal(r.child.exitCode, null);
  });
});
