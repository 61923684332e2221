// The icon fetch tests' server: real HTTP on 127.0.0.1, one handler per path (404 otherwise), and the
// requests it received. It speaks plain HTTP on loopback (a test cannot hold a certificate the extension
// host trusts, nor a public address), so `local()` loosens the outbound guard for exactly its origin, as
// if the user had configured it; every other rule is the real one.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100)]);

export type Route = (res: ServerResponse) => void;

export interface IconServer {
  /** `http://127.0.0.1:<port>`, once the suite's `before` has run. */
  readonly base: string;
  readonly requests: IncomingMessage[];
  url(path: string): URL;
  local<T extends object>(options?: T): T & { policy: { schemes: string[]; configuredOrigins: string[] } };
}

/** Serves `routes` for the calling suite: started in its `before`, stopped in its `after`. */
export function iconServer(routes: Record<string, Route>): IconServer {
  let server: Server;
  const fixture = {
    base: '',
    requests: [] as IncomingMessage[],
    url: (path: string) => new URL(`${fixture.base}${path}`),
    local: <T extends object>(options?: T) => ({ ...(options ?? ({} as T)), policy: { schemes: ['http:'], configuredOrigins: [fixture.base] } }),
  };
  before(async () => {
    server = createServer((req, res) => {
      fixture.requests.push(req);
      (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fixture.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return fixture;
}
