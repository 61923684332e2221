// The launcher's half of dev mode's Node debugger for a sandboxed server (the other half is debugRelay.ts,
// inside the sandbox): it listens where VS Code's debugger attaches (127.0.0.1:<inspector port>) and on a
// bridge port that only this sandbox may reach through its proxy. The relay inside holds a control
// connection to the bridge; each debugger connection is announced there ("open <id>") and joined to the
// tunnel the relay opens back for it ("data <id>"), which leads to the server's inspector inside, or closed
// when the relay says it could not ("fail <id>").
import { createServer, type Server, type Socket } from 'node:net';
import { joinSockets } from './joinSockets';
import { onLines } from './socketLines';

export interface DebugBridge {
  /** The port the relay reaches through the proxy (allowed for this sandbox while it runs). */
  bridgePort: number;
  close(): void;
}

/** Listens on the loopback address only: no other machine may reach a debugger or the bridge. */
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

/** Reads one line, then hands the socket on with what followed it. */
function firstLine(socket: Socket, then: (line: string) => void): void {
  let head = '';
  const onData = (chunk: Buffer) => {
    head += chunk.toString('latin1');
    const end = head.indexOf('\n');
    if (end < 0) return;
    socket.off('data', onData);
    socket.pause();
    // What followed the line (an empty buffer adds nothing).
    socket.unshift(Buffer.from(head.slice(end + 1), 'latin1'));
    then(head.slice(0, end));
  };
  socket.on('data', onData);
}

export async function startDebugBridge(inspectorPort: number): Promise<DebugBridge> {
  let control: Socket | undefined;
  let next = 0;
  const waiting = new Map<string, Socket>();
  const announce = (id: string) => control?.write(`open ${id}\n`);

  const bridge = createServer((socket) => {
    // Any local process may connect here: a reset, before or after the first line, must not crash the launcher.
    // The 'close' that follows it drops the control connection or closes the joined debugger (joinSockets).
    socket.on('error', () => undefined);
    firstLine(socket, (line) => {
      if (line === 'control' && !control) {
        control = socket;
        // The relay could not make that debugger's connection: the debugger is told at once, not left waiting.
        onLines(socket, (request) => waiting.get(/^fail (\d+)$/.exec(request)?.[1] ?? '')?.destroy());
        socket.resume();
        socket.on('close', () => (control = undefined));
        for (const id of waiting.keys()) announce(id);
        return;
      }
      const id = /^data (\d+)$/.exec(line)?.[1];
      const debuggerSide = id ? waiting.get(id) : undefined;
      if (!id || !debuggerSide) return void socket.destroy();
      waiting.delete(id);
      joinSockets(socket, debuggerSide);
    });
  });
  const front = createServer((debuggerSide) => {
    debuggerSide.pause();
    const id = String(++next);
    waiting.set(id, debuggerSide);
    debuggerSide.on('close', () => waiting.delete(id));
    // A debugger that resets its connection, waiting or joined, must not crash the launcher.
    debuggerSide.on('error', () => undefined);
    announce(id);
  });
  const bridgePort = await listen(bridge, 0);
  await listen(front, inspectorPort);
  bridge.unref();
  front.unref();
  return {
    bridgePort,
    close: () => {
      front.close();
      bridge.close();
      control?.destroy();
      for (const socket of waiting.values()) socket.destroy();
    },
  };
}
