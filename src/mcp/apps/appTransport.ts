// The SDK Transport between an app's AppBridge (extension host) and the app (in a webview): whatever
// carries messages to and from the webview page is a MessagePort-like object; each incoming message
// is checked to be JSON-RPC before the bridge sees it. Messages that arrive before start() (the page
// may speak first) are kept until then.
import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';

export interface AppMessagePort {
  /** Resolves false when the message could not be delivered (the view is gone or hidden). */
  post(message: JSONRPCMessage): PromiseLike<boolean>;
  onMessage(listener: (message: unknown) => void): { dispose(): void };
}

export class AppPortTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private started = false;
  private closed = false;
  private readonly early: unknown[] = [];
  private readonly subscription: { dispose(): void };

  constructor(private readonly port: AppMessagePort) {
    this.subscription = port.onMessage((message) => (this.started ? this.receive(message) : this.early.push(message)));
  }

  async start(): Promise<void> {
    this.started = true;
    for (const message of this.early.splice(0)) this.receive(message);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('The app has been closed.');
    if (!(await this.port.post(message))) throw new Error('The app view is not available.');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.subscription.dispose();
    this.onclose?.();
  }

  private receive(message: unknown): void {
    if (this.closed) return;
    let parsed: JSONRPCMessage;
    try {
      parsed = parseJSONRPCMessage(message);
    } catch (error) {
      this.onerror?.(new Error(`The app sent a message that is not JSON-RPC: ${(error as Error).message}`));
      return;
    }
    this.onmessage?.(parsed);
  }
}
