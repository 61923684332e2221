// Logs every JSON-RPC message at Trace level, and hands it to the Protocol view's tap (protocolTap.ts).
// Patched onto the transport instance (not wrapped), because the SDK recognises its own stdio transport
// by shape and class for version negotiation.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { MaskingLogger } from './logger';
import { tapMessage, type ProtocolTap } from './protocolTap';

const MAX_TRACE_CHARS = 4000;

export function traceTransport(transport: Transport, logger: MaskingLogger, tap?: ProtocolTap): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (logger.traceEnabled) logger.trace(`→ ${abbreviate(message, logger)}`);
    tapMessage(tap, 'out', message);
    return send(message, options);
  };
  let wrapped: Transport['onmessage'];
  // Shims installed after the handshake (src/mcp/tasks/) chain the handler they read, which is already
  // this wrapper, and set their own, which gets wrapped again: only the outermost one traces a message.
  let depth = 0;
  Object.defineProperty(transport, 'onmessage', {
    get: () => wrapped,
    set: (handler: ((m: JSONRPCMessage, e?: unknown) => void) | undefined) => {
      wrapped = handler && ((message: JSONRPCMessage, extra?: unknown) => {
        if (depth === 0) {
          if (logger.traceEnabled) logger.trace(`← ${abbreviate(message, logger)}`);
          tapMessage(tap, 'in', message);
        }
        depth++;
        try {
          handler(message, extra);
        } finally {
          depth--;
        }
      }) as Transport['onmessage'];
    },
  });
}

/** Masked before it is cut: a secret across the cut would otherwise keep its first half. */
function abbreviate(message: JSONRPCMessage, logger: MaskingLogger): string {
  const text = logger.mask(JSON.stringify(message));
  return text.length > MAX_TRACE_CHARS ? `${text.slice(0, MAX_TRACE_CHARS)}… (${text.length} chars)` : text;
}
