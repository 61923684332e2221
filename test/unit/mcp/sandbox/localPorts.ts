// Local TCP ports for the debug relay and bridge tests.
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';

export const HOST = '127.0.0.1';

/** Starts `server` on 127.0.0.1 (`port`, or any free one) and gives its port. */
export async function listening(server: Server, port = 0): Promise<number> {
  server.listen(port, HOST);
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listening(probe);
  probe.close();
  return port;
}
