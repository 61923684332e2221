// "MCP Client: Call Tool…": from the Tools view (a tool node), from the palette (pick a tool of any
// running server), or programmatically with { server, tool, arguments }. Returns what happened, so
// scripts and the host tests can see the result document and its verdicts.
import type { Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { pickExactFirst } from '../common/exactMatchFirst';
import { showError, showInfo } from '../common/userMessages';
import { getDisplayName } from '../mcp/displayName';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import type { ArgumentDocuments } from './argumentDocuments';
import { collectArguments } from './collectArguments';
import { runToolAndShow, type ToolCallOutcome } from './runTool';
import type { ToolTasks } from '../mcp/tasks/toolTasks';
import type { ToolApps } from '../apps/toolApps';
import type { ToolCatalog } from './toolCatalog';
import { appMark, isAppOnly, toolIcon } from './toolsTree';
import type { IconCache } from '../icons/iconCache';
import type { ToolResultDocuments } from './toolResultDocuments';
import type { UserAnswers } from '../common/userAnswers';

interface CallArgs {
  server?: string;
  tool?: Tool | string;
  arguments?: Record<string, unknown>;
  /** Open the arguments document filled in with `arguments` even when they are valid (edit and run again). */
  editArguments?: boolean;
}

/** The arguments of each tool's last refused call (an error result), by server and tool, for its next Call Tool…. */
const refused = new Map<string, Record<string, unknown>>();

export function registerCallToolCommand(sessions: SessionManager, catalog: ToolCatalog, documents: ToolResultDocuments, answers: UserAnswers, apps: ToolApps, argumentDocuments: ArgumentDocuments, icons?: IconCache, tasks?: ToolTasks): vscode.Disposable {
  return vscode.commands.registerCommand(CommandIds.callTool, async (arg?: CallArgs): Promise<ToolCallOutcome | undefined> => {
    // A call that names its server is that server's first use (start policy onFirstUse).
    if (arg?.server) await sessions.use(arg.server);
    await catalog.load();
    let server = arg?.server;
    let tool = typeof arg?.tool === 'string' ? (server ? catalog.find(server, arg.tool) : undefined) : arg?.tool;
    if (server && typeof arg?.tool === 'string' && !tool) {
      void showError(vscode.l10n.t("server '{0}' has no tool named '{1}' (or is not running).", server, arg.tool));
      return { error: 'unknown tool' };
    }
    if (!server || !tool) {
      const picked = await pickTool(answers, catalog, icons);
      if (!picked) return undefined;
      ({ server, tool } = picked);
    }
    // A tool shown from the catalog store: picking it is the server's first use.
    if (!SessionState.isRunning(sessions.get(server)?.state ?? { kind: 'stopped' })) {
      await sessions.use(server);
      await catalog.load();
      tool = catalog.find(server, tool.name) ?? tool;
    }
    const session = sessions.get(server);
    if (!session || !SessionState.isRunning(session.state)) {
      void showError(vscode.l10n.t("server '{0}' is not running.", server));
      return { error: 'not running' };
    }
    const key = `${server}\n${tool.name}`;
    const args = await collectArguments(answers, argumentDocuments, server, tool, arg?.arguments, { previous: refused.get(key), edit: arg?.editArguments });
    if (!args) return { cancelled: true };
    const outcome = await runToolAndShow(session, tool, args, documents, apps, tasks);
    // A call the server refused starts from what the user gave it next time, to correct it, not retype it.
    if (outcome.isError || outcome.error) refused.set(key, args);
    else refused.delete(key);
    return outcome;
  });
}

/** The row that lists the tools only apps call too (they are left out at first: a person rarely wants them). */
const SHOW_APP_ONLY = '*app-only*';

async function pickTool(answers: UserAnswers, catalog: ToolCatalog, icons: IconCache | undefined): Promise<{ server: string; tool: Tool } | undefined> {
  const all = catalog.servers().flatMap((s) =>
    s.items.map((tool) => {
      const app = appMark(tool);
      const cached = s.cached ? ` · $(history) ${vscode.l10n.t('cached')}` : '';
      return { label: getDisplayName(tool), description: `${s.server} · ${tool.name}${app ? ` · $(window) ${app}` : ''}${cached}`, detail: tool.description, iconPath: toolIcon(tool, icons), server: s.server, tool };
    }),
  );
  if (all.length === 0) {
    void showInfo(vscode.l10n.t('no running server offers tools.'));
    return undefined;
  }
  for (let withAppOnly = false; ; withAppOnly = true) {
    const items = withAppOnly ? all : all.filter((i) => !isAppOnly(i.tool));
    const hidden = all.length - items.length;
    const more = hidden > 0 && !withAppOnly ? [{ label: `$(eye) ${hidden === 1 ? vscode.l10n.t('Show 1 tool only apps call…') : vscode.l10n.t('Show {0} tools only apps call…', hidden)}`, alwaysShow: true, key: SHOW_APP_ONLY }] : [];
    const rows = [...items.map((i) => ({ ...i, key: `${i.server}/${i.tool.name}` })), ...more];
    const picked = await answers.decide<string | undefined>({ kind: 'tool.pick', tools: items.map((i) => `${i.server}/${i.tool.name}`), hidden, descriptions: items.map((i) => i.description), icons: items.map((i) => describeIcon(i.iconPath)) }, async () => {
      const item = await pickExactFirst(rows, (i) => ('tool' in i ? [i.tool.name, i.tool.title, i.label] : []), {
        title: vscode.l10n.t('Call an MCP tool'),
        placeHolder: vscode.l10n.t('Type to search the tools of every running server (name, title, server, description)'),
        matchOnDescription: true,
        matchOnDetail: true,
      });
      return item?.key;
    });
    if (picked === SHOW_APP_ONLY) continue;
    return all.find((i) => `${i.server}/${i.tool.name}` === picked);
  }
}

/** What a row shows as its icon, in words (for the recorded question): a theme icon's id or the image file's name. */
function describeIcon(icon: ReturnType<typeof toolIcon>): string {
  if (icon instanceof vscode.ThemeIcon) return icon.id;
  return (icon instanceof vscode.Uri ? icon : icon.light).path;
}
