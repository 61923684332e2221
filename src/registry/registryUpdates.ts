// Keeping up: which installed registry servers have a newer version published. Checked in the background
// after activation, when registry servers are added or changed in settings, and every six hours (unless
// `mcpClient.registry.checkForUpdates` is off), or when the user asks. The Servers view shows the result
// on each node; a new version is announced once, not at every check.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { ownVoice, showInfo } from '../common/userMessages';
import type { UserAnswers } from '../common/userAnswers';
import { readInstalledServers, type InstalledServer } from './installedServers';
import { isNewerVersion } from './naming';
import type { RegistryClient } from './registryClient';
import { readRegistrySettings } from './registrySettings';
import type { RegistryEntry } from './serverJson';
import { l10n } from '../common/shownL10n';
import { shownArg } from '../common/serverText';

const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;
const ANNOUNCED_KEY = 'mcpClient.registry.announcedUpdates';

export interface AvailableUpdate {
  installed: InstalledServer;
  latest: RegistryEntry;
}

export interface CheckResult {
  updates: AvailableUpdate[];
  /** One message per registry that could not be asked. */
  errors: string[];
}

export class RegistryUpdates implements vscode.Disposable {
  private available = new Map<string, AvailableUpdate>();
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changeEmitter.event;
  private readonly timer: NodeJS.Timeout;
  private checking: Promise<CheckResult> | undefined;
  private checkedFor = '';

  constructor(
    private readonly clientFor: (registryUrl: string) => Promise<RegistryClient>,
    private readonly memento: vscode.Memento,
    private readonly answers: UserAnswers,
    private readonly onUpdate: (update: AvailableUpdate) => Promise<unknown>,
  ) {
    this.timer = setInterval(() => void this.checkInBackground(true), CHECK_EVERY_MS);
  }

  /** The update for a server of the Servers view, if one is known. */
  updateFor(name: string): AvailableUpdate | undefined {
    return this.available.get(name);
  }

  /** Checks now; `announce` shows new versions as a notification. Concurrent calls share one check. */
  check(announce: boolean): Promise<CheckResult> {
    return (this.checking ??= this.run(announce).finally(() => (this.checking = undefined)));
  }

  /** A check that only the Servers view and a notification report: when settings change, and on the timer. */
  async checkInBackground(force = false): Promise<void> {
    if (!readRegistrySettings().checkForUpdates) return;
    // Settings changes that do not touch registry servers need no new check.
    const key = JSON.stringify(readInstalledServers().map((s) => [s.name, s.registry]));
    if (!force && key === this.checkedFor) return;
    this.checkedFor = key;
    await this.check(true);
  }

  private async run(announce: boolean): Promise<CheckResult> {
    const installed = readInstalledServers();
    const errors: string[] = [];
    const unreachable = new Set<string>();
    const found = new Map<string, AvailableUpdate>();
    const byRegistry = new Map<string, InstalledServer[]>();
    for (const server of installed) byRegistry.set(server.registry.url, [...(byRegistry.get(server.registry.url) ?? []), server]);
    await Promise.all(
      [...byRegistry].map(async ([url, servers]) => {
        try {
          const client = await this.clientFor(url);
          for (const server of servers) {
            const latest = await client.version(server.registry.name).catch((e: { status?: number }) => {
              // A server the registry no longer lists has no update; any other failure is the registry's.
              if (e.status === 404) return undefined;
              throw e;
            });
            if (latest && isNewerVersion(latest.server.version, server.registry.version)) found.set(server.name, { installed: server, latest });
          }
        } catch (error) {
          errors.push((error as Error).message);
          unreachable.add(url);
        }
      }),
    );
    // What was known about the servers of a registry that could not be asked this time still holds.
    for (const [name, update] of this.available) {
      const still = installed.find((s) => s.name === name && s.registry.version === update.installed.registry.version);
      if (still && unreachable.has(still.registry.url)) found.set(name, update);
    }
    this.available = found;
    this.changeEmitter.fire();
    await this.announce([...found.values()], announce);
    return { updates: [...found.values()], errors };
  }

  /** One notification for the versions not announced before (`show` false: the caller tells the user itself). */
  private async announce(updates: AvailableUpdate[], show: boolean): Promise<void> {
    const announced = new Set(this.memento.get<string[]>(ANNOUNCED_KEY) ?? []);
    const fresh = updates.filter((u) => !announced.has(`${u.installed.registry.name}@${u.latest.server.version}`));
    if (fresh.length === 0) return;
    await this.memento.update(ANNOUNCED_KEY, [...announced, ...fresh.map((u) => `${u.installed.registry.name}@${u.latest.server.version}`)].slice(-200));
    if (!show) return;
    const list = fresh.map((u) => l10n.t("'{0}' {1} (installed: {2})", shownArg(u.installed.name), shownArg(u.latest.server.version), shownArg(u.installed.registry.version))).join(', ');
    const message = fresh.length === 1 ? l10n.t('a newer version is available: {0}.', shownArg(list)) : l10n.t('newer versions are available: {0}.', shownArg(list));
    const action = fresh.length === 1 ? l10n.t('Update') : l10n.t('Update All');
    const servers = l10n.t('Show Servers');
    // Not awaited: a check is over when its result is known, not when the user answers the notification.
    void this.answers
      .decide({ kind: 'registryUpdates', servers: fresh.map((u) => u.installed.name), message: ownVoice(message) }, () => showInfo(message, action, servers))
      .then(async (choice) => {
        if (choice === action) for (const update of fresh) await this.onUpdate(update);
        if (choice === servers) void vscode.commands.executeCommand(CommandIds.showServers);
      });
  }

  /** Forgets an update once it is installed. */
  updated(name: string): void {
    if (this.available.delete(name)) this.changeEmitter.fire();
  }

  dispose(): void {
    clearInterval(this.timer);
    this.changeEmitter.dispose();
  }
}
