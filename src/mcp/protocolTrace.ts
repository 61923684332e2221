// Logs every JSON-RPC message at Trace level. Patched onto the transport instance (not wrapped),
// because the SDK recognises its own stdio transport by shape and class for version negotiation.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { MaskingLogger } from './logger';

const MAX_TRACE_CHARS = 4000;

export function traceTransport(transport: Transport, logger: MaskingLogger): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (logger.traceEnabled) logger.trace(`→ ${abbreviate(message, logger)}`);
    return send(message, options);
  };
  let wrapped: Transport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => wrapped,
    set: (handler: ((m: JSONRPCMessage, e?: unknown) => void) | undefined) => {
      wrapped = handler && ((message: JSONRPCMessage, extra?: unknown) => {
        if (logger.traceEnabled) logger.trace(`← ${abbreviate(message, logger)}`);
        handler(message, extra);
      }) as Transport['onmessage'];
    },
  });
}

/** Masked before it is cut: a secret across the cut would otherwise keep its first half. */
function abbreviate(message: JSONRPCMessage, logger: MaskingLogger): string {
  const text = logger.mask(JSON.stringify(message));
  return text.length > MAX_TRACE_CHARS ? `${text.slice(0, MAX_TRACE_CHARS)}… (${text.length} chars)` : text;
}
