// Sandboxed servers in the UI (issue 28), wired once: the Servers view's mark on each sandboxed server
// (what it may reach, what it was refused) and "Allow … for this server", which writes the setting a
// refusal asks for, after the user confirms, where the server is defined. The sandbox itself runs in the
// session layer (mcp/sandbox/); the refusals come from there through one RefusalLog.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { SettingKeys } from '../common/settingKeys';
import { showError, showInfo } from '../common/userMessages';
import type { UserAnswers } from '../common/userAnswers';
import { RefusalLog } from '../mcp/sandbox/sandboxMonitor';
import type { SessionManager } from '../mcp/sessionManager';
import { sandboxSummary, tilde } from '../trust/sandboxText';
import { allowanceFor, refusedFor, withAllowance, type Allowance } from './allowance';

export interface SandboxFeature {
  /** Handed to every session: where its sandbox's refusals go. */
  refusals: RefusalLog;
  /** For the Servers view (ServerNotes). */
  notes: { onDidChange: vscode.Event<void>; noteFor(name: string): { description: string; tooltip: string; contextWord?: string; mark: string } | undefined };
  disposables: vscode.Disposable[];
}

export function registerSandbox(sessions: SessionManager, answers: UserAnswers): SandboxFeature {
  const refusals = new RefusalLog();
  const changed = new vscode.EventEmitter<void>();
  const listener = refusals.onDidChange(() => changed.fire());
  return {
    refusals,
    notes: {
      onDidChange: changed.event,
      noteFor: (name) => {
        const sandbox = sessions.get(name)?.definition.sandbox;
        if (!sandbox) return undefined;
        const refused = refusals.of(name);
        const lastRefused = refused.at(-1);
        return {
          description: refused.length ? vscode.l10n.t('sandboxed · {0} refused', refused.length) : vscode.l10n.t('sandboxed'),
          tooltip: [
            vscode.l10n.t('Sandboxed: {0}.', sandboxSummary(sandbox)),
            lastRefused ? vscode.l10n.t('Refused since it started: {0}. Use "Allow … for This Server" to allow one.', refused.map((r) => `${r.kind} ${tilde(r.target)}`).join(', ')) : undefined,
          ]
            .filter(Boolean)
            .join(' '),
          ...(refused.length ? { contextWord: 'sandboxRefused' } : {}),
          mark: '🔒',
        };
      },
    },
    disposables: [
      listener,
      changed,
      refusals,
      vscode.commands.registerCommand(CommandIds.allowSandboxAccess, async (arg?: string | { name?: string }) => {
        const name = typeof arg === 'string' ? arg : arg?.name;
        if (name) await allowForServer(name, sessions, refusals, answers);
      }),
    ],
  };
}

const verb = (a: Allowance) =>
  a.kind === 'write' ? vscode.l10n.t('Allow writing in {0}', tilde(a.value)) : a.kind === 'read' ? vscode.l10n.t('Allow reading {0}', tilde(a.value)) : vscode.l10n.t('Allow connecting to {0}', a.value);

async function allowForServer(name: string, sessions: SessionManager, refusals: RefusalLog, answers: UserAnswers): Promise<void> {
  const session = sessions.get(name);
  const offered = [...new Map(refusals.of(name).map((r) => allowanceFor(r)).map((a) => [`${a.key} ${a.value}`, a])).values()].reverse();
  if (!session || offered.length === 0) {
    void showInfo(vscode.l10n.t("the sandbox of '{0}' has refused nothing since it started.", name));
    return;
  }
  const picked = await answers.decide<Allowance | undefined>({ kind: 'sandboxAllow', server: name, offered: offered.map(verb) }, async () => {
    const items = offered.map((a) => ({ label: verb(a), description: `sandbox.${a.key}`, allowance: a }));
    return (await vscode.window.showQuickPick(items, { title: vscode.l10n.t("Allow for the MCP server '{0}'", name), placeHolder: vscode.l10n.t('What its sandbox refused, newest first') }))?.allowance;
  });
  if (!picked) return;
  const scope = session.definition.scope;
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  const refused = refusedFor(scope, picked, folders);
  if (refused) {
    void showError(vscode.l10n.t("cannot {0} for '{1}': {2}. Define the server in your user settings to allow it there, if you trust it.", verb(picked).toLowerCase(), name, refused));
    return;
  }
  const where = scope === 'user' ? vscode.l10n.t('your user settings') : scope === 'workspace' ? vscode.l10n.t('the workspace settings') : vscode.l10n.t("the settings of folder '{0}'", session.definition.folder ?? '');
  const allow = vscode.l10n.t('Allow');
  const confirmed = await answers.decide<boolean>({ kind: 'sandboxAllowConfirm', server: name, allowance: picked }, async () => {
    const detail = vscode.l10n.t('This adds "{0}" to mcpClient.servers.{1}.sandbox.{2} in {3}, and the server restarts.', picked.value, name, picked.key, where);
    return (await vscode.window.showWarningMessage(vscode.l10n.t("{0} for the MCP server '{1}'?", verb(picked), name), { modal: true, detail }, allow)) === allow;
  });
  if (!confirmed) return;
  const written = await writeAllowance(name, scope, session.definition.folder, picked);
  if (!written) void showError(vscode.l10n.t("'{0}' is not defined in {1} (a server from .vscode/mcp.json?): add \"{2}\" to its sandbox.{3} where it is defined.", name, where, picked.value, picked.key));
}

/** Adds the allowance to the entry in the settings of `scope`; false when the entry is not there. */
async function writeAllowance(name: string, scope: 'user' | 'workspace' | 'folder', folderName: string | undefined, allowance: Allowance): Promise<boolean> {
  const folder = scope === 'folder' ? vscode.workspace.workspaceFolders?.find((f) => f.name === folderName) : undefined;
  const config = vscode.workspace.getConfiguration(undefined, folder?.uri);
  const inspected = config.inspect<Record<string, Record<string, unknown>>>(SettingKeys.servers);
  const servers = scope === 'user' ? inspected?.globalValue : scope === 'workspace' ? inspected?.workspaceValue : inspected?.workspaceFolderValue;
  const entry = servers?.[name];
  if (!servers || !entry || typeof entry !== 'object') return false;
  const target = scope === 'user' ? vscode.ConfigurationTarget.Global : scope === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.WorkspaceFolder;
  await config.update(SettingKeys.servers, { ...servers, [name]: withAllowance(entry, allowance) }, target);
  return true;
}
