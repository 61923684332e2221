// The control connection between the launcher's bridge (debugBridge.ts) and the relay inside the sandbox
// (debugRelay.ts) carries one request per line, both ways: "open <id>" to the relay, "fail <id>" back. ASCII only,
// read as latin1: a byte is a character, so a line split across packets is never split inside a character.
import type { Socket } from 'node:net';

/** Calls `onLine` with each complete line the socket receives, without its newline. */
export function onLines(socket: Socket, onLine: (line: string) => void): void {
  let pending = '';
  socket.on('data', (chunk: Buffer) => {
    pending += chunk.toString('latin1');
    for (let end; (end = pending.indexOf('\n')) >= 0; pending = pending.slice(end + 1)) onLine(pending.slice(0, end));
  });
}
