// The feature half of the UI, a bundle of its own (dist/features.js) that featureLoader.ts loads just
// after activation, or earlier when a command, the @mcp participant or a resource document needs it:
// every command, the Resources and Tools views, prompts and chat, tools, sampling and elicitation,
// inputs, OAuth and import. Activation itself (extension.ts) keeps only what must exist from the
// first moment: the session manager, the Servers view, the status bar and the stand-ins.
import * as vscode from 'vscode';
import { registerRemoteServers } from './auth/registerRemote';
import { ToolApprovals } from './chat/toolApprovals';
import { registerAddServerCommand } from './commands/addServer';
import { registerServerCommands } from './commands/serverCommands';
import { ElicitationFeature } from './elicitation/elicitationFeature';
import { VscodeElicitationPrompter } from './elicitation/elicitationPrompter';
import type { ServerLogs } from './logging/serverLogs';
import type { ClientFeature, PreparedStart } from './mcp/connection';
import type { ServerDefinition } from './mcp/serverDefinition';
import type { SessionManager } from './mcp/sessionManager';
import { registerPrompts } from './prompts/registerPrompts';
import { registerResources } from './resources/registerResources';
import { SamplingFeature } from './sampling/samplingFeature';
import { SamplingLog } from './sampling/samplingLog';
import { SamplingService } from './sampling/samplingService';
import { registerTestCommands } from './testHooks';
import { registerTools } from './tools/registerTools';
import { UserAnswers } from './tools/userAnswers';
import type { ServersTreeProvider } from './views/serversTree';

/** What activation hands over. */
export interface FeatureHost {
  context: vscode.ExtensionContext;
  sessions: SessionManager;
  logs: ServerLogs;
  serversTree: ServersTreeProvider;
  /** A start the user asked for: its errors are worth reporting again. */
  onUserStart(name: string): void;
  /** Forgets every workspace server approval; returns how many there were. */
  forgetConsent(): Promise<number>;
}

/** What activation uses from the features once they are loaded. */
export interface Features {
  /** Installed on every connection: the server may ask for sampling and elicitation. */
  sessionFeatures: ClientFeature[];
  /** `${input:…}` values and OAuth, before a server starts. */
  prepare(definition: ServerDefinition): Promise<PreparedStart>;
  chatHandler: vscode.ChatRequestHandler;
  resourceFileSystem: vscode.FileSystemProvider;
  disposables: vscode.Disposable[];
}

export function activateFeatures(host: FeatureHost): Features {
  const { context, sessions, logs } = host;
  // The user's decisions on the servers' behalf (tool calls, sampling, elicitation). Only the test
  // runner (scripts/test.mjs) sets MCP_CLIENT_TEST_ANSWERS, which lets host tests queue the answers.
  const answers = new UserAnswers(process.env.MCP_CLIENT_TEST_ANSWERS === '1');
  const samplingLog = new SamplingLog();
  const sampling = new SamplingFeature(new SamplingService(answers, samplingLog));
  const elicitation = new ElicitationFeature(new VscodeElicitationPrompter(answers));
  const remote = registerRemoteServers(context, () => sessions);
  const tools = registerTools(sessions, answers, samplingLog);
  const resources = registerResources(sessions, (name) => logs.logger(name));
  const prompts = registerPrompts(sessions, context, { sessions, tools: tools.catalog, answers, approvals: new ToolApprovals() });
  return {
    sessionFeatures: [sampling, elicitation],
    prepare: remote.prepare,
    chatHandler: prompts.chatHandler,
    resourceFileSystem: resources.fileSystem,
    disposables: [
      ...registerServerCommands(sessions, logs, host.onUserStart),
      registerAddServerCommand(),
      vscode.commands.registerCommand('mcpClient.resetConsent', async () => {
        const count = await host.forgetConsent();
        void vscode.window.showInformationMessage(`MCP Client: forgot ${count} workspace server approval${count === 1 ? '' : 's'}.`);
      }),
      ...registerTestCommands(host.serversTree),
      ...remote.disposables,
      samplingLog,
      ...tools.disposables,
      ...resources.disposables,
      ...prompts.disposables,
    ],
  };
}
