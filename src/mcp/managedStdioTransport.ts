// The SDK's stdio transport with four additions the session layer needs:
// - `onSpawn` hands over the ChildProcess (the SDK keeps it private), for exit codes and stopping;
// - large messages are read in linear time (linearReadBuffer.ts);
// - `onStrayLine` hears of each line on stdout that is no message, which the SDK drops (strayLines.ts);
// - on Linux and macOS the server leads a process group of its own (`detached`), so that the reaper
//   (processReaper.ts) can end it and everything it started when the extension host dies (issue 25).
//   The SDK's spawn has no such option, so start() spawns as the SDK does (same environment, pipes and
//   events), with that one difference. On Windows the SDK's own start runs (a detached Windows process
//   gets no console, and the reaper ends trees by pid there).
//
// Why this class must NOT own a `_dispose`: for version negotiation the SDK probes `server/discover`
// on a disposable sibling process (a second spawn per start, issue 12) when the transport's class
// prototype owns `_dispose`. Without one it probes in place, on the one real process, and falls back
// to `initialize` on the same pipe. Stopping the process tree is StdioProcess.stop().
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { ReadBuffer } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport, type StdioServerParameters } from '@modelcontextprotocol/client/stdio';
import { LinearReadBuffer } from './linearReadBuffer';
import type { StrayKind } from './strayLines';

export class ManagedStdioTransport extends StdioClientTransport {
  onSpawn?: (child: ChildProcess) => void;
  onStrayLine?: (line: string, kind: StrayKind) => void;

  /** `firstInput`: written to the process's stdin before any message (a sandboxed server's job, sandbox/launcherProtocol.ts). */
  constructor(
    params: StdioServerParameters,
    private readonly firstInput?: string,
  ) {
    super(params);
    // The SDK's transport creates its buffer in its constructor and keeps it private.
    const readBuffer = new LinearReadBuffer(params.maxBufferSize ?? 10 * 1024 * 1024, (line, kind) => this.onStrayLine?.(line, kind));
    (this as unknown as { _readBuffer: ReadBuffer })._readBuffer = readBuffer;
  }

  override async start(): Promise<void> {
    if (process.platform === 'win32') await super.start();
    else await this.startAsGroupLeader();
    // Both starts resolve once the process has spawned, with its three pipes.
    const child = (this as unknown as { _process: ChildProcess })._process;
    if (this.firstInput) child.stdin!.write(this.firstInput);
    this.onSpawn?.(child);
  }

  /** The SDK's start (@modelcontextprotocol/client/stdio), the process spawned `detached`: a process group of its own. */
  private startAsGroupLeader(): Promise<void> {
    const self = this as unknown as SdkInternals;
    if (self._process) throw new Error('StdioClientTransport already started! If using Client class, note that connect() calls start() automatically.');
    const params = self._serverParams;
    return new Promise((resolve, reject) => {
      const child = spawn(params.command, params.args ?? [], {
        env: { ...getDefaultEnvironment(), ...params.env },
        stdio: ['pipe', 'pipe', params.stderr ?? 'inherit'],
        shell: false,
        cwd: params.cwd,
        detached: true,
      });
      self._process = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => resolve());
      child.on('close', () => {
        self._process = undefined;
        this.onclose?.();
      });
      child.stdin!.on('error', (error) => this.onerror?.(error));
      child.stdout!.on('data', (chunk: Buffer) => {
        try {
          self._readBuffer.append(chunk);
          self.processReadBuffer();
        } catch (error) {
          this.onerror?.(error as Error);
          this.close().catch(() => undefined);
        }
      });
      child.stdout!.on('error', (error) => this.onerror?.(error));
      if (self._stderrStream) child.stderr!.pipe(self._stderrStream);
    });
  }
}

/** What start() reaches of the SDK's transport (private there, the same names as its own start uses). */
interface SdkInternals {
  _process?: ChildProcess;
  _serverParams: StdioServerParameters;
  _readBuffer: ReadBuffer;
  _stderrStream: PassThrough | null;
  processReadBuffer(): void;
}
