// Sharing a workspace's .vscode/mcp.json with VS Code's own MCP support (config/vscodeMcpJson.ts): no
// server runs twice, and nothing is claimed that is not so (issue 25, defect 8).
//   - A watcher looks at this extension host's children every few seconds while an mcp.json exists and
//     VS Code's MCP support is on: VS Code starts its stdio servers from the extension host, so a child that
//     MCP Client did not start is one of VS Code's. When what VS Code runs changes, the servers are read
//     again, and a server VS Code now runs is stopped here (or one it stopped runs here again).
//   - The user is told in one notification that names every server stopped (or started) because of it,
//     and once per workspace that MCP Client runs the mcp.json servers VS Code has not started.
//   - "Choose Who Runs the Servers of .vscode/mcp.json…": Run Here Only turns VS Code's MCP support off for
//     this workspace (`chat.mcp.access: "none"`; VS Code has no per-server switch an extension can set);
//     Leave to VS Code takes that value out again.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { showInfo } from '../common/userMessages';
import { VSCODE_MCP_ACCESS } from '../config/configurationReader';
import { mcpJsonFound, setVscodeProcesses } from '../config/vscodeMcpReader';
import { processReaper } from '../mcp/processReaper';
import { childrenOf } from '../mcp/processTree';
import type { SessionManager } from '../mcp/sessionManager';
import { l10n } from '../common/shownL10n';
import { shownArg, shownLine, TextCaps, type ShownText } from '../common/serverText';
import { pickOne, ShownPickItem } from '../common/shownUi';
import { SessionState } from '../mcp/sessionState';

const TOLD_RUN_HERE_KEY = 'mcpClient.vscodeSharing.toldRunHere';
/** How often the extension host's children are looked at (a /proc read; only while an mcp.json exists). */
const WATCH_MS = 5000;

export type SharingChoice = 'runHere' | 'leaveToVscode';

/** Applies a choice: the workspace value of `chat.mcp.access`, which both clients read. */
export async function applySharingChoice(choice: SharingChoice): Promise<void> {
  const config = vscode.workspace.getConfiguration();
  await config.update(VSCODE_MCP_ACCESS, choice === 'runHere' ? 'none' : undefined, vscode.ConfigurationTarget.Workspace);
}

const vscodeMcpOn = () => vscode.workspace.getConfiguration().get<string>(VSCODE_MCP_ACCESS, 'all') !== 'none';

/** 'a', 'a' and 'b', 'a', 'b' and 'c': every name, quoted. */
export function nameList(names: readonly string[]): ShownText {
  return shownArg(new Intl.ListFormat(vscode.env.language || 'en', { type: 'conjunction' }).format(names.map((n) => `'${shownLine(n)}'`)));
}

function leftToVscode(sessions: SessionManager): string[] {
  return sessions.entries().flatMap((e) => (e.session?.definition.leftToVscode ? [e.name] : []));
}

/** mcp.json servers MCP Client runs (or is starting) because VS Code does not. */
function runHereFromMcpJson(sessions: SessionManager): string[] {
  return sessions.entries().flatMap((e) => {
    const s = e.session;
    return s?.definition.definedIn && !s.definition.leftToVscode && (SessionState.isRunning(s.state) || s.state.kind === 'starting') ? [e.name] : [];
  });
}

/** An mcp.json server MCP Client is about to run: starting, or waiting (for consent) to start. */
function mcpJsonStarting(sessions: SessionManager): boolean {
  return sessions.entries().some((e) => {
    const s = e.session;
    if (!s?.definition.definedIn || s.definition.leftToVscode || e.deferred || !s.definition.autoStart) return false;
    return s.state.kind === 'starting' || (s.state.kind === 'stopped' && !s.state.reason);
  });
}

async function chooseSharing(sessions: SessionManager): Promise<void> {
  const names = leftToVscode(sessions);
  const runsHere = vscode.workspace.getConfiguration().inspect<string>(VSCODE_MCP_ACCESS)?.workspaceValue === 'none';
  const items: (ShownPickItem & { choice: SharingChoice })[] = [
    {
      label: l10n.t('Leave to VS Code'),
      description: shownLine(runsHere ? undefined : vscode.l10n.t('current'), TextCaps.rowDescription),
      detail: l10n.t('VS Code’s own MCP support runs the servers of .vscode/mcp.json and .mcp.json when its chat starts them; until then MCP Client runs them, and stops its copy when VS Code starts one.'),
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
    title: l10n.t('Who runs the servers of .vscode/mcp.json and .mcp.json?'),
    placeHolder: names.length ? l10n.t('Run by VS Code now: {0}', shownArg(names.join(', '))) : l10n.t('VS Code runs none of them now'),
  });
  if (picked) await applySharingChoice(picked.choice);
}

