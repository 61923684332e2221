// The redirect half of an interactive sign-in: a one-shot HTTP listener on 127.0.0.1 (RFC 8252 §7.3)
// that takes the authorization server's redirect, checks `state`, answers the browser with a short
// page and closes. It never outlives one sign-in: closed after the redirect, a timeout or a cancel.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Authorizer } from './oauthProvider';

export const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface LoopbackOptions {
  /** Shows the authorization URL to the user (vscode.env.openExternal). False: the user declined. */
  openBrowser(url: URL): Promise<boolean>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A free loopback port, for a redirect URI that must be known before the flow starts. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` on 127.0.0.1 can be listened on now (a stored redirect URI's port may have been taken). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export class LoopbackAuthorizer implements Authorizer {
  constructor(private readonly options: LoopbackOptions) {}

  authorize(authorizationUrl: URL, redirectUri: string, expectedState: string): Promise<URLSearchParams> {
    const redirect = new URL(redirectUri);
    return new Promise<URLSearchParams>((resolve, reject) => {
      let settled = false;
      const server: Server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', redirect);
        // A proxy in front (code-server's /proxy/<port>/, a port forward) may keep a prefix of its own.
        if (!url.pathname.endsWith(redirect.pathname)) {
          res.writeHead(404).end();
          return;
        }
        // A request without our state is not the redirect we wait for (or a forgery): ignore it, keep waiting.
        if (url.searchParams.get('state') !== expectedState) {
          res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('This sign-in link is not the one MCP Client is waiting for.');
          return;
        }
        const failed = url.searchParams.has('error');
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(page(failed ? 'Sign-in did not complete. You can close this tab and try again from VS Code.' : 'Signed in. You can close this tab and return to VS Code.'));
        finish(() => resolve(url.searchParams));
      });
      const timer = setTimeout(() => finish(() => reject(new Error('Sign-in timed out: the browser did not come back.'))), this.options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS);
      const onAbort = () => finish(() => reject(new Error('Sign-in was cancelled.')));
      const finish = (then: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.options.signal?.removeEventListener('abort', onAbort);
        server.close();
        server.closeAllConnections?.();
        then();
      };
      if (this.options.signal?.aborted) return onAbort();
      this.options.signal?.addEventListener('abort', onAbort);
      server.once('error', (error) => finish(() => reject(new Error(`Cannot listen for the sign-in redirect on ${redirect.host}: ${error.message}`))));
      server.listen(Number(redirect.port), '127.0.0.1', () => {
        this.options.openBrowser(authorizationUrl).then(
          (opened) => opened || finish(() => reject(new Error('Sign-in was cancelled.'))),
          (error: unknown) => finish(() => reject(error as Error)),
        );
      });
    });
  }
}

function page(message: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>MCP Client</title></head><body style="font-family:sans-serif;margin:3em"><p>${message}</p></body></html>`;
}
