// The harness of the app tests (appConnection.test.ts, appRequests.test.ts): the webview page between
// host and app as a relay, an editor that records what the app asked of it, and the apps fixture's record.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { AppHost } from '../../../../src/mcp/apps/appConnection';
import type { McpSession } from '../../../../src/mcp/session';

export const RESOURCE_URI = 'ui://apps-fixture/panel.html';

/** The page between host and app: keeps what the host sends before the app is there. */
export class Relay {
  readonly toHost = new Set<(message: unknown) => void>();
  readonly fromHost: JSONRPCMessage[] = [];
  app?: Transport;

  readonly port = {
    post: async (message: JSONRPCMessage) => {
      this.fromHost.push(message);
      if (!('method' in message && message.method.startsWith('ui/notifications/sandbox-'))) this.app?.onmessage?.(message);
      return true;
    },
    onMessage: (listener: (message: unknown) => void) => {
      this.toHost.add(listener);
      return { dispose: () => this.toHost.delete(listener) };
    },
  };

  send(message: unknown): void {
    for (const listener of this.toHost) listener(message);
  }

  /** The app's end: what it sends goes to the host. */
  appTransport(): Transport {
    const transport: Transport = {
      start: async () => undefined,
      send: async (message) => this.send(message),
      close: async () => transport.onclose?.(),
    };
    this.app = transport;
    return transport;
  }

  methods(): string[] {
    return this.fromHost.flatMap((m) => ('method' in m ? [m.method] : []));
  }
}

export class RecordingHost implements AppHost {
  readonly calls: [string, unknown][] = [];
  displayMode: 'inline' | 'fullscreen' = 'inline';
  openLink = async (url: string) => (this.calls.push(['openLink', url]), true);
  proposeMessage = async (text: string) => (this.calls.push(['message', text]), true);
  updateModelContext = (context: unknown) => void this.calls.push(['context', context]);
  requestDisplayMode = async (mode: 'inline' | 'fullscreen' | 'pip') => (this.calls.push(['mode', mode]), mode as 'inline' | 'fullscreen');
  resize = (size: unknown) => void this.calls.push(['resize', size]);
  requestTeardown = () => void this.calls.push(['requestTeardown', undefined]);
  log = (_level: string, text: string) => void this.calls.push(['log', text]);
}

export async function fixtureState(session: McpSession): Promise<{ calls: string[]; events: string[] }> {
  return (await session.callTool({ name: 'fixture_state', arguments: {} })).structuredContent as { calls: string[]; events: string[] };
}
