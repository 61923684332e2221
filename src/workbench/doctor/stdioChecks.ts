// A stdio server diagnosed step by step, after the same trust and consent check as a start: the command is
// found (and its runtime's version), the working folder and env file, the spawn and what the process wrote
// to stderr, the first bytes on stdout (a banner or log line there breaks the protocol), then the era probe,
// capabilities and lists. The process is stopped like a session's (its whole tree). No `vscode` import.
import { execFile } from 'node:child_process';
import type { Readable } from 'node:stream';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { ManagedStdioTransport } from '../../mcp/managedStdioTransport';
import { redactArgs, redactEnv } from '../../mcp/redact';
import { startTimeoutOf, type ServerDefinition, type StdioTransportConfig } from '../../mcp/serverDefinition';
import { StdioProcess } from '../../mcp/stdioProcess';
import { readStdoutLine } from '../../mcp/strayLines';
import { commandExists } from '../../trust/commandLookup';
import { probeProtocol } from './protocolProbe';
import { timed, type Step } from './report';

const FIRST_BYTES = 4_096;
const STDERR_LINES_SHOWN = 20;

/** Runtimes whose version tells something, by the command's name: what to run to ask. */
function versionCommand(command: string): { runtime: string; command: string } | undefined {
  const name = basename(command).replace(/\.(exe|cmd)$/i, '');
  if (/^(node|nodejs|npx|npm|pnpm|pnpx|yarn)$/.test(name)) return { runtime: 'Node.js', command: /^node/.test(name) ? command : 'node' };
  if (/^(bun|bunx)$/.test(name)) return { runtime: 'Bun', command: 'bun' };
  if (/^deno$/.test(name)) return { runtime: 'Deno', command };
  if (/^python[0-9.]*$/.test(name)) return { runtime: 'Python', command };
  if (/^(uv|uvx)$/.test(name)) return { runtime: 'uv', command: 'uv' };
  if (/^(docker|podman)$/.test(name)) return { runtime: name === 'docker' ? 'Docker' : 'Podman', command };
  if (/^(dotnet|dnx)$/.test(name)) return { runtime: '.NET', command: 'dotnet' };
  return undefined;
}

/** `env` is the definition's; `envFile` is the path the settings name, if any (checked as a step of its own). */
export async function diagnoseStdio(definition: ServerDefinition, config: StdioTransportConfig, envFileStep: Step | undefined): Promise<Step[]> {
  const steps: Step[] = [];
  const env = { ...getDefaultEnvironment(), ...config.env };
  const found = await timed('The command is found', async () => {
    const exists = await commandExists({ command: config.command, env, cwd: config.cwd });
    if (!exists) {
      return { status: 'fail', details: [`'${config.command}' is not a file that can be run, nor a program on the PATH the server gets.`], fix: `Fix "command" in the server's settings, give its full path, or start VS Code from a shell whose PATH has it.` };
    }
    const details = [`Command line: ${[config.command, ...redactArgs(config.args)].join(' ')}`, `Environment from the settings: ${redactEnv(config.env)}`];
    const runtime = versionCommand(config.command);
    if (!runtime) return { status: 'ok', details: [...details, 'Runtime: not one whose version is checked (node, python, uv, docker, …).'] };
    const version = await runVersion(runtime.command, env, config.cwd);
    return version.ok
      ? { status: 'ok', details: [...details, `${runtime.runtime}: ${version.text}`] }
      : { status: 'warn', details: [...details, `${runtime.runtime}: '${runtime.command} --version' failed: ${version.text}`], fix: `The server needs ${runtime.runtime}; install it or put it on the PATH.` };
  });
  steps.push(found);
  steps.push(await timed('The working folder', async () => cwdStep(config.cwd)));
  if (envFileStep) steps.push(envFileStep);
  if (found.status === 'fail' || steps.some((s) => s.title === 'The working folder' && s.status === 'fail')) return steps;

  const transport = new ManagedStdioTransport({ command: config.command, args: config.args, env, cwd: config.cwd, stderr: 'pipe' });
  let stdout = '';
  let firstByteAt: number | undefined;
  const stderr: string[] = [];
  const proc = new StdioProcess(transport, (line) => stderr.push(line), () => undefined);
  const onSpawn = transport.onSpawn;
  transport.onSpawn = (child) => {
    onSpawn?.(child);
    // A second reader of stdout: the SDK keeps parsing; this one keeps the first bytes as they came.
    (child.stdout as Readable | null)?.on('data', (chunk: Buffer) => {
      firstByteAt ??= performance.now();
      if (stdout.length < FIRST_BYTES) stdout += chunk.toString('utf8').slice(0, FIRST_BYTES - stdout.length);
    });
  };
  const spawnStep: Step = { title: 'Spawn, and what the server wrote to stderr', status: 'ok', details: [] };
  steps.push(spawnStep);
  const started = performance.now();
  let protocol: Step[] = [];
  // Whether the process ended by itself, before the checks closed its stdin.
  let exit: string | undefined;
  let looked = false;
  try {
    protocol = await probeProtocol(transport, startTimeoutOf(definition), () => {
      looked = true;
      exit = proc.describeExit();
    });
  } finally {
    spawnStep.ms = performance.now() - started;
    if (!looked) exit = proc.describeExit();
    await proc.stop({ graceMs: 500, termMs: 1000 });
    spawnStep.details.push(proc.pid ? `Process ${proc.pid} started${exit ? ` and ${exit} during the checks` : '; stopped after the checks'}.` : 'The process did not start.');
    if (exit) {
      spawnStep.status = 'fail';
      spawnStep.fix = 'The server exited by itself: its stderr below usually says why (a missing setting, module or environment variable).';
    }
    if (stderr.length) spawnStep.output = stderr.slice(-STDERR_LINES_SHOWN);
    else spawnStep.details.push('Nothing on stderr.');
  }
  steps.push({ ...firstBytesStep(stdout), ms: firstByteAt === undefined ? undefined : firstByteAt - started }, ...protocol);
  return steps;
}

