// Logs every JSON-RPC message at Trace level. Patched onto the transport instance (not wrapped),
// because the SDK recognises its own stdio transport by shape and class for version negotiation.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { Logger } from './logger';

const MAX_TRACE_CHARS = 4000;

export function traceTransport(transport: Transport, logger: Logger): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (logger.traceEnabled) logger.trace(`→ ${abbreviate(message)}`);
    return send(message, options);
  };
  let wrapped: Transport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => wrapped,
    set: (handler: ((m: JSONRPCMessage, e?: unknown) => void) | undefined) => {
      wrapped = handler && ((message: JSONRPCMessage, extra?: unknown) => {
        if (logger.traceEnabled) logger.trace(`← ${abbreviate(message)}`);
        handler(message, extra);
      }) as Transport['onmessage'];
    },
  });
}

function abbreviate(message: JSONRPCMessage): string {
  const text = JSON.stringify(message);
  return text.length > MAX_TRACE_CHARS ? `${text.slice(0, MAX_TRACE_CHARS)}… (${text.length} chars)` : text;
}
