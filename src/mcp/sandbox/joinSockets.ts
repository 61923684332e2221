// Joins two sockets for dev mode's debugger: the launcher's bridge (debugBridge.ts) joins a debugger's connection
// to the tunnel the relay opened for it, and the relay inside the sandbox (debugRelay.ts) joins that tunnel to the
// server's inspector, or debugpy's connection to its tunnel out. One place, so that both ends tear down alike.
import type { Socket } from 'node:net';

/**
 * Carries bytes both ways until either socket goes away, then closes the other one. pipe() alone would only
 * half-close it after an end (a peer that keeps its half open would keep it open for ever) and would leave it
 * after a reset. Every end, reset and error of a socket is followed by its 'close', so that is the one event
 * listened to here. Each socket's error listener is where the socket was made, not here: a reset must not crash
 * the process while the socket waits to be joined either.
 */
export function joinSockets(a: Socket, b: Socket): void {
  // One of them went away while the other was being made: there is nothing to join.
  if (a.destroyed || b.destroyed) {
    a.destroy();
    b.destroy();
    return;
  }
  a.pipe(b);
  b.pipe(a);
  a.on('close', () => b.destroy());
  b.on('close', () => a.destroy());
}
