// Where the authorization server sends the browser back to: a loopback listener in the extension host
// (RFC 8252 §7.3), reached through `vscode.env.asExternalUri` so that it also works when the extension
// host is not on the user's machine (code-server's port proxy, Codespaces and Remote-SSH port
// forwarding; on a local desktop the address is unchanged).
// Authorization servers compare the redirect URI with the registered one, so the URI a registration
// was made with is kept as long as it still works. For a sign-in, it is checked first: when its port
// is taken (another VS Code window, another tool) or the browser now reaches the host elsewhere, a new
// port is chosen and the client registers again, rather than sending a redirect URI it never registered.
import type { StoredOAuthClientInformation } from '@modelcontextprotocol/client';

/** VS Code's own loopback port, for clients registered in advance with a fixed redirect URI. */
export const DEFAULT_REDIRECT_PORT = 33418;

export interface RedirectOptions {
  /** A client registered in advance: its redirect URI is fixed at this port. */
  fixedPort?: number;
  /** A free port for a new registration. */
  pickPort?: () => Promise<number>;
  portFree?: (port: number) => Promise<boolean>;
  /** The address the user's browser reaches a loopback URI of this host at (asExternalUri). */
  externalUri?: (loopback: string) => Promise<string>;
}

/** A registration as we store it: what the server returned, plus the local port its redirect URI leads to. */
export type RegisteredClient = StoredOAuthClientInformation & { redirect_uris?: string[]; redirect_port?: number };

export function loopbackUri(port: number): string {
  return `http://127.0.0.1:${port}/callback`;
}

export class RedirectTarget {
  private settled: { port: number; uri: string } | undefined;

  constructor(private readonly options: RedirectOptions) {}

  /** The redirect URI sent to the authorization server (the browser's view). */
  get uri(): string {
    return this.settled?.uri ?? loopbackUri(this.port);
  }

  /** The loopback address the listener takes the redirect on. */
  get localUri(): string {
    return loopbackUri(this.port);
  }

  get port(): number {
    return this.settled?.port ?? this.options.fixedPort ?? DEFAULT_REDIRECT_PORT;
  }

  /** A new sign-in checks the redirect again (the port may be taken now, the browser elsewhere). */
  reset(): void {
    this.settled = undefined;
  }

  /**
   * Settles the redirect for a flow, given the stored registration; returns false when that
   * registration cannot be used with it (a new one must be made). `verify`: a sign-in is about to use
   * the redirect, so a busy port or a changed address counts; in the background the stored one stands.
   */
  async settle(stored: RegisteredClient | undefined, verify: boolean): Promise<boolean> {
    const registered = stored?.redirect_uris?.[0];
    if (!this.settled) this.settled = await this.choose(stored, registered, verify);
    return !registered || registered === this.settled.uri;
  }

  private async choose(stored: RegisteredClient | undefined, registered: string | undefined, verify: boolean): Promise<{ port: number; uri: string }> {
    const external = this.options.externalUri ?? (async (uri: string) => uri);
    const fixed = this.options.fixedPort;
    if (fixed !== undefined) return { port: fixed, uri: await external(loopbackUri(fixed)) };
    const port = stored?.redirect_port ?? portOf(registered);
    if (registered && port) {
      if (!verify) return { port, uri: registered };
      if ((await (this.options.portFree?.(port) ?? true)) && (await external(loopbackUri(port))) === registered) return { port, uri: registered };
    }
    const fresh = (await this.options.pickPort?.()) ?? DEFAULT_REDIRECT_PORT;
    return { port: fresh, uri: await external(loopbackUri(fresh)) };
  }
}

function portOf(uri: string | undefined): number | undefined {
  if (!uri) return undefined;
  const url = new URL(uri);
  return url.hostname === '127.0.0.1' && Number(url.port) > 0 ? Number(url.port) : undefined;
}
