// A sandboxed start's words and signals: what the server's output says about its sandbox, the end of the
// install phase, and the error of a start that cannot be sandboxed (never run unsandboxed instead).
import { StartFailure } from '../startFailure';
import type { ServerDefinition } from '../serverDefinition';
import { INSTALL_DONE_SIGNAL } from './launcherProtocol';
import type { SandboxDefinition } from './sandboxDefinition';

/** One line for the server's output, at every start. */
export function describeSandbox(sandbox: SandboxDefinition): string {
  const { filesystem, network } = sandbox;
  const hosts = network.allowedDomains.length ? network.allowedDomains.join(', ') : 'none';
  const install = network.installDomains.length ? `; while it starts (to download it): ${network.installDomains.join(', ')}` : '';
  return (
    `Sandboxed: it may write only to ${filesystem.allowWrite.join(', ')}` +
    `${filesystem.denyWrite.length ? ` (never to ${filesystem.denyWrite.join(', ')})` : ''}; ` +
    `it may not read ${filesystem.denyRead.length} credential and private folders (the Servers view's tooltip lists them)` +
    `${filesystem.allowRead.length ? ` except ${filesystem.allowRead.join(', ')}` : ''}; network: ${hosts}${install}.`
  );
}

/** The server has answered: the package registry of its start is no longer reachable. */
export function endInstallPhase(launcherPid: number): void {
  try {
    process.kill(launcherPid, INSTALL_DONE_SIGNAL);
  } catch {
    // It has exited; there is nothing to close.
  }
}

/** The start's error when the sandbox cannot run: what is missing, the fix, and that nothing ran. */
export function sandboxUnavailable(definition: ServerDefinition, unavailable: { missing: string; fix: string }, cause: unknown): StartFailure {
  const why =
    definition.sandbox?.reason === 'setting'
      ? 'its settings ask for a sandbox ("sandbox": { "enabled": true })'
      : 'mcpClient.sandbox.default says servers like it run sandboxed';
  return new StartFailure(
    'sandbox-unavailable',
    `Cannot run "${definition.name}" in its sandbox: ${unavailable.missing} is missing. To fix it: ${unavailable.fix}. ` +
      `The server was not started, and it is not run without its sandbox, since ${why}.`,
    cause,
  );
}
