// The sandbox launcher: one process per sandboxed server (dist/sandboxLauncher.mjs, run on the extension
// host's own Node). It reads its job (launcherProtocol.ts) from stdin, sets up @anthropic-ai/sandbox-runtime
// for this one server (its proxies, its violation monitor), runs the server inside bubblewrap (Linux) or
// Seatbelt (macOS) with the server's stdin, stdout and stderr, reports every refusal the runtime sees, and
// exits with the server. Why a process of its own and not the library inside the extension host: the
// library's SandboxManager is one per process (one configuration, one violation monitor whose lists are
// fixed when it starts), and servers have different sandboxes; it also installs process-wide signal and
// exit handlers, and its proxies die with the server they serve.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { SandboxManager } from '@anthropic-ai/sandbox-runtime';
import { encodeReport, INSTALL_DONE_SIGNAL, UNAVAILABLE_EXIT_CODE, type LauncherReport } from './launcherProtocol';
import { ownFolders } from './sandboxDefinition';
import { startDebugBridge } from './debugBridge';
import { protectedInside } from './workspaceProtection';
import { innerCommand, outerEnvironment } from './launcherEnvironment';
import { APT, keepHelperExecutable, missingPieces, writeFoldersOutside } from './launcherChecks';
import { exitCodeOf, runtimeConfig, violationTeller } from './launcherRuntime';
import { readJob } from './launcherStdin';

async function main(): Promise<void> {
  const job = readJob();
  const report = (r: LauncherReport) => process.stderr.write(encodeReport(job.nonce, r));
  const found = missingPieces();
  if (found.unavailable) {
    report(found.unavailable);
    process.exit(UNAVAILABLE_EXIT_CODE);
  }
  const invalid = writeFoldersOutside(job.sandbox);
  if (invalid) {
    report({ kind: 'invalid', message: invalid });
    process.exit(UNAVAILABLE_EXIT_CODE);
  }
  for (const dir of ownFolders(job.sandbox)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  keepHelperExecutable();
  const protectedPaths = protectedInside(job.sandbox.filesystem.protect);
  // The runtime protects its working directory's dangerous files with placeholders it creates there: give
  // it the server's own folder (the server itself still runs in its own cwd; see workspaceProtection.ts).
  process.chdir(job.sandbox.ownDir);
  // Dev mode's debugger: its connections go through the proxy, to this one port outside (debugBridge.ts).
  const bridge = job.debug?.mode === 'inspector' ? await startDebugBridge(job.debug.port) : undefined;
  const debugHosts = job.debug ? [`127.0.0.1:${bridge?.bridgePort ?? job.debug.port}`] : [];
  try {
    await SandboxManager.initialize(runtimeConfig(job.sandbox, { tools: found.tools, withInstall: true, debugHosts, protectedPaths }), undefined, true);
  } catch (error) {
    report({ kind: 'unavailable', missing: `the sandbox runtime (${(error as Error).message})`, fix: `check that bubblewrap, socat and ripgrep work: ${APT}` });
    process.exit(UNAVAILABLE_EXIT_CODE);
  }

  // Every refusal the runtime sees (the seccomp observer's writes, the proxy's connections; on macOS the
  // Seatbelt log), once each, as it happens.
  const store = SandboxManager.getSandboxViolationStore();
  const tell = violationTeller(store, report);
  store.subscribe(tell);

  process.on(INSTALL_DONE_SIGNAL, () => {
    if (job.sandbox.network.installDomains.length === 0) return;
    SandboxManager.updateConfig(runtimeConfig(job.sandbox, { tools: found.tools, withInstall: false, debugHosts, protectedPaths }));
    report({ kind: 'installDone', domains: job.sandbox.network.installDomains });
  });

  const relay = job.debug ? [job.debug.node, job.debug.relay, job.debug.mode, String(job.debug.port), String(bridge?.bridgePort ?? 0), '--'] : [];
  const relayEnv: Record<string, string> = job.debug && !job.env.ELECTRON_RUN_AS_NODE ? { ELECTRON_RUN_AS_NODE: '1', MCP_CLIENT_RELAY_UNSET_ELECTRON: '1' } : {};
  const wrapped = await SandboxManager.wrapWithSandbox(innerCommand(job, relay, relayEnv), undefined, undefined, undefined, { commandId: job.nonce, commandText: job.command });
  // `exec`: bubblewrap is this process's own child, so its --die-with-parent ends the sandbox even when this
  // launcher is killed outright (SIGKILL); the reaper (processReaper.ts) ends this launcher's process group.
  const child = spawn(`exec ${wrapped}`, { shell: true, stdio: 'inherit', env: outerEnvironment(job.env), cwd: job.cwd });
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(sig, () => child.kill(sig));
  child.on('error', (error) => {
    process.stderr.write(`MCP Client sandbox: could not start the sandbox (${error.message})\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    // The monitor's last events may still be on their way from the sandbox. Not unref'd: after a SIGTERM or
    // SIGINT the runtime's own handler has closed its proxies, and nothing else would keep this process
    // alive to tell them and to exit with the code the signal gives (it ended with 0, the last refusals untold).
    setTimeout(() => {
      tell();
      bridge?.close();
      SandboxManager.cleanupAfterCommand();
      void SandboxManager.reset().finally(() => process.exit(exitCodeOf(code, signal)));
    }, 100);
  });
}

main().catch((error) => {
  process.stderr.write(`MCP Client sandbox launcher: ${(error as Error).message}\n`);
  process.exit(1);
});
