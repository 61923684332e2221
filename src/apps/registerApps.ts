// Wires MCP Apps into the extension (one call from activation/contributions.ts): the Panel's "MCP App" view, the
// commands of its title bar and of an app's editor tab, opening a launch (the chat's "Open App"
// button) or a ui:// resource (the Resources view), and what tools and chat use: a launch per call
// of a tool with a UI, and the model context apps leave for the next @mcp request.
import { readFileSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { CommandIds, VscodeCommandIds } from '../common/commandIds';
import { showInfo } from '../common/userMessages';
import { ContextKeys, ViewIds } from '../common/viewIds';
import { toolUiResourceUri } from '../mcp/apps/uiExtension';
import type { Logger } from '../mcp/logger';
import type { SessionManager } from '../mcp/sessionManager';
import { AppLaunches } from './appLaunches';
import { InlineAppView } from './appSurfaces';
import type { AppView } from './appView';
import { AppViews } from './appViews';
import { openLink, proposeMessage } from './editorActions';
import { ModelContextStore, type AppModelContext } from './modelContext';
import type { ToolApps } from './toolApps';
import { l10n } from '../common/shownL10n';

export interface AppsHost {
  context: vscode.ExtensionContext;
  sessions: SessionManager;
  logger(server: string): Logger;
  /** The server's tool by name as currently listed (the tools feature's catalog), for visibility checks. */
  findTool(server: string, name: string): Promise<Tool | undefined>;
}

export interface Apps extends ToolApps {
  /** The context apps asked to give the model, each once (the next @mcp request takes it). */
  takeModelContext(): AppModelContext[];
}

export function registerApps(host: AppsHost): { apps: Apps; views: AppViews; disposables: vscode.Disposable[] } {
  const { context, sessions } = host;
  const launches = new AppLaunches();
  const modelContext = new ModelContextStore();
  const inline = new InlineAppView(() => vscode.l10n.t('No MCP App is open. Calling a tool that has an app shows it here.'));
  let relayScript: string | undefined;
  const views = new AppViews(sessions, inline, {
    hostInfo: { name: 'mcp-client-vscode', version: (context.extension.packageJSON as { version: string }).version },
    icon: vscode.Uri.joinPath(context.extensionUri, 'media', 'mcp.svg'),
    get relayScript() {
      return (relayScript ??= readFileSync(vscode.Uri.joinPath(context.extensionUri, 'media', 'app-relay.js').fsPath, 'utf8'));
    },
    modelContext,
    findTool: (server, name) => host.findTool(server, name),
    logger: (server) => host.logger(server),
    openLink: (url) => openLink(url),
    proposeMessage: (text) => proposeMessage(text),
  });
  const setContext = () => void vscode.commands.executeCommand(VscodeCommandIds.setContext, ContextKeys.inlineAppOpen, !!views.inlineView);
  // The source through the Resources feature's own command: a read-only HTML document beside the app.
  const showSource = (view: AppView | undefined) =>
    view && vscode.commands.executeCommand(CommandIds.openResourceToSide, { server: view.launch.server, uri: view.resource.uri, mimeType: 'text/html' });

  const apps: Apps = {
    begin(server: string, tool: Tool, args: Record<string, unknown>, options: { show: boolean }) {
      const resourceUri = toolUiResourceUri(tool);
      if (!resourceUri) return undefined;
      const { launch, settle } = launches.forToolCall(server, resourceUri, tool, args);
      if (options.show) void views.show(launch, 'inline');
      return {
        launchId: launch.id,
        command: { command: CommandIds.openApp, title: vscode.l10n.t('Open App: {0}', tool.title ?? tool.name), arguments: [{ launch: launch.id }] },
        end: (how) =>
          settle(
            'result' in how
              ? { kind: 'result', result: how.result }
              : 'cancelled' in how
                ? { kind: 'cancelled', reason: how.cancelled }
                : { kind: 'result', result: { isError: true, content: [{ type: 'text', text: how.error }] } },
          ),
      };
    },
    takeModelContext: () => modelContext.take(),
  };

  const disposables: vscode.Disposable[] = [
    modelContext,
    inline,
    views,
    views.onDidChange(setContext),
    vscode.window.registerWebviewViewProvider(ViewIds.app, inline, { webviewOptions: { retainContextWhenHidden: true } }),
    vscode.commands.registerCommand(CommandIds.openApp, async (arg?: { launch?: string }) => {
      const launch = arg?.launch ? launches.get(arg.launch) : undefined;
      if (!launch) {
        void showInfo(l10n.t('this app belongs to a tool call of an earlier window; call the tool again to see it.'));
        return undefined;
      }
      return (await views.show(launch, 'inline'))?.id;
    }),
    vscode.commands.registerCommand(CommandIds.openAppResource, async (arg?: { server?: string; uri?: string; resource?: { uri: string } }) => {
      const uri = arg?.resource?.uri ?? arg?.uri;
      if (!arg?.server || !uri) return undefined;
      return (await views.show(launches.forResource(arg.server, uri), 'inline'))?.id;
    }),
    vscode.commands.registerCommand(CommandIds.openAppInEditor, () => views.inlineView && views.move(views.inlineView, 'fullscreen')),
    vscode.commands.registerCommand(CommandIds.moveAppToPanel, () => views.activeEditor && views.move(views.activeEditor, 'inline')),
    vscode.commands.registerCommand(CommandIds.showInlineAppSource, () => showSource(views.inlineView)),
    vscode.commands.registerCommand(CommandIds.showAppSource, () => showSource(views.activeEditor)),
    vscode.commands.registerCommand(CommandIds.closeInlineApp, () => views.inlineView?.close()),
    vscode.commands.registerCommand(CommandIds.closeApp, () => views.activeEditor?.close()),
  ];
  setContext();
  return { apps, views, disposables };
}
