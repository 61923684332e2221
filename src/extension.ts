// Composition root. activate() wires the services and returns the public API without waiting for
// any server (they start in the background); deactivate() waits until every server has stopped.
// Activation loads only the light half of the extension: the session layer with the MCP SDK and zod
// (dist/core.js, see coreLoader.ts) is loaded by the first read of the settings, just after it.
import * as vscode from 'vscode';
import { createApi, type McpClientApi } from './api';
import { registerAddServerCommand } from './commands/addServer';
import { registerServerCommands } from './commands/serverCommands';
import { onDidChange, readConfiguredServers, readLogLevel } from './config/configurationReader';
import { ServerLogs } from './logging/serverLogs';
import { RootsFeature } from './mcp/rootsFeature';
import { SessionManager } from './mcp/sessionManager';
import { ErrorNotifier } from './notifications';
import { registerPrompts } from './prompts/registerPrompts';
import { registerResources } from './resources/registerResources';
import { loadCore } from './coreLoader';
import { ConsentPolicy } from './trust/consentPolicy';
import { VscodeConsentHost } from './trust/vscodeConsentHost';
import { ServersStatusBar } from './views/statusBar';
import { ServersTreeProvider } from './views/serversTree';
import { registerRemoteServers } from './auth/registerRemote';
import { registerTestCommands } from './testHooks';
import { ToolApprovals } from './chat/toolApprovals';
import { ElicitationFeature } from './elicitation/elicitationFeature';
import { VscodeElicitationPrompter } from './elicitation/elicitationPrompter';
import { SamplingFeature } from './sampling/samplingFeature';
import { SamplingLog } from './sampling/samplingLog';
import { SamplingService } from './sampling/samplingService';
import { registerTools } from './tools/registerTools';
import { UserAnswers } from './tools/userAnswers';

let manager: SessionManager | undefined;

export function activate(context: vscode.ExtensionContext): McpClientApi {
  const version = (context.extension.packageJSON as { version: string }).version;
  const clientInfo = { name: 'mcp-client-vscode', title: 'MCP Client for VS Code', version };
  const logs = new ServerLogs();
  const consentHost = new VscodeConsentHost(context.globalState);
  const consent = new ConsentPolicy(consentHost);
  const roots = new RootsFeature(() => (vscode.workspace.workspaceFolders ?? []).map((f) => ({ uri: f.uri.toString(), name: f.name })));
  // The user's decisions on the servers' behalf (tool calls, sampling, elicitation). Only the test
  // runner (scripts/test.mjs) sets MCP_CLIENT_TEST_ANSWERS, which lets host tests queue the answers.
  const answers = new UserAnswers(process.env.MCP_CLIENT_TEST_ANSWERS === '1');
  const samplingLog = new SamplingLog();
  const sampling = new SamplingFeature(new SamplingService(answers, samplingLog));
  const elicitation = new ElicitationFeature(new VscodeElicitationPrompter(answers));

  // `${input:…}` values and OAuth, filled in when a server starts (src/auth, src/inputs).
  const remote = registerRemoteServers(context, () => sessions);
  const sessions: SessionManager = new SessionManager({
    createSession: (definition) =>
      new (loadCore().McpSession)({ definition, logger: logs.logger(definition.name), clientInfo, features: [roots, sampling, elicitation], logLevel: readLogLevel(), prepare: remote.prepare }),
    mayStart: (definition, userAction) => consent.mayStart(definition, userAction),
  });
  manager = sessions;
  const notifier = new ErrorNotifier(sessions, logs);
  const tree = new ServersTreeProvider(sessions);
  const tools = registerTools(sessions, answers, samplingLog);

  const reconcile = () => {
    try {
      sessions.reconcile(readConfiguredServers());
    } catch (error) {
      void vscode.window.showErrorMessage(`MCP Client: could not read mcpClient.servers: ${(error as Error).message}`);
    }
  };

  context.subscriptions.push(
    logs,
    ...remote.disposables,
    notifier,
    tree,
    vscode.window.registerTreeDataProvider('mcpClient.servers', tree),
    new ServersStatusBar(sessions),
    ...registerServerCommands(sessions, logs, (name) => notifier.resetServer(name)),
    registerAddServerCommand(),
    vscode.commands.registerCommand('mcpClient.resetConsent', async () => {
      const count = await consentHost.forgetAll();
      void vscode.window.showInformationMessage(`MCP Client: forgot ${count} workspace server approval${count === 1 ? '' : 's'}.`);
    }),
    ...registerTestCommands(tree),
    ...registerResources(sessions, (name) => logs.logger(name)),
    samplingLog,
    ...tools.disposables,
    ...registerPrompts(sessions, context, { sessions, tools: tools.catalog, answers, approvals: new ToolApprovals() }),
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