/** Looks at what VS Code runs; reads the servers again when that changes. */
function watchVscodeProcesses(sessions: SessionManager, reconcile: () => void): vscode.Disposable {
  let seen = '';
  let busy = false;
  const look = async () => {
    if (busy) return;
    busy = true;
    try {
      const watching = vscodeMcpOn() && mcpJsonFound();
      // Only processes that could be a configured server (the same program): the extension host starts
      // others all the time (git, language servers), and they change nothing here.
      const commands = new Set(sessions.entries().flatMap((e) => (e.session?.definition.transport.type === 'stdio' ? [e.session.definition.transport.command] : [])));
      const theirs = watching ? (await childrenOf(process.pid, (program) => commands.has(program), (pid) => processReaper.isOurs(pid))).filter((p) => commands.has(p.argv?.[0] ?? p.commandLine.split(' ')[0]!)) : [];
      const now = theirs.map((p) => `${p.pid} ${p.commandLine}`).sort().join('\n');
      if (now === seen) return;
      seen = now;
      setVscodeProcesses(theirs);
      reconcile();
    } catch {
      // The process table could not be read this time; the next look tries again.
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void look(), WATCH_MS);
  void look();
  return new vscode.Disposable(() => clearInterval(timer));
}

/** Says what changed: servers stopped because VS Code runs them, started because it stopped; and once, that MCP Client runs them. */
function tellChanges(sessions: SessionManager, state: vscode.Memento): vscode.Disposable {
  let left = new Set(leftToVscode(sessions));
  let pending = false;
  // Once the change in progress is whole (one reconcile changes every server it concerns, one event each).
  const later = () => {
    if (pending) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      check();
    });
  };
  const check = () => {
    const nowLeft = new Set(leftToVscode(sessions));
    const stopped = [...nowLeft].filter((n) => !left.has(n));
    const back = [...left].filter((n) => !nowLeft.has(n) && sessions.entries().some((e) => e.name === n));
    left = nowLeft;
    if (stopped.length) {
      void showInfo(
        stopped.length === 1
          ? l10n.t("VS Code's own MCP support now runs {0}, so MCP Client stopped its copy.", nameList(stopped))
          : l10n.t("VS Code's own MCP support now runs {0}, so MCP Client stopped its copies.", nameList(stopped)),
      );
    }
    if (back.length) void showInfo(l10n.t("VS Code's own MCP support no longer runs {0}: MCP Client runs them again.", nameList(back)));
    // Said once they have settled (all started, or declined), so that one notice names them all.
    if (mcpJsonStarting(sessions)) return;
    const ours = runHereFromMcpJson(sessions);
    if (ours.length && !state.get<boolean>(TOLD_RUN_HERE_KEY) && vscodeMcpOn()) {
      void state.update(TOLD_RUN_HERE_KEY, true);
      const choose = l10n.t('Choose Who Runs Them…');
      // The files they come from (.vscode/mcp.json, the root .mcp.json), as each is shown in the Servers view.
      const files = [...new Set(ours.map((n) => sessions.get(n)?.definition.definedIn ?? '.vscode/mcp.json'))].join(', ');
      void showInfo(l10n.t("VS Code's own MCP support has not started {0} of {1}, so MCP Client runs them; when VS Code starts one, MCP Client stops its copy.", nameList(ours), shownArg(files)), choose).then(
        (choice) => (choice ? chooseSharing(sessions) : undefined),
      );
    }
  };
  return sessions.onDidChange(later);
}

export function registerVscodeSharing(sessions: SessionManager, workspaceState: vscode.Memento, reconcile: () => void): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(CommandIds.chooseMcpJsonRunner, () => chooseSharing(sessions)),
    tellChanges(sessions, workspaceState),
    watchVscodeProcesses(sessions, reconcile),
  ];
}
