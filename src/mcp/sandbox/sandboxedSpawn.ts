// How a sandboxed stdio server is spawned: the launcher (dist/sandboxLauncher.mjs) on the extension host's
// own Node, which then runs the server inside the sandbox. The server's command, arguments and environment
// travel in the job line on stdin (launcherProtocol.ts), never in the launcher's command line or
// environment. In desktop VS Code the host's Node is Electron's binary, which ELECTRON_RUN_AS_NODE makes a
// plain Node (22.x in every VS Code this extension supports, as the runtime asks); code-server's is Node.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StdioTransportConfig } from '../serverDefinition';
import { encodeJob, type JobDebug, type LauncherJob } from './launcherProtocol';
import { sandboxEnvironment, type SandboxDefinition } from './sandboxDefinition';

export interface SandboxedSpawn {
  command: string;
  args: string[];
  /** The launcher's environment: the SDK adds the host's defaults (HOME, PATH, …); nothing of the server's. */
  env: Record<string, string>;
  /** Written to the launcher's stdin before the first MCP message. */
  firstInput: string;
  nonce: string;
}

/** The launcher bundle: beside this code in dist/, or dist/ of the repository when run from out/ (tests). */
export function launcherPath(candidates = [join(__dirname, 'sandboxLauncher.mjs'), join(__dirname, '..', '..', '..', '..', 'dist', 'sandboxLauncher.mjs')]): string {
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`The sandbox launcher is missing (looked for ${candidates.join(' and ')}); reinstall the extension.`);
  return found;
}

/** The debug relay bundle (dist/sandboxDebugRelay.js), found as the launcher is. */
function relayPath(): string {
  return join(dirname(launcherPath()), 'sandboxDebugRelay.js');
}

/**
 * Dev mode's debugger, from the command line withDebugger() (devmode/debugLaunch.ts) made: Node's inspector
 * (`--inspect-brk=127.0.0.1:<port>`) or debugpy connecting out (`--connect 127.0.0.1:<port>`).
 */
function debugOf(config: StdioTransportConfig): JobDebug | undefined {
  const inspector = /^--inspect-brk=127\.0\.0\.1:(\d+)$/.exec(config.args[0] ?? '');
  const connectAt = config.args.indexOf('--connect');
  const connect = connectAt >= 0 ? /^127\.0\.0\.1:(\d+)$/.exec(config.args[connectAt + 1] ?? '') : null;
  const found = inspector ? { mode: 'inspector' as const, port: Number(inspector[1]) } : connect ? { mode: 'connect' as const, port: Number(connect[1]) } : undefined;
  return found && { ...found, relay: relayPath(), node: process.execPath };
}

/** `serverEnv`: the server's whole environment as it would be spawned unsandboxed; `debugging`: dev.debug is on. */
export function sandboxedSpawn(config: StdioTransportConfig, sandbox: SandboxDefinition, serverEnv: Record<string, string>, debugging = false): SandboxedSpawn {
  const nonce = randomBytes(16).toString('hex');
  const job: LauncherJob = {
    v: 1,
    nonce,
    command: config.command,
    args: config.args,
    env: { ...sandboxEnvironment(sandbox), ...serverEnv },
    cwd: config.cwd ?? process.cwd(),
    sandbox,
    ...(debugging ? withDebug(config) : {}),
  };
  return { command: process.execPath, args: [launcherPath()], env: { ELECTRON_RUN_AS_NODE: '1' }, firstInput: encodeJob(job), nonce };
}

function withDebug(config: StdioTransportConfig): { debug?: JobDebug } {
  const debug = debugOf(config);
  return debug ? { debug } : {};
}
