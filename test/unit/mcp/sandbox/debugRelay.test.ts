// Dev mode's debugger for a sandboxed server, both halves, without a sandbox: the relay bundle
// (dist/sandboxDebugRelay.js, which the launcher runs inside the sandbox) is run here as a plain child
// process, its proxy is a CONNECT proxy of the test's own (the sandbox's proxy is the only way out), and the
// launcher's bridge (debugBridge.ts) runs in this process. Stand-ins: an echo server as the server's
// inspector (Node) and as VS Code's debug adapter (debugpy connects out to it).
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { connect, type Socket } from 'node:net';
import { startDebugBridge, type DebugBridge } from '../../../../src/mcp/sandbox/debugBridge';
// Imported here, not in the fixtures: a mutation run with --direct selects the tests that import it themselves.
import { launcherPath } from '../../../../src/mcp/sandbox/sandboxedSpawn';
import { until } from '../../../shared/until';
import { freePort, HOST } from './localPorts';
import { closeLater, echo, endAll, proxy, roundTrip, serve, sockets, started, startRelay } from './relayFixtures';

const relayBundle = join(dirname(launcherPath()), 'sandboxDebugRelay.js');

describe('the sandbox debug relay and bridge (dev mode, a sandboxed server)', function () {
  this.timeout(20_000);
  const relay = (args: string[], env: Record<string, string>) => startRelay(relayBundle, args, env);
  afterEach(endAll);

  it('inspector: VS Code’s debugger attaches outside, reaches the server’s inspector inside, through the proxy with its credentials', async () => {
    const inspectorPort = await freePort();
    const front = await freePort();
    const bridge: DebugBridge = await startDebugBridge(front);
    closeLater(() => bridge.close());
    const p = await proxy({ credentials: 'sandbox:p@ss' });
    closeLater(() => p.server.close());
    // The debugger attaches before the relay is there: its connection waits and is announced when the relay comes.
    const early = roundTrip(front, 'early\n');
    // The "server" the relay starts: an inspector stand-in (echo) on the inspector port.
    const server = `require('net').createServer((s) => s.pipe(s)).listen(${inspectorPort}, '127.0.0.1'); setInterval(() => {}, 1000);`;
    const r = relay(['inspector', String(inspectorPort), String(bridge.bridgePort), '--', process.execPath, '-e', server], { HTTP_PROXY: `http://sandbox:p%40ss@127.0.0.1:${p.port}` });
    assert.equal(await early, 'early\n');
    assert.equal(await roundTrip(front, 'second\n'), 'second\n', 'each debugger connection gets a tunnel of its own');
    assert.ok(p.heads.every((h) => h.startsWith(`CONNECT 127.0.0.1:${bridge.bridgePort} HTTP/1.1\r\nHost: 127.0.0.1:${bridge.bridgePort}\r\n`)), p.heads.join('\n---\n'));
    assert.ok(p.heads.length >= 3, 'the control connection and one tunnel per debugger connection');
    assert.equal(r.output(), '');
  });

  it('inspector: a connection to the bridge that is neither the control nor an announced tunnel is closed', async () => {
    const bridge = await startDebugBridge(await freePort());
    closeLater(() => bridge.close());
    for (const line of ['data 99\n', 'hello\n']) {
      const socket = connect(bridge.bridgePort, HOST);
      socket.on('error', () => undefined);
      await once(socket, 'connect');
      socket.write(line);
      await once(socket, 'close');
    }
  });

  it('connect: debugpy inside connects to the adapter outside through the proxy; the server’s exit code is the relay’s', async () => {
    const adapter = await started(echo());
    const inside = await freePort();
    // Inside and outside the sandbox are different networks with the same port; here the proxy maps one to the other.
    const p = await proxy({ route: (port) => (port === inside ? adapter : port) });
    closeLater(() => p.server.close());
    const script = `process.on('SIGTERM', () => process.exit(3)); process.stdout.write('ready'); setInterval(() => {}, 1000);`;
    const r = relay(['connect', String(inside), '0', '--', process.execPath, '-e', script], { http_proxy: `http://127.0.0.1:${p.port}` });
    await until('the server to run', () => r.output() === 'ready', 10_000);
    const reply = await until('the relay to listen', async () => roundTrip(inside, 'attach\n').catch(() => undefined), 10_000);
    assert.equal(reply, 'attach\n');
    assert.equal(p.heads[0], `CONNECT 127.0.0.1:${inside} HTTP/1.1\r\nHost: 127.0.0.1:${inside}`, 'no credentials when the proxy URL has none');
    r.child.kill('SIGTERM');
    const [code] = (await once(r.child, 'exit')) as [number | null];
    assert.equal(code, 3, 'the signal went on to the server, and its exit code came back');
  });

  it('connect: a connection the proxy refuses is closed, and says so on stderr', async () => {
    const inside = await freePort();
    const p = await proxy({ refuse: true });
    closeLater(() => p.server.close());
    const r = relay(['connect', String(inside), '0', '--', process.execPath, '-e', 'setInterval(() => {}, 1000)'], { HTTP_PROXY: `http://127.0.0.1:${p.port}` });
    const socket = await until('the relay to listen', () => new Promise<Socket | undefined>((resolve) => {
      const s = connect(inside, HOST, () => resolve(s));
      s.once('error', () => resolve(undefined));
    }), 10_000);
    await once(socket, 'close');
    await until('the message', () => r.output().includes("MCP Client sandbox: the sandbox's proxy refused the debugger's connection: HTTP/1.1 403 Forbidden"), 5000);
  });

  it('runs the server with the relay’s environment, minus what only the relay needed', async () => {
    const script = `process.stdout.write(JSON.stringify({ electron: process.env.ELECTRON_RUN_AS_NODE ?? null, flag: process.env.MCP_CLIENT_RELAY_UNSET_ELECTRON ?? null, key: process.env.API_KEY }))`;
    const unset = relay(['inspector-none', '1', '0', '--', process.execPath, '-e', script], { ELECTRON_RUN_AS_NODE: '1', MCP_CLIENT_RELAY_UNSET_ELECTRON: '1', API_KEY: 'k' });
    const [code] = (await once(unset.child, 'close')) as [number];
    assert.equal(code, 0);
    assert.deepEqual(JSON.parse(unset.output()), { electron: null, flag: null, key: 'k' });
    const kept = relay(['inspector-none', '1', '0', '--', process.execPath, '-e', script], { ELECTRON_RUN_AS_NODE: '1', API_KEY: 'k' });
    await once(kept.child, 'close');
    assert.deepEqual(JSON.parse(kept.output()), { electron: '1', flag: null, key: 'k' }, 'set by the user, not by the launcher: kept');
  });

  it('says what is wrong: a command line without the server, or a server that cannot run', async () => {
    const usage = relay(['connect', '1', '0', 'node'], {});
    assert.deepEqual(await once(usage.child, 'close'), [1, null]);
    assert.match(usage.output(), /^MCP Client sandbox debug relay: usage: relay <inspector\|connect> <port> <bridge> -- <command…>\n$/);
    const missing = relay(['inspector-none', '1', '0', '--', '/nonexistent/server'], {});
    assert.deepEqual(await once(missing.child, 'close'), [127, null]);
    assert.match(missing.output(), /^MCP Client sandbox: \/nonexistent\/server: spawn \/nonexistent\/server ENOENT\n$/);
  });
  it('connect: takes the proxy’s answer in pieces, and keeps the tunnel’s first bytes that came with it, byte for byte', async () => {
    const adapter = await started(echo());
    const inside = await freePort();
    const p = await proxy({ route: () => adapter, greeting: 'hello from the adapter ✓\n', split: true });
    closeLater(() => p.server.close());
    relay(['connect', String(inside), '0', '--', process.execPath, '-e', 'setInterval(() => {}, 1000)'], { HTTP_PROXY: `http://127.0.0.1:${p.port}` });
    const reply = await until('the relay to listen', async () => roundTrip(inside, 'attach\n', 'hello from the adapter ✓\nattach\n').catch(() => undefined), 10_000);
    assert.equal(reply, 'hello from the adapter ✓\nattach\n');
  });

  it('connect: a refusal whose headers mention a 200 is still a refusal; an unreachable proxy is said so', async () => {
    const refusing = await proxy({ refuse: true, refusal: 'HTTP/1.1 403 Forbidden\r\nVia: HTTP/1.1 200 elsewhere' });
    closeLater(() => refusing.server.close());
    const gone = await freePort();
    for (const [proxyPort, message] of [
      [refusing.port, "MCP Client sandbox: the sandbox's proxy refused the debugger's connection: HTTP/1.1 403 Forbidden"],
      [gone, `MCP Client sandbox: connect ECONNREFUSED 127.0.0.1:${gone}`],
    ] as const) {
      const inside = await freePort();
      const r = relay(['connect', String(inside), '0', '--', process.execPath, '-e', 'setInterval(() => {}, 1000)'], { HTTP_PROXY: `http://127.0.0.1:${proxyPort}` });
      const socket = await until('the relay to listen', () => new Promise<Socket | undefined>((resolve) => {
        const s = connect(inside, HOST, () => resolve(s));
        s.once('error', () => resolve(undefined));
      }), 10_000);
      await once(socket, 'close');
      await until(message, () => r.output().includes(message), 5000);
    }
  });

  it('inspector: waits for the server’s inspector to listen; a closed end closes the other; a failed tunnel is said', async () => {
    const inspectorPort = await freePort();
    const front = await freePort();
    const bridge = await startDebugBridge(front);
    closeLater(() => bridge.close());
    // The control connection and the first tunnel pass; the third CONNECT is refused.
    const p = await proxy({ refuseAfter: 2 });
    closeLater(() => p.server.close());
    // The inspector stand-in listens only after a while, says when a connection of its own closes, and closes on "bye".
    const server = `setTimeout(() => require('net').createServer((s) => { s.on('data', (d) => (String(d) === 'bye' ? s.end() : s.write(d))); s.on('close', () => process.stdout.write('inner closed\\n')); }).listen(${inspectorPort}, '127.0.0.1'), 800); setInterval(() => {}, 1000);`;
    const r = relay(['inspector', String(inspectorPort), String(bridge.bridgePort), '--', process.execPath, '-e', server], { HTTP_PROXY: `http://127.0.0.1:${p.port}` });
    const first = connect(front, HOST);
    sockets.add(first);
    let got = '';
    first.on('data', (c: Buffer) => (got += c.toString()));
    first.write('early');
    await until('an answer once the inspector listens', () => got === 'early', 10_000).catch((e) => { throw new Error(`${e.message}: got '${got}', output '${r.output()}', heads ${JSON.stringify(p.heads)}`); });
    first.write('bye');
    await once(first, 'close');
    await until('the inner end closed', () => r.output().includes('inner closed'), 5000);
    const second = connect(front, HOST);
    sockets.add(second);
    await until('the refused tunnel said', () => r.output().includes("MCP Client sandbox: debugger connection failed: the sandbox's proxy refused the debugger's connection: HTTP/1.1 403 Forbidden"), 10_000);
    // The inspector's end of the failed connection, made before the refusal came, is not left open.
    await until('the inner end of the failed connection closed', () => r.output().split('inner closed').length === 3, 5000);
    // Nor is the debugger's: it sees the attach fail instead of waiting for ever.
    await until("the debugger's connection closed", () => second.destroyed || second.readableEnded, 5000);
  });

  it('inspector: says so when the server’s inspector never listens, after 30 s of trying', async function () {
    this.timeout(60_000);
    const inspectorPort = await freePort();
    const front = await freePort();
    const bridge = await startDebugBridge(front);
    closeLater(() => bridge.close());
    const p = await proxy();
    closeLater(() => p.server.close());
    const r = relay(['inspector', String(inspectorPort), String(bridge.bridgePort), '--', process.execPath, '-e', 'setInterval(() => {}, 1000)'], { HTTP_PROXY: `http://127.0.0.1:${p.port}` });
    const waiting = connect(front, HOST);
    sockets.add(waiting);
    const message = `MCP Client sandbox: debugger connection failed: connect ECONNREFUSED 127.0.0.1:${inspectorPort}`;
    await until(message, () => r.output().includes(message), 50_000);
    assert.equal(r.child.exitCode, null, 'the relay and its server run on');
  });

  it('inspector: reads only the bridge’s "open <id>" lines, whatever else comes on the control connection', async () => {
    const inspectorPort = await freePort();
    // A bridge written here: the control connection gets junk, an empty line, and one real request (id 12).
    // Once its tunnel came, one more request (id 13): a tunnel the junk had started would have come before it.
    const tunnels: string[] = [];
    let control: Socket | undefined;
    const fake = serve((socket) => {
      let head = '';
      socket.on('data', (c: Buffer) => {
        head += c.toString();
        if (head === 'control\n') (control = socket).write('hello\n\nopen 1x\nxopen 1\nopen\nopen 12\n');
        else if (head.endsWith('\n') && head !== 'control\n' && !tunnels.includes(head)) {
          tunnels.push(head);
          if (head === 'data 12\n') control?.write('open 13\n');
        }
      });
    });
    const bridgePort = await started(fake);
    const p = await proxy();
    closeLater(() => p.server.close());
    const server = `require('net').createServer((s) => s.pipe(s)).listen(${inspectorPort}, '127.0.0.1'); setInterval(() => {}, 1000);`;
    const r = relay(['inspector', String(inspectorPort), String(bridgePort), '--', process.execPath, '-e', server], { HTTP_PROXY: `http://127.0.0.1:${p.port}` });
    await until('the tunnel for id 13', () => tunnels.includes('data 13\n'), 10_000);
    assert.deepEqual(tunnels, ['data 12\n', 'data 13\n']);
    assert.equal(r.child.exitCode, null, 'the relay runs on');
  });

  it('exits 143 when its server is killed by a signal, and refuses a command line without "--"', async () => {
    const killed = relay(['connect-none', '1', '0', '--', process.execPath, '-e', "process.kill(process.pid, 'SIGKILL')"], {});
    assert.deepEqual(await once(killed.child, 'close'), [143, null]);
    const noDashes = relay(['connect-none', '1', '0', 'x', process.execPath, '-e', 'process.exit(0)'], {});
    assert.deepEqual(await once(noDashes.child, 'close'), [1, null]);
    assert.match(noDashes.output(), /usage: relay/);
  });
});
