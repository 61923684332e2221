// The one mechanism for loading late (the ESLint client's activate/realActivate idea): loads
// dist/contributions.js (contributions.ts) once, just after activation, or earlier when something needs
// it first. Until then every contributed command is a stand-in, so that a command that activates the
// extension (onCommand) finds itself registered: the stand-in loads the contributions, which replace it
// with the real command, and runs that. The @mcp participant and the resource file system hand their
// calls over the same way (activate.ts, standInFileSystem.ts). A plain require of a separate file,
// which esbuild leaves alone (esbuild.mjs marks it external), so the activation bundle does not contain it.
import * as vscode from 'vscode';
import type * as ContributionsModule from './contributions';
import type { ActivationHost, Contributions } from './contributions';

export class ContributionLoader implements vscode.Disposable {
  private contributions: Contributions | undefined;
  private standIns: vscode.Disposable[];

  constructor(
    private readonly host: ActivationHost,
    commandIds: readonly string[],
    // The bundle to load; host tests pass a stand-in module.
    private readonly requireContributions: () => Pick<typeof ContributionsModule, 'activateContributions'> = () =>
      require('./contributions') as typeof ContributionsModule,
  ) {
    this.standIns = commandIds.map((id) =>
      vscode.commands.registerCommand(id, (...args: unknown[]) => {
        this.load();
        return vscode.commands.executeCommand(id, ...args);
      }),
    );
  }

  load(): Contributions {
    if (!this.contributions) {
      const module = this.requireContributions();
      // The real commands take over the stand-ins' ids (a command id can be registered only once).
      for (const standIn of this.standIns.splice(0)) standIn.dispose();
      this.contributions = module.activateContributions(this.host);
    }
    return this.contributions;
  }

  dispose(): void {
    for (const d of [...this.standIns.splice(0), ...(this.contributions?.disposables ?? [])]) d.dispose();
  }
}
