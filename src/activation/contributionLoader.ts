// Loads dist/features.js (see features.ts) once: just after activation, or earlier when something
// needs it first. Until then every contributed command is a stand-in, so that a command that activates
// the extension (onCommand) finds itself registered: the stand-in loads the features, which replace it
// with the real command, and runs that. A plain require of a separate file, which esbuild leaves alone
// (esbuild.mjs marks it external), so the activation bundle does not contain it.
import * as vscode from 'vscode';
import type * as FeaturesModule from './features';
import type { FeatureHost, Features } from './features';

export class FeatureLoader implements vscode.Disposable {
  private features: Features | undefined;
  private standIns: vscode.Disposable[];

  constructor(
    private readonly host: FeatureHost,
    commandIds: readonly string[],
    // The bundle to load; host tests pass a stand-in module.
    private readonly requireFeatures: () => Pick<typeof FeaturesModule, 'activateFeatures'> = () => require('./features') as typeof FeaturesModule,
  ) {
    this.standIns = commandIds.map((id) =>
      vscode.commands.registerCommand(id, (...args: unknown[]) => {
        this.load();
        return vscode.commands.executeCommand(id, ...args);
      }),
    );
  }

  load(): Features {
    if (!this.features) {
      const module = this.requireFeatures();
      // The real commands take over the stand-ins' ids (a command id can be registered only once).
      for (const standIn of this.standIns.splice(0)) standIn.dispose();
      this.features = module.activateFeatures(this.host);
    }
    return this.features;
  }

  dispose(): void {
    for (const d of [...this.standIns.splice(0), ...(this.features?.disposables ?? [])]) d.dispose();
  }
}
