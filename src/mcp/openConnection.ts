// Opening a connection: which transport (stdio; Streamable HTTP, falling back to legacy HTTP+SSE as the
// spec's backwards-compatibility rule says; SSE alone), and for HTTP servers the OAuth loop: when the
// transport's auth() needed the user, the completed sign-in is redeemed and the connection tried again.
import { SdkError, SdkErrorCode, SdkHttpError, SSEClientTransport, StreamableHTTPClientTransport, UnsupportedProtocolVersionError } from '@modelcontextprotocol/client';
import type { PriorDiscovery, Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { Connection, MAX_STDIO_MESSAGE_BYTES, type ConnectionOptions } from './connection';
import type { ClientCapability } from './clientCapability';
import { redeemAuthorization, type ConnectionAuth, type PreparedStart } from './connectionAuth';
import { isAuthorizationRequired } from './errors';
import { ManagedStdioTransport } from './managedStdioTransport';
import { definitionSecrets } from './definitionSecrets';
import { loadDefinition } from './envFile';
import type { FetchLike } from '@modelcontextprotocol/client';
import { tapFetch, type ProtocolTap } from './protocolTap';
import { redactArgs, redactEnv, redactHeaders, redactUrl } from './redact';
import { describeSdkError } from './sdkErrors';
import { startTimeoutOf, type HttpTransportConfig, type LoadedDefinition, type StdioTransportConfig } from './serverDefinition';
import { classifyStartFailure, isStartFailure, speaksOurs, StartFailure } from './startFailure';
import { StdioProcess } from './stdioProcess';
import { logStrayLines } from './strayLines';
import { describeSandbox, endInstallPhase, sandboxUnavailable } from './sandbox/sandboxStart';
import { sandboxedSpawn } from './sandbox/sandboxedSpawn';
import { SandboxMonitor } from './sandbox/sandboxMonitor';

/** What a session starts a connection with (SessionOptions has all of it). */
export interface StartInputs extends Omit<ConnectionOptions, 'capabilities' | 'auth'> {
  capabilities?: readonly ClientCapability[];
  /**
   * `${input:…}` values and OAuth, known only when the server starts; runs before every attempt, with the
   * definition as it will run (its env file read, mcp/envFile.ts): what consent is checked against.
   */
  prepare?: (definition: LoadedDefinition) => Promise<PreparedStart>;
}

/**
 * Reads the env file, prepares (consent, inputs, OAuth) and connects; throws an error whose message is
 * written for the user, secrets masked. `onSecrets` gets every value to mask for this start (inputs, and
 * the credentials of the definition as it runs) before anything is logged; `inputs.logger` masks them
 * from then on, since it reads them through the session (and so do the session's state messages).
 */
export async function prepareAndOpen(inputs: StartInputs, signal: AbortSignal | undefined, onSecrets: (secrets: readonly string[]) => void): Promise<Connection> {
  try {
    const loaded = await loadDefinition(inputs.definition);
    onSecrets(definitionSecrets(loaded));
    const prepared = inputs.prepare ? await inputs.prepare(loaded) : undefined;
    const definition = prepared?.definition ?? loaded;
    onSecrets([...(prepared?.secrets ?? []), ...definitionSecrets(definition)]);
    return await openConnection({ ...inputs, definition, capabilities: inputs.capabilities ?? [], auth: prepared?.auth }, signal);
  } catch (error) {
    if (isStartFailure(error)) {
      error.message = inputs.logger.mask(error.message);
      throw error;
    }
    throw Object.assign(new Error(inputs.logger.mask(describeSdkError(error)), { cause: error }), { code: (error as { code?: unknown })?.code });
  }
}

/** Connects and completes the handshake, or throws a StartFailure that says why not. */
export async function openConnection(options: ConnectionOptions, signal?: AbortSignal): Promise<Connection> {
  const { transport } = options.definition;
  const startTimeoutMs = startTimeoutOf(options.definition);
  if (transport.type === 'stdio') return openStdio(transport, options, startTimeoutMs, signal);
  try {
    return await openHttp(transport, options, startTimeoutMs, signal);
  } catch (error) {
    // A sign-in the user has not given yet stays itself: the session shows "sign in", not a failure.
    if (isAuthorizationRequired(error)) throw error;
    throw classifyStartFailure(error, { timedOut: false, startTimeoutMs, url: transport.url });
  }
}

async function openHttp(transport: HttpTransportConfig, options: ConnectionOptions, startTimeoutMs: number, signal?: AbortSignal): Promise<Connection> {
  options.logger.info(`Connecting to ${describeHttpConfig(transport)}`);
  await options.auth?.prepare?.();
  // No deadline signal here: the OAuth provider may be waiting for the user's browser inside connect.
  const attemptOptions = { stop: signal, startTimeoutMs };
  for (let round = 0; ; round++) {
    let attempt: Transport | undefined;
    try {
      if (transport.type === 'sse') return await Connection.connect('sse', (attempt = sseTransport(transport, options.auth, options.tap)), options, undefined, attemptOptions);
      try {
        return await Connection.connect('http', (attempt = streamableTransport(transport, options.auth, options.tap)), options, undefined, attemptOptions);
      } catch (error) {
        if (!looksLikeLegacySseServer(error)) throw error;
        options.logger.info(`Streamable HTTP was refused (${(error as Error).message}); trying legacy HTTP+SSE.`);
        return await Connection.connect('sse', (attempt = sseTransport(transport, options.auth, options.tap)), options, undefined, attemptOptions);
      }
    } catch (error) {
      if (!(await redeemAuthorization(error, attempt, options.auth, options.logger, round))) throw error;
    }
  }
}

/**
 * One process per start: the era the server spoke last time decides how to greet it (a remembered
 * 2025-era server gets `initialize` at once; otherwise `server/discover` is probed on the real process
 * and falls back to `initialize` on the same pipe). A second spawn happens only when the era guess was
 * wrong in a way the pipe cannot survive, once, and the verdict is remembered for the next start.
 */
async function openStdio(config: StdioTransportConfig, options: ConnectionOptions, startTimeoutMs: number, signal?: AbortSignal): Promise<Connection> {
  const memory = options.eraMemory;
  const prior: PriorDiscovery | undefined = memory?.recall(config) === 'legacy' ? { kind: 'legacy' } : undefined;
  let connection: Connection;
  try {
    connection = await spawnAndConnect(config, options, startTimeoutMs, prior, signal);
  } catch (error) {
    const retry = eraFallback((error as Error).cause ?? error, prior);
    if (!retry) throw error;
    options.logger.info(retry.why);
    // A server that said it speaks a revision of ours answers the probe, only slowly: waiting the whole
    // start budget for it beats a second missed probe and the backoff restarts that would follow.
    const retryOptions = retry.patient ? { ...options, probeTimeoutMs: startTimeoutMs } : options;
    connection = await spawnAndConnect(config, retryOptions, startTimeoutMs, retry.prior, signal);
  }
  // Not awaited (issue 30): the store is VS Code's globalState, whose update waits for a round trip to the
  // window; the server's lists need not wait for it (a start that reads it before it lands probes again).
  void Promise.resolve(memory?.remember(config, connection.client.getProtocolEra())).catch(() => undefined);
  return connection;
}

/** When the first attempt's era guess was the problem: how to start again, and why (for the log). */
function eraFallback(cause: unknown, prior: PriorDiscovery | undefined): { prior: PriorDiscovery | undefined; why: string; patient?: boolean } | undefined {
  if (cause instanceof SdkError && cause.code === SdkErrorCode.EraNegotiationFailed && /closed during the server\/discover probe/.test(cause.message)) {
    return { prior: { kind: 'legacy' }, why: 'The server exited on the server/discover probe (a 2025-era server); starting it again with initialize.' };
  }
  if (prior && cause instanceof UnsupportedProtocolVersionError) {
    return { prior: undefined, why: `The server no longer accepts ${cause.requested} (it now speaks ${cause.supported.join(', ')}); starting it again with server/discover.` };
  }
  // No prior: the probe went unanswered (a cold or busy start), initialize followed, and failed on the
  // version although the server speaks a revision we speak too. Probing again on a new process is the fix.
  if (!prior && speaksOurs(cause)) {
    return { prior: undefined, patient: true, why: `The server speaks a revision of ours but did not answer server/discover in time, and the initialize that followed failed (${(cause as Error).message}); starting it again with server/discover, waiting for its answer this time.` };
  }
  return undefined;
}

async function spawnAndConnect(
  config: StdioTransportConfig,
  options: ConnectionOptions,
  startTimeoutMs: number,
  prior: PriorDiscovery | undefined,
  signal?: AbortSignal,
): Promise<Connection> {
  const { logger, definition } = options;
  logger.info(`Starting: ${[config.command, ...redactArgs(config.args)].join(' ')} (cwd: ${config.cwd ?? process.cwd()}, env: ${redactEnv(config.env)})`);
  const serverEnv = { ...getDefaultEnvironment(), ...config.env };
  // A sandboxed server starts through its launcher (sandbox/sandboxedSpawn.ts); its reports come on stderr.
  const sandboxed = definition.sandbox ? sandboxedSpawn(config, definition.sandbox, serverEnv, definition.dev?.debug !== undefined) : undefined;
  const monitor = sandboxed && new SandboxMonitor(definition.name, sandboxed.nonce, definition.sandbox!, logger, options.sandboxRefusals);
  if (definition.sandbox) logger.info(describeSandbox(definition.sandbox));
  const transport = new ManagedStdioTransport(
    {
      command: sandboxed?.command ?? config.command,
      args: sandboxed?.args ?? config.args,
      env: sandboxed?.env ?? serverEnv,
      cwd: config.cwd,
      stderr: 'pipe',
      maxBufferSize: MAX_STDIO_MESSAGE_BYTES,
    },
    sandboxed?.firstInput,
  );
  // Told in the log, and in the Protocol view while it records (where a server's author watches its stdout go by).
  const logStray = logStrayLines(logger);
  transport.onStrayLine = (line, kind) => {
    if (options.tap?.recording) options.tap.stdout(line);
    logStray(line, kind);
  };
  const proc = new StdioProcess(
    transport,
    // Servers write banners and progress to stderr too ("running on stdio"): only what reads as a problem is a warning.
    (line) => {
      if (options.tap?.recording) options.tap.stderr(line);
      return /\b(error|fatal|exception|traceback|panic|failed)\b/i.test(line) ? logger.warn(`[stderr] ${line}`) : logger.info(`[stderr] ${line}`);
    },
    (pid) => logger.info(`Process started (pid ${pid}).`),
    monitor && ((line) => monitor.take(line)),
  );
  try {
    const connection = await Connection.connect('stdio', transport, options, proc, {
      stop: signal,
      deadline: AbortSignal.timeout(startTimeoutMs),
      startTimeoutMs,
      prior,
    });
    if (definition.sandbox?.network.installDomains.length && proc.pid) endInstallPhase(proc.pid);
    return connection;
  } catch (error) {
    if (monitor?.unavailable) throw sandboxUnavailable(definition, monitor.unavailable, error);
    if (monitor?.invalid) throw new StartFailure('invalid-configuration', `Invalid configuration: ${monitor.invalid}.`, error);
    throw error;
  }
}

/** OAuth's fetch (the outbound guard for origins other than the server's), recorded by the Protocol view's tap when one watches. */
function transportFetch(auth: ConnectionAuth | undefined, tap: ProtocolTap | undefined): FetchLike | undefined {
  return tap ? tapFetch(tap, auth?.fetch) : auth?.fetch;
}

function streamableTransport(config: HttpTransportConfig, auth: ConnectionAuth | undefined, tap: ProtocolTap | undefined): Transport {
  return new StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers: config.headers },
    fetch: transportFetch(auth, tap),
    authProvider: auth?.provider,
    skipIssuerMetadataValidation: auth?.skipIssuerMetadataValidation,
  });
}

function sseTransport(config: HttpTransportConfig, auth: ConnectionAuth | undefined, tap: ProtocolTap | undefined): Transport {
  return new SSEClientTransport(new URL(config.url), {
    fetch: transportFetch(auth, tap),
    authProvider: auth?.provider,
    skipIssuerMetadataValidation: auth?.skipIssuerMetadataValidation,
    // The SDK sends these on the stream's GET too, through `fetch` (the tap's and OAuth's): an
    // eventSourceInit fetch of our own would take the GET past both.
    requestInit: { headers: config.headers },
  });
}

/** The spec's backwards-compatibility rule: a 4xx to the initial POST means "try the old transport". */
function looksLikeLegacySseServer(error: unknown): boolean {
  if (error instanceof SdkHttpError) return error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403;
  return false;
}

function describeHttpConfig(config: HttpTransportConfig): string {
  return `${redactUrl(config.url)} (headers: ${JSON.stringify(redactHeaders(config.headers))})`;
}
