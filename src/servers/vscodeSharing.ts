// The one choice a workspace with .vscode/mcp.json needs (config/vscodeMcpJson.ts): VS Code's own MCP
// support and MCP Client must not both run its servers. By default they are left to VS Code (while its
// MCP support is on, MCP Client lists them but does not start them). "Run Here Only" turns VS Code's
// MCP support off for this workspace (`chat.mcp.access: "none"` in the workspace settings: VS Code
// has no per-server switch that an extension can set), and MCP Client then runs them; "Leave to VS
// Code" takes that workspace value out again. Asked once per workspace, and on demand by command.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { showInfo } from '../common/userMessages';
import { VSCODE_MCP_ACCESS } from '../config/configurationReader';
import type { SessionManager } from '../mcp/sessionManager';
import { l10n } from '../common/shownL10n';
import { shownArg, shownLine, TextCaps } from '../common/serverText';
import { pickOne, ShownPickItem } from '../common/shownUi';

const ASKED_KEY = 'mcpClient.vscodeSharing.asked';

export type SharingChoice = 'runHere' | 'leaveToVscode';

/** Applies a choice: the workspace value of `chat.mcp.access`, which both clients read. */
export async function applySharingChoice(choice: SharingChoice): Promise<void> {
  const config = vscode.workspace.getConfiguration();
  await config.update(VSCODE_MCP_ACCESS, choice === 'runHere' ? 'none' : undefined, vscode.ConfigurationTarget.Workspace);
}

function leftToVscode(sessions: SessionManager): string[] {
  return sessions.entries().flatMap((e) => (e.session?.definition.leftToVscode ? [e.name] : []));
}

async function chooseSharing(sessions: SessionManager): Promise<void> {
  const names = leftToVscode(sessions);
  const runsHere = vscode.workspace.getConfiguration().inspect<string>(VSCODE_MCP_ACCESS)?.workspaceValue === 'none';
  const items: (ShownPickItem & { choice: SharingChoice })[] = [
    {
      label: l10n.t('Leave to VS Code'),
      description: shownLine(runsHere ? undefined : vscode.l10n.t('current'), TextCaps.rowDescription),
      detail: l10n.t('VS Code’s own MCP support runs the servers of .vscode/mcp.json; MCP Client lists them and does not start them.'),
      choice: 'leaveToVscode',
    },
    {
      label: l10n.t('Run Here Only'),
      description: shownLine(runsHere ? vscode.l10n.t('current') : undefined, TextCaps.rowDescription),
      detail: l10n.t('MCP Client runs them, and VS Code’s own MCP support is turned off in this workspace ("chat.mcp.access": "none").'),
      choice: 'runHere',
    },
  ];
  const picked = await pickOne(items, {
    title: l10n.t('Who runs the servers of .vscode/mcp.json?'),
    placeHolder: shownArg(names.length ? vscode.l10n.t('Left to VS Code now: {0}', names.join(', ')) : undefined),
  });
  if (picked) await applySharingChoice(picked.choice);
}

/** Once per workspace, when servers are first left to VS Code: say so, and offer the other way. */
function tellOnce(sessions: SessionManager, state: vscode.Memento): vscode.Disposable {
  const check = () => {
    const names = leftToVscode(sessions);
    if (names.length === 0 || state.get<boolean>(ASKED_KEY)) return;
    void state.update(ASKED_KEY, true);
    const runHere = l10n.t('Run Here Only');
    const message =
      names.length === 1
        ? l10n.t("VS Code's own MCP support runs '{0}' (.vscode/mcp.json), so MCP Client leaves it to VS Code: no server runs twice.", shownArg(names[0]!))
        : l10n.t("VS Code's own MCP support runs {0} servers of this workspace (.vscode/mcp.json), so MCP Client leaves them to VS Code: no server runs twice.", names.length);
    void showInfo(message, runHere).then((choice) => (choice === runHere ? applySharingChoice('runHere') : undefined));
  };
  check();
  return sessions.onDidChange(check);
}

export function registerVscodeSharing(sessions: SessionManager, workspaceState: vscode.Memento): vscode.Disposable[] {
  return [vscode.commands.registerCommand(CommandIds.chooseMcpJsonRunner, () => chooseSharing(sessions)), tellOnce(sessions, workspaceState)];
}
