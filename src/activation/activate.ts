// Composition root. activate() wires what must exist from the first moment and returns the public API
// without waiting for any server; deactivate() waits until every server has stopped.
// Activation loads only this light part: the session manager, the Servers view, the status bar, and
// stand-ins for the commands, the @mcp participant and the resource file system. Just after it, the
// feature bundle (dist/features.js, see featureLoader.ts) and the session layer with the MCP SDK and
// zod (dist/core.js, see coreLoader.ts) load, and the servers start in the background.
import * as vscode from 'vscode';
import { createApi, type McpClientApi } from './api';
import { registerChatParticipant } from './chat/participant';
import { onDidChange, readConfiguredServers, readLogLevel } from './config/configurationReader';
import { loadCore } from './coreLoader';
import { DeferredFileSystem } from './deferredFileSystem';
import { FeatureLoader } from './featureLoader';
import { ServerLogs } from './logging/serverLogs';
import { RootsFeature } from './mcp/rootsFeature';
import { SessionManager } from './mcp/sessionManager';
import { ErrorNotifier } from './notifications';
import { RESOURCE_SCHEME } from './resources/resourceUri';
import { ConsentPolicy } from './trust/consentPolicy';
import { VscodeConsentHost } from './trust/vscodeConsentHost';
import { ServersStatusBar } from './views/statusBar';
import { ServersTreeProvider } from './views/serversTree';

let manager: SessionManager | undefined;

export function activate(context: vscode.ExtensionContext): McpClientApi {
  const version = (context.extension.packageJSON as { version: string }).version;
  const clientInfo = { name: 'mcp-client-vscode', title: 'MCP Client for VS Code', version };
  const logs = new ServerLogs();
  const consentHost = new VscodeConsentHost(context.globalState);
  const consent = new ConsentPolicy(consentHost);
  const roots = new RootsFeature(() => (vscode.workspace.workspaceFolders ?? []).map((f) => ({ uri: f.uri.toString(), name: f.name })));

  const sessions: SessionManager = new SessionManager({
    createSession: (definition) => {
      const { sessionFeatures, prepare } = features.load();
      return new (loadCore().McpSession)({ definition, logger: logs.logger(definition.name), clientInfo, features: [roots, ...sessionFeatures], logLevel: readLogLevel(), prepare });
    },
    mayStart: (definition, userAction) => consent.mayStart(definition, userAction),
  });
  manager = sessions;
  const notifier = new ErrorNotifier(sessions, logs);
  const tree = new ServersTreeProvider(sessions);
  const commandIds = ((context.extension.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands).map((c) => c.command);
  const features = new FeatureLoader(
    { context, sessions, logs, serversTree: tree, onUserStart: (name) => notifier.resetServer(name), forgetConsent: () => consentHost.forgetAll() },
    commandIds,
  );
  const fileSystem = new DeferredFileSystem(() => features.load().resourceFileSystem);

  const reconcile = () => {
    try {
      sessions.reconcile(readConfiguredServers());
    } catch (error) {
      void vscode.window.showErrorMessage(`MCP Client: could not read mcpClient.servers: ${(error as Error).message}`);
    }
  };

  context.subscriptions.push(
    logs,
    notifier,
    tree,
    vscode.window.registerTreeDataProvider('mcpClient.servers', tree),
    new ServersStatusBar(sessions),
    features,
    fileSystem,
    vscode.workspace.registerFileSystemProvider(RESOURCE_SCHEME, fileSystem, {
      isCaseSensitive: true,
      isReadonly: new vscode.MarkdownString('MCP resources are read-only: they are read from their server.'),
    }),
    registerChatParticipant(context.extensionUri, () => features.load().chatHandler),
    onDidChange((change) => {
      if (change.servers) reconcile();
      if (change.logLevel) sessions.setLogLevel(readLogLevel());
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      sessions.notifyRootsChanged();
      // ${workspaceFolder} and default working folders may resolve differently now.
      reconcile();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => startServersHeldBack(sessions)),
  );
  setImmediate(() => {
    try {
      features.load();
    } catch (error) {
      void vscode.window.showErrorMessage(`MCP Client: could not load its features: ${(error as Error).message}`);
    }
    reconcile();
    void vscode.commands.executeCommand('setContext', 'mcpClient.ready', true);
  });
  return createApi(sessions);
}

/** After the user trusts the workspace, start the workspace servers that were held back. */
function startServersHeldBack(sessions: SessionManager): void {
  for (const entry of sessions.entries()) {
    const s = entry.session;
    if (s && s.state.kind === 'stopped' && s.state.reason && s.definition.autoStart) void sessions.start(entry.name, false);
  }
}

export async function deactivate(): Promise<void> {
  await manager?.shutdown();
  manager = undefined;
}