function runVersion(command: string, env: Record<string, string>, cwd: string | undefined): Promise<{ ok: boolean; text: string }> {
  return new Promise((resolve) => {
    execFile(command, ['--version'], { env, cwd, timeout: 10_000, windowsHide: true }, (error, out, err) => {
      const text = `${out}${err}`.trim().split('\n')[0] ?? '';
      resolve(error ? { ok: false, text: (error as Error).message.split('\n')[0]! } : { ok: true, text });
    });
  });
}

async function cwdStep(cwd: string | undefined): Promise<Omit<Step, 'title' | 'ms'>> {
  if (!cwd) return { status: 'ok', details: ['No "cwd": the server starts in the folder of its settings.'] };
  try {
    const s = await stat(cwd);
    return s.isDirectory() ? { status: 'ok', details: [`${cwd} exists.`] } : { status: 'fail', details: [`${cwd} is not a folder.`], fix: 'Fix "cwd" in the server\'s settings.' };
  } catch {
    return { status: 'fail', details: [`${cwd} does not exist.`], fix: 'Fix "cwd" in the server\'s settings, or create the folder.' };
  }
}

/** The first bytes on stdout must be JSON-RPC: a banner or a log line there is read as a broken message. */
export function firstBytesStep(stdout: string): Step {
  const title = 'The first bytes on stdout are JSON-RPC';
  // Only whole lines are judged: the last one may have been cut at FIRST_BYTES.
  const lines = stdout.split('\n').slice(0, -1).filter((l) => l.trim());
  if (!stdout.trim()) return { title, status: 'info', details: ['Nothing arrived on stdout.'] };
  const firstMessage = lines.findIndex(isJsonRpc);
  const foreign = lines.filter((l) => !isJsonRpc(l));
  if (!foreign.length) return { title, status: 'ok', details: [`The first ${lines.length} line${lines.length === 1 ? ' is' : 's are'} JSON-RPC messages.`] };
  const before = firstMessage < 0 ? foreign.length : lines.slice(0, firstMessage).length;
  return {
    title,
    status: 'fail',
    details: [`The server printed ${foreign.length} line${foreign.length === 1 ? '' : 's'} to stdout that ${foreign.length === 1 ? 'is' : 'are'} not JSON-RPC${before ? ` (${before} before its first message)` : ''}:`],
    output: foreign.slice(0, 10),
    fix: 'stdout is the protocol channel of a stdio server: print banners and logs to stderr instead (console.error in Node, print(..., file=sys.stderr) or logging in Python).',
  };
}

/** As a session reads it (readStdoutLine): a log record with "jsonrpc" is no message. */
function isJsonRpc(line: string): boolean {
  return 'message' in readStdoutLine(line.trim());
}
