// The SDK's stdio transport with two additions the session layer needs:
// - `onSpawn` hands over the ChildProcess (the SDK keeps it private), for exit codes and stopping;
// - its probe sibling is reaped together with the sibling's descendants.
//
// Why a subclass with its own `_dispose`: for version negotiation the SDK probes `server/discover` on
// a disposable sibling process built with `transport.constructor`, and does so only when the
// transport's class prototype owns `_dispose` (its reaper). The SDK's reaper signals the direct child
// only, so behind a wrapper (npx, sh -c) that does not forward signals, the sibling's real server
// would be orphaned. Our `_dispose` runs the SDK's and then ends whatever the sibling had started.
import type { ChildProcess } from 'node:child_process';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { descendantsOf, isAlive, signal, waitForExit } from './processTree';

type Reaper = (this: StdioClientTransport) => Promise<void>;
const sdkDispose = (StdioClientTransport.prototype as unknown as { _dispose?: Reaper })._dispose;

export class ManagedStdioTransport extends StdioClientTransport {
  onSpawn?: (child: ChildProcess) => void;

  override async start(): Promise<void> {
    await super.start();
    const child = (this as unknown as { _process?: ChildProcess })._process;
    if (child) this.onSpawn?.(child);
  }
}

if (sdkDispose) {
  Object.defineProperty(ManagedStdioTransport.prototype, '_dispose', {
    configurable: true,
    writable: true,
    value: async function (this: ManagedStdioTransport): Promise<void> {
      const pid = this.pid;
      const tree = pid ? await descendantsOf(pid) : [];
      await sdkDispose.call(this);
      const left = tree.filter(isAlive);
      if (!left.length) return;
      signal(left, 'SIGTERM');
      if (!(await waitForExit(left, 1000))) signal(left.filter(isAlive), 'SIGKILL');
    },
  });
}
