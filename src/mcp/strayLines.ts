// Lines a stdio server writes to stdout that are not MCP messages: a banner, Python's print(), a
// console.log, a "[INFO] …" line, or a structured logger's JSON (pino, zap and structlog write to stdout
// unless told otherwise). The SDK's framing drops them without a word (JSON as a transport error at debug
// level), so a server author whose output vanished would never learn why. The read buffer
// (linearReadBuffer.ts) hands each such line here, and the session tells the author what happened.
import { deserializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';
import type { MaskingLogger } from './logger';

/** Why a line was dropped: not JSON at all, or JSON that is no JSON-RPC message (a log record, a batch). */
export type StrayKind = 'text' | 'json';

/**
 * A line of stdout (not blank, its blanks trimmed) as the SDK reads it: the message, or why it is none. The
 * one judgement of a line: the session's read buffer and the connection doctor both use it.
 */
export function readStdoutLine(text: string): { message: JSONRPCMessage } | { stray: StrayKind } {
  try {
    return { message: deserializeMessage(text) };
  } catch (error) {
    return { stray: error instanceof SyntaxError ? 'text' : 'json' };
  }
}

/** How much of a stray line the Protocol view keeps (protocolRecorder.ts); the log shows less, see below. */
export const STRAY_LINE_KEPT = 64 * 1024;
/** How much of a stray line the log shows: enough to recognise it. */
export const STRAY_LINE_SHOWN = 200;

/** A stray line as the Protocol view keeps it, once masked: its first STRAY_LINE_KEPT characters, and "…" if it goes on. */
export function keptPart(line: string): string {
  return line.length > STRAY_LINE_KEPT ? `${line.slice(0, STRAY_LINE_KEPT)}…` : line;
}

const WHAT: Record<StrayKind, string> = {
  text: 'a line to stdout that is not an MCP message',
  json: 'JSON to stdout that is not a JSON-RPC message',
};

/**
 * The session's report of stray lines: the first one as a warning that says what went wrong and what to
 * do, the ones after it as plain lines (a server that prints does so often), like its stderr's. A line is
 * masked before it is shortened, so a secret that the cut would split is still masked whole.
 */
export function logStrayLines(logger: MaskingLogger): (line: string, kind: StrayKind) => void {
  let told = false;
  return (whole, kind) => {
    const masked = logger.mask(whole);
    const line = masked.length > STRAY_LINE_SHOWN ? `${masked.slice(0, STRAY_LINE_SHOWN)}…` : masked;
    if (told) return logger.info(`[stdout, not MCP] ${line}`);
    told = true;
    logger.warn(
      `The server wrote ${WHAT[kind]}, and it was dropped: "${line}". ` +
        'Over stdio, stdout carries only JSON-RPC messages, one per line: the server must write its logs to stderr. Lines like it are logged below as [stdout, not MCP].',
    );
  };
}
