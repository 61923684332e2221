// The Resources view's commands: Open, Open to the Side, Copy URI, Refresh, Load More, Ask about this
// resource (the @mcp participant's /resource command), Find Resource…, Open Resource from Template….
import * as vscode from 'vscode';
import type { ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import { CommandIds, VscodeCommandIds } from '../common/commandIds';
import { showError, showInfo } from '../common/userMessages';
import { isAppResource } from '../mcp/apps/uiExtension';
import { describeError } from '../mcp/errors';
import { resourceChatQuery } from '../common/chatInvocation';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import type { ResourceNode, ResourcesTreeProvider } from './resourcesTree';
import { findResource } from './findResource';
import { openResource, targetOf, type ResourceTarget } from './openResource';
import { fillTemplate } from './templatePicker';
import { l10n } from '../common/shownL10n';
import { shownArg, shownLine, TextCaps } from '../common/serverText';
import { pickOne } from '../common/shownUi';

export function registerResourceCommands(manager: SessionManager, tree: ResourcesTreeProvider, maxBytes: () => number): vscode.Disposable[] {
  // From the view, a command gets the clicked node and, with several selected, all of them.
  const open = async (arg: unknown, selected: unknown, side: boolean) => {
    for (const one of Array.isArray(selected) && selected.includes(arg) ? selected : [arg]) {
      const target = targetOf(one);
      // An MCP App shows as the app (src/apps/); its source is one click away in the app's title bar.
      if (target && !(target instanceof vscode.Uri) && isAppResource(target)) await vscode.commands.executeCommand(CommandIds.openAppResource, target);
      else if (target) await openResource(target, { side, maxBytes: maxBytes() });
      else if ((one as ResourceNode | undefined)?.kind === 'template') await openFromTemplate(manager, one as ResourceNode & { kind: 'template' }, maxBytes);
    }
  };
  return [
    vscode.commands.registerCommand(CommandIds.openResource, (arg: unknown, selected: unknown) => open(arg, selected, false)),
    vscode.commands.registerCommand(CommandIds.openResourceToSide, (arg: unknown, selected: unknown) => open(arg, selected, true)),
    vscode.commands.registerCommand(CommandIds.copyResourceUri, async (node?: ResourceNode, selected?: ResourceNode[]) => {
      const nodes = selected?.includes(node!) ? selected : node ? [node] : [];
      const text = nodes.flatMap((n) => (n.kind === 'resource' ? [n.resource.uri] : n.kind === 'template' ? [n.template.uriTemplate] : []));
      if (text.length) await vscode.env.clipboard.writeText(text.join('\n'));
    }),
    vscode.commands.registerCommand(CommandIds.refreshResources, (node?: ResourceNode) => tree.refresh(node?.server)),
    vscode.commands.registerCommand(CommandIds.loadMoreResources, (node?: ResourceNode) => node && tree.loadMore(node.server)),
    vscode.commands.registerCommand(CommandIds.askAboutResource, (arg: unknown) => {
      const target = targetOf(arg);
      if (!target || target instanceof vscode.Uri) return undefined;
      // The participant's own syntax (it quotes a name or URI with spaces); the user types the question.
      return vscode.commands.executeCommand(VscodeCommandIds.openChat, { query: resourceChatQuery(target.server, target.uri), isPartialQuery: true });
    }),
    vscode.commands.registerCommand(CommandIds.findResource, async () => {
      const target = await findResource(manager);
      if (target) await open(target, undefined, false);
    }),
    vscode.commands.registerCommand(CommandIds.openResourceTemplate, (node?: ResourceNode) =>
      openFromTemplate(manager, node?.kind === 'template' ? node : undefined, maxBytes),
    ),
  ];
}

async function openFromTemplate(manager: SessionManager, node: { server: string; template: ResourceTemplate } | undefined, maxBytes: () => number): Promise<void> {
  const chosen = node ?? (await pickTemplate(manager));
  if (!chosen) return;
  const session = manager.get(chosen.server);
  if (!session || !SessionState.isRunning(session.state)) {
    void showError(l10n.t("server '{0}' is not running.", shownArg(chosen.server)));
    return;
  }
  const uri = await fillTemplate(session, chosen.template);
  if (uri === undefined) return;
  const target: ResourceTarget = { server: chosen.server, uri, mimeType: chosen.template.mimeType };
  await openResource(target, { maxBytes: maxBytes() });
}

/** Every template of every running server, in one quick pick (loaded while it is shown). */
async function pickTemplate(manager: SessionManager): Promise<{ server: string; template: ResourceTemplate } | undefined> {
  const sessions = manager.entries().flatMap((e) => (e.session && SessionState.isRunning(e.session.state) && e.session.capabilities?.resources ? [e.session] : []));
  if (sessions.length === 0) {
    void showInfo(l10n.t('no running MCP server offers resources.'));
    return undefined;
  }
  const items = (async () => {
    const perServer = await Promise.all(
      sessions.map(async (s) => {
        try {
          return (await s.listResourceTemplates()).map((template) => ({ server: s.name, template }));
        } catch (error) {
          console.warn(`MCP Client: resources/templates/list failed for ${s.name}: ${describeError(error)}`);
          return [];
        }
      }),
    );
    return perServer.flat().map((t) => ({ label: shownLine(t.template.title || t.template.name), description: shownLine(t.template.uriTemplate, TextCaps.rowDescription), detail: shownLine(t.server), ...t }));
  })();
  const picked = await pickOne(items, {
    title: l10n.t('Open MCP Resource from Template'),
    placeHolder: l10n.t('Choose a resource template'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return picked && { server: picked.server, template: picked.template };
}
