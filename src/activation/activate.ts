// The extension's entry point (dist/extension.js). activate() builds what must exist from the first
// moment and returns the public API without waiting for any server; deactivate() waits until every
// server has stopped. The first moment is light: the session manager, the Servers view, the status bar,
// error notifications, and stand-ins for the commands, the @mcp participant and the resource file
// system. Everything else (contributions.ts, with the MCP SDK and zod) loads just after, through the
// one loader (contributionLoader.ts), and the servers start in the background.
import * as vscode from 'vscode';
import { createApi, type McpClientApi } from '../api/publicApi';
import { registerChatParticipant } from '../chat/participant';
import { VscodeCommandIds } from '../common/commandIds';
import { SettingKeys } from '../common/settingKeys';
import { showError } from '../common/userMessages';
import { ContextKeys, ViewIds } from '../common/viewIds';
import { onDidChange, readLogLevel, readStartPolicy } from '../config/configurationReader';
import type { LoadedDefinition, ServerDefinition } from '../mcp/serverDefinition';
import { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { RESOURCE_SCHEME } from '../resources/resourceUri';
import { ErrorNotifier } from '../servers/errorNotifier';
import { ServerLogs } from '../servers/serverLogs';
import { ServersStatusBar } from '../servers/statusBar';
import { ServersTreeProvider } from '../servers/serversTree';
import { ToolResultDocuments } from '../tools/toolResultDocuments';
import { PromptDocuments } from '../prompts/promptDocuments';
import { ConsentPolicy } from '../trust/consentPolicy';
import { VscodeConsentHost } from '../trust/vscodeConsentHost';
import { UserAnswers } from '../common/userAnswers';
import { ContributionLoader } from './contributionLoader';
import { testHooksEnabled } from './testSwitch';
import { StandInFileSystem } from './standInFileSystem';

let manager: SessionManager | undefined;

export function activate(context: vscode.ExtensionContext): McpClientApi {
  const logs = new ServerLogs();
  // The user's decisions (consent here; tool calls, sampling, elicitation in the contributions); in test
  // runs the host tests queue them (testHooks.ts).
  const answers = new UserAnswers(testHooksEnabled());
  const consentHost = new VscodeConsentHost(context.globalState, answers);
  // The env file is read (for the question and its hash) by the contributions bundle, which has the reader.
  const consent: ConsentPolicy = new ConsentPolicy(consentHost, (definition: ServerDefinition): Promise<LoadedDefinition> => contributions.load().loadDefinition(definition));
  const sessions: SessionManager = new SessionManager({
    createSession: (definition) => contributions.load().createSession(definition),
    mayStart: (definition, userAction) => consent.mayStart(definition, userAction),
    startPolicy: readStartPolicy,
  });
  manager = sessions;
  const notifier = new ErrorNotifier(sessions, logs, context.workspaceState);
  // Result documents from the first moment: a restored result tab asks for its result as the window opens.
  const resultsStorage = context.storageUri ?? context.globalStorageUri;
  const results = { tools: new ToolResultDocuments(resultsStorage), prompts: new PromptDocuments(resultsStorage) };
  const tree = new ServersTreeProvider(sessions);
  const contributions = new ContributionLoader(
    { context, sessions, logs, answers, serversTree: tree, results, reconcile: () => reconcile(), onUserStart: (name) => notifier.resetServer(name), forgetConsent: () => consentHost.forgetAll(), confirmNextStart: (definition) => consent.confirmNextStart(definition), checkConsent: (loaded): string | undefined => consent.check(loaded) },
    contributedCommands(context),
  );
  const fileSystem = new StandInFileSystem(() => contributions.load().resourceFileSystem);

  const reconcile = () => {
    try {
      sessions.reconcile(contributions.load().readConfiguredServers(context.globalStorageUri.fsPath));
    } catch (error) {
      void showError(vscode.l10n.t('could not read {0}: {1}', SettingKeys.servers, (error as Error).message));
    }
  };

  context.subscriptions.push(
    logs,
    notifier,
    tree,
    results.tools,
    results.prompts,
    vscode.window.registerTreeDataProvider(ViewIds.servers, tree),
    new ServersStatusBar(sessions),
    contributions,
    fileSystem,
    vscode.workspace.registerFileSystemProvider(RESOURCE_SCHEME, fileSystem, {
      isCaseSensitive: true,
      isReadonly: new vscode.MarkdownString(vscode.l10n.t('MCP resources are read-only: they are read from their server.')),
    }),
    registerChatParticipant(context.extensionUri, () => contributions.load().chatHandler),
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
    watchMcpJson(reconcile),
  );
  setImmediate(() => {
    try {
      contributions.load();
    } catch (error) {
      void showError(vscode.l10n.t('could not load its features: {0}', (error as Error).message));
      return;
    }
    reconcile();
    void vscode.commands.executeCommand(VscodeCommandIds.setContext, ContextKeys.ready, true);
  });
  return createApi(sessions);
}

/** The commands package.json contributes: each may activate the extension, so each has a stand-in. */
function contributedCommands(context: vscode.ExtensionContext): string[] {
  const manifest = context.extension.packageJSON as { contributes: { commands: { command: string }[] } };
  return manifest.contributes.commands.map((c) => c.command);
}

/** After the user trusts the workspace, start the workspace servers that were held back. */
function startServersHeldBack(sessions: SessionManager): void {
  for (const entry of sessions.entries()) {
    const s = entry.session;
    if (s && SessionState.isHeldBack(s.state) && s.definition.autoStart) void sessions.start(entry.name, false);
  }
}

export async function deactivate(): Promise<void> {
  await manager?.shutdown();
  manager = undefined;
}

/** `.vscode/mcp.json` is read in place (config/vscodeMcpJson.ts): an edit, a new or a deleted file re-reads it. */
function watchMcpJson(reconcile: () => void): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher('**/.vscode/mcp.json');
  watcher.onDidChange(reconcile);
  watcher.onDidCreate(reconcile);
  watcher.onDidDelete(reconcile);
  return watcher;
}
