// Opening a connection: which transport (stdio; Streamable HTTP, falling back to legacy HTTP+SSE as the
// spec's backwards-compatibility rule says; SSE alone), and for HTTP servers the OAuth loop: when the
// transport's auth() needed the user, the completed sign-in is redeemed and the connection tried again.
import { SdkHttpError, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { Connection, MAX_STDIO_MESSAGE_BYTES, type ConnectionOptions } from './connection';
import { redeemAuthorization, type ConnectionAuth } from './connectionAuth';
import { ManagedStdioTransport } from './managedStdioTransport';
import { redactEnv, redactHeaders } from './redact';
import type { HttpTransportConfig, StdioTransportConfig } from './serverDefinition';
import { StdioProcess } from './stdioProcess';

/** Connects and completes the handshake, or throws with a message that says why not. */
export async function openConnection(options: ConnectionOptions, signal?: AbortSignal): Promise<Connection> {
  const { transport } = options.definition;
  if (transport.type === 'stdio') return openStdio(transport, options, signal);
  options.logger.info(`Connecting to ${describeHttpConfig(transport)}`);
  await options.auth?.prepare?.();
  for (let round = 0; ; round++) {
    let attempt: Transport | undefined;
    try {
      if (transport.type === 'sse') return await Connection.connect('sse', (attempt = sseTransport(transport, options.auth)), options, undefined, signal);
      try {
        return await Connection.connect('http', (attempt = streamableTransport(transport, options.auth)), options, undefined, signal);
      } catch (error) {
        if (!looksLikeLegacySseServer(error)) throw error;
        options.logger.info(`Streamable HTTP was refused (${(error as Error).message}); trying legacy HTTP+SSE.`);
        return await Connection.connect('sse', (attempt = sseTransport(transport, options.auth)), options, undefined, signal);
      }
    } catch (error) {
      if (!(await redeemAuthorization(error, attempt, options.auth, options.logger, round))) throw error;
    }
  }
}

async function openStdio(config: StdioTransportConfig, options: ConnectionOptions, signal?: AbortSignal): Promise<Connection> {
  const { logger } = options;
  logger.info(`Starting: ${[config.command, ...config.args].join(' ')} (cwd: ${config.cwd ?? process.cwd()}, env: ${redactEnv(config.env)})`);
  const transport = new ManagedStdioTransport({
    command: config.command,
    args: config.args,
    env: { ...getDefaultEnvironment(), ...config.env },
    cwd: config.cwd,
    stderr: 'pipe',
    maxBufferSize: MAX_STDIO_MESSAGE_BYTES,
  });
  const proc = new StdioProcess(
    transport,
    (line) => logger.warn(`[stderr] ${line}`),
    (pid) => logger.info(`Process started (pid ${pid}).`),
  );
  return Connection.connect('stdio', transport, options, proc, signal);
}

function streamableTransport(config: HttpTransportConfig, auth: ConnectionAuth | undefined): Transport {
  return new StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers: config.headers },
    authProvider: auth?.provider,
    skipIssuerMetadataValidation: auth?.skipIssuerMetadataValidation,
  });
}

function sseTransport(config: HttpTransportConfig, auth: ConnectionAuth | undefined): Transport {
  return new SSEClientTransport(new URL(config.url), {
    authProvider: auth?.provider,
    skipIssuerMetadataValidation: auth?.skipIssuerMetadataValidation,
    requestInit: { headers: config.headers },
    eventSourceInit: { fetch: (url, init) => fetch(url, { ...init, headers: { ...config.headers, ...(init?.headers as Record<string, string>) } }) },
  });
}

/** The spec's backwards-compatibility rule: a 4xx to the initial POST means "try the old transport". */
function looksLikeLegacySseServer(error: unknown): boolean {
  if (error instanceof SdkHttpError) return error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403;
  return false;
}

function describeHttpConfig(config: HttpTransportConfig): string {
  return `${config.url} (headers: ${JSON.stringify(redactHeaders(config.headers))})`;
}
