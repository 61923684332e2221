// `dev.debug`: the server's command line changed so that it starts under a debugger, and VS Code's
// debugger attached to it, as VS Code's own mcp.json does (mcpDevModeDebugging.ts). Node: the process
// waits on `--inspect-brk` until js-debug attaches and lets it run (continueOnAttach). Python: the roles
// are reversed: VS Code's debugpy adapter listens and debugpy connects to it (`--connect`).
import { createServer } from 'node:net';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { showWarning } from '../common/userMessages';
import type { Logger } from '../mcp/logger';
import type { ServerDefinition, StdioTransportConfig } from '../mcp/serverDefinition';
import { l10n } from '../common/shownL10n';
import { shownArg } from '../common/serverText';

const HOST = '127.0.0.1';
const PYTHON_DEBUGGER_EXTENSION = 'ms-python.debugpy';

/** A start the configuration rules out; permanent (retrying cannot fix it), so no backoff. */
export class DevModeError extends Error {
  readonly code = 'MCP_DEV_MODE';
}

/** The definition to start: unchanged without `dev.debug`, else its command line under the debugger. */
export async function withDebugger(definition: ServerDefinition, logger: Logger): Promise<ServerDefinition> {
  const debug = definition.dev?.debug;
  const transport = definition.transport;
  if (!debug || transport.type !== 'stdio') return definition;
  const launch = debug.type === 'node' ? await debugNode(definition.name, transport) : await debugPython(definition.name, transport, debug.debugpyPath, logger);
  if (!launch) return definition;
  logger.info(vscode.l10n.t('Dev mode: starting under the debugger ({0}).', debug.type));
  return { ...definition, transport: launch };
}

async function debugNode(name: string, launch: StdioTransportConfig): Promise<StdioTransportConfig> {
  if (!/^node[0-9]*(\.exe)?$/i.test(basename(launch.command))) {
    throw new DevModeError(
      vscode.l10n.t('"dev.debug" of type "node" needs the server to be started with the node executable ("command": "node"), not "{0}".', launch.command),
    );
  }
  const port = await freePort();
  // Not awaited: js-debug keeps trying to attach until the process listens (timeout), and the process
  // waits for it; the session ends by itself when the server stops.
  void vscode.debug.startDebugging(
    undefined,
    {
      type: 'pwa-node',
      request: 'attach',
      name: vscode.l10n.t('MCP: {0}', name),
      // js-debug's attach takes `address` (default "localhost", which may resolve to ::1 while the
      // inspector listens on 127.0.0.1 only).
      address: HOST,
      port,
      timeout: 30_000,
      continueOnAttach: true,
      internalConsoleOptions: 'neverOpen',
      suppressMultipleSessionWarning: true,
    },
    { suppressDebugView: true },
  );
  return { ...launch, args: [`--inspect-brk=${HOST}:${port}`, ...launch.args] };
}

/** Undefined when debugpy cannot be used: the user is told why, and the server starts without it. */
async function debugPython(name: string, launch: StdioTransportConfig, debugpyPath: string | undefined, logger: Logger): Promise<StdioTransportConfig | undefined> {
  if (!/^python[0-9.]*(\.exe)?$/i.test(basename(launch.command))) {
    throw new DevModeError(
      vscode.l10n.t('"dev.debug" of type "debugpy" needs the server to be started with the python executable ("command": "python"), not "{0}".', launch.command),
    );
  }
  if (!vscode.extensions.getExtension(PYTHON_DEBUGGER_EXTENSION)) {
    const message = l10n.t(
      'Dev mode: debugging a Python server needs the Python Debugger extension ({0}), which is not installed; "{1}" starts without the debugger.',
      shownArg(PYTHON_DEBUGGER_EXTENSION),
      shownArg(name),
    );
    logger.warn(message);
    const show = l10n.t('Show the Extension');
    void showWarning(message, show).then((choice) => choice === show && vscode.commands.executeCommand('workbench.extensions.search', `@id:${PYTHON_DEBUGGER_EXTENSION}`));
    return undefined;
  }
  const port = await freePort();
  const connect = ['--connect', `${HOST}:${port}`, '--wait-for-client'];
  let command = launch.command;
  let args = [...connect, ...launch.args];
  if (debugpyPath) {
    command = debugpyPath;
  } else {
    // The debugpy the Python Debugger extension ships, run as `python <package folder> …`.
    const packagePath = await Promise.resolve(vscode.commands.executeCommand<string | undefined>('python.getDebugpyPackagePath')).catch(() => undefined);
    if (packagePath) args = [packagePath, ...args];
    else command = 'debugpy';
  }
  // Listening before the process starts: debugpy connects once, at start.
  const started = await vscode.debug.startDebugging(
    undefined,
    { type: 'debugpy', request: 'attach', name: vscode.l10n.t('MCP: {0}', name), listen: { host: HOST, port }, justMyCode: true },
    { suppressDebugView: true },
  );
  if (!started) throw new DevModeError(vscode.l10n.t('The Python debugger did not start; see the Debug Console.'));
  return { ...launch, command, args };
}

/** A port nobody listens on right now (the inspector or the debug adapter takes it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
