// Dev mode's debugger and a sandboxed server (dist/sandboxDebugRelay.js, run INSIDE the sandbox by the
// launcher, before the server: `relay <inspector|connect> <port> <bridge> -- <server command…>`). The
// sandbox has a network of its own; the only way out is its proxy (HTTP_PROXY, which bubblewrap sets), and
// nothing outside can connect in. This relay starts the server as its child and carries the debugger's
// connections through the proxy:
// - inspector (Node, `--inspect-brk=127.0.0.1:<port>`): VS Code's debugger connects to <port> OUTSIDE, where
//   the launcher listens (debugBridge.ts). The relay keeps a control connection to the launcher's bridge
//   (through the proxy, to 127.0.0.1:<bridge>, which this sandbox alone may reach while it is debugged);
//   for each debugger connection the launcher asks for one ("open <id>"), and the relay joins the server's
//   inspector inside to a new tunnel to the bridge ("data <id>").
// - connect (debugpy, `--connect 127.0.0.1:<port>`): debugpy connects out to VS Code's adapter; the relay
//   listens on <port> inside and carries each connection through the proxy to 127.0.0.1:<port> outside.
import { spawn } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { joinSockets } from './joinSockets';
import { onLines } from './socketLines';

const HOST = '127.0.0.1';

/** A tunnel through the sandbox's HTTP proxy (CONNECT) to 127.0.0.1:`port` outside. */
function tunnel(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    // In the promise: a missing or malformed proxy address fails this connection (said on stderr), not the relay.
    const address = process.env.HTTP_PROXY ?? process.env.http_proxy;
    if (!address) throw new Error('no proxy to reach the debugger through (HTTP_PROXY is not set)');
    const proxy = new URL(address);
    const auth = proxy.username ? `Proxy-Authorization: Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}\r\n` : '';
    const socket = connect(Number(proxy.port), proxy.hostname);
    let head = '';
    // The socket's error listener for its whole life: before the answer an error fails the tunnel; after it
    // (rejecting a settled promise does nothing) a reset must not crash the relay, and its 'close' ends the
    // other side (joinSockets).
    socket.on('error', reject);
    // A proxy that hangs up before the end of its answer (after it, this does nothing).
    socket.once('close', () => reject(new Error("the sandbox's proxy closed the connection without answering")));
    socket.on('connect', () => socket.write(`CONNECT ${HOST}:${port} HTTP/1.1\r\nHost: ${HOST}:${port}\r\n${auth}\r\n`));
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      // Paused until it is joined: a flowing socket with no listener would drop the bytes that came with the answer.
      socket.pause();
      if (!/^HTTP\/1\.[01] 200/.test(head)) return reject(new Error(`the sandbox's proxy refused the debugger's connection: ${head.split('\r\n')[0]}`));
      // What came after the answer is the tunnel's (an empty buffer adds nothing).
      socket.unshift(Buffer.from(head.slice(end + 4), 'latin1'));
      resolve(socket);
    };
    socket.on('data', onData);
  });
}

/** Connects to 127.0.0.1:`port` inside, waiting for the server's inspector to listen (30 s at most). */
async function inside(port: number): Promise<Socket> {
  for (let tries = 1; ; tries++) {
    try {
      return await new Promise<Socket>((resolve, reject) => {
        const socket = connect(port, HOST, () => resolve(socket));
        // For the socket's whole life, as in tunnel(): after it connected, a reset must not crash the relay.
        socket.on('error', reject);
      });
    } catch (error) {
      if (tries === 300) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function relayInspector(port: number, bridge: number): Promise<void> {
  const control = await tunnel(bridge);
  control.write('control\n');
  onLines(control, (line) => {
    const id = /^open (\d+)$/.exec(line)?.[1];
    if (!id) return;
    const ends = [inside(port), tunnel(bridge)] as const;
    void Promise.all(ends)
      .then(([server, out]) => {
        out.write(`data ${id}\n`);
        joinSockets(server, out);
      })
      .catch((error: Error) => {
        // The end that was made (or is made later) is not left open, and the bridge closes the debugger's.
        for (const end of ends) end.then((socket) => socket.destroy(), () => undefined);
        control.write(`fail ${id}\n`);
        process.stderr.write(`MCP Client sandbox: debugger connection failed: ${error.message}\n`);
      });
  });
  // Its error listener is tunnel()'s.
  control.resume();
}

function relayConnect(port: number): Promise<void> {
  const server = createServer((from) => {
    from.pause();
    // debugpy may reset its connection, also while its tunnel is being made: that must not crash the relay.
    from.on('error', () => undefined);
    tunnel(port).then(
      (out) => joinSockets(from, out),
      (error: Error) => {
        process.stderr.write(`MCP Client sandbox: ${error.message}\n`);
        from.destroy();
      },
    );
  });
  server.unref();
  return new Promise((resolve) => server.listen(port, HOST, () => resolve()));
}

async function main(): Promise<void> {
  const [mode, port, bridge, dashes, command, ...args] = process.argv.slice(2);
  if (dashes !== '--' || !command) throw new Error('usage: relay <inspector|connect> <port> <bridge> -- <command…>');
  if (mode === 'connect') await relayConnect(Number(port));
  const env = { ...process.env };
  // The relay ran as Node through Electron's binary (desktop VS Code); the server is not told to.
  if (env.MCP_CLIENT_RELAY_UNSET_ELECTRON === '1') delete env.ELECTRON_RUN_AS_NODE;
  delete env.MCP_CLIENT_RELAY_UNSET_ELECTRON;
  const child = spawn(command, args, { stdio: 'inherit', env });
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(signal ? 128 + 15 : (code ?? 0)));
  child.on('error', (error) => {
    process.stderr.write(`MCP Client sandbox: ${command}: ${error.message}\n`);
    process.exit(127);
  });
  if (mode === 'inspector') await relayInspector(Number(port), Number(bridge));
}

main().catch((error: Error) => {
  process.stderr.write(`MCP Client sandbox debug relay: ${error.message}\n`);
  process.exit(1);
});
