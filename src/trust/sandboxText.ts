// A sandbox as a person reads it, for the consent question and the Servers view's tooltip: where the
// server may write, what it may not read, which hosts it may reach. Home paths as ~. No `vscode` import.
import { homedir } from 'node:os';
import { DEFAULT_DENY_READ_IN_HOME, type SandboxDefinition } from '../mcp/sandbox/sandboxDefinition';

const home = homedir();
/** `~/x` for a path in the home folder. */
export function tilde(path: string): string {
  return path === home ? '~' : path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

/** The folders every sandbox hides, as one phrase; the settings' own additions are named. */
const DEFAULT_HIDDEN = "your credential stores (~/.ssh, ~/.aws, ~/.config/gh, ~/.gnupg, cloud and package-registry tokens), browser profiles and VS Code's own storage";

/** "writes only to …; cannot read …; network: …" in one line. */
export function sandboxSummary(sandbox: SandboxDefinition): string {
  const { filesystem, network } = sandbox;
  const defaults = new Set(DEFAULT_DENY_READ_IN_HOME.map((p) => `${home}/${p}`));
  const added = filesystem.denyRead.filter((p) => !defaults.has(p));
  const parts = [
    `writes only to ${filesystem.allowWrite.map(tilde).join(', ')}${filesystem.denyWrite.length ? ` (never to ${filesystem.denyWrite.map(tilde).join(', ')})` : ''}`,
    `cannot read ${DEFAULT_HIDDEN}${added.length ? `, nor ${added.map(tilde).join(', ')}` : ''}${filesystem.allowRead.length ? ` (except ${filesystem.allowRead.map(tilde).join(', ')})` : ''}`,
    `network: ${network.allowedDomains.length ? network.allowedDomains.join(', ') : 'none'}${network.installDomains.length ? `; while it starts, to download it: ${network.installDomains.join(', ')}` : ''}`,
  ];
  return parts.join('; ');
}
