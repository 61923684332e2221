// Everything beyond the first moment, wired in this one file (as VS Code's mcp.contribution.ts): every
// command, the Resources and Tools views, prompts and the @mcp handler, tools, sampling, elicitation,
// inputs, OAuth, import, the MCP registry, and the sessions themselves with the MCP SDK and zod. A bundle
// of its own (dist/contributions.js), loaded by contributionLoader.ts just after activate() returns, or
// earlier by the first command, @mcp request or resource document that needs it. activate.ts keeps only
// what must exist from the first moment. A new feature folder is wired here, and only here.
import * as vscode from 'vscode';
import { registerApps } from '../apps/registerApps';
import { registerAuth } from '../auth/registerAuth';
import { createChatHandler } from '../chat/chatHandler';
import { ToolApprovals } from '../chat/toolApprovals';
import { toolApprovalStores } from '../chat/toolApprovalStores';
import type { UserAnswers } from '../common/userAnswers';
import { readConfiguredServers } from '../config/configuredServers';
import { readLogLevel, readServerPolicy } from '../config/configurationReader';
import { applyPolicy } from '../config/serverPolicy';
import { registerDevMode } from '../devmode/registerDevMode';
import { IconCache } from '../icons/iconCache';
import { ElicitationCapability } from '../elicitation/elicitationCapability';
import { VscodeElicitationPrompter } from '../elicitation/elicitationPrompter';
import { registerImportCommand } from '../import/importCommand';
import { registerInputs } from '../inputs/registerInputs';
import { AppsCapability } from '../mcp/apps/uiExtension';
import { CatalogStore } from '../mcp/catalogStore';
import type { PreparedStart } from '../mcp/connectionAuth';
import { EraMemory } from '../mcp/eraMemory';
import type { Logger } from '../mcp/logger';
import { RootsCapability } from '../mcp/rootsCapability';
import { McpSession } from '../mcp/session';
import { loadDefinition } from '../mcp/envFile';
import type { LoadedDefinition, ServerDefinition } from '../mcp/serverDefinition';
import type { ConfiguredServer, SessionManager } from '../mcp/sessionManager';
import { registerPrompts } from '../prompts/registerPrompts';
import { registerRegistry } from '../registry/registerRegistry';
import { registerResources } from '../resources/registerResources';
import { registerSampling } from '../sampling/registerSampling';
import { watchChatModels } from '../common/chatModels';
import { registerVscodeSharing } from '../servers/vscodeSharing';
import { registerAddServerCommand } from '../servers/addServer';
import { registerServerCommands } from '../servers/serverCommands';
import { registerEnablement } from '../servers/enablementCommands';
import type { ServerLogs } from '../servers/serverLogs';
import type { ServersTreeProvider } from '../servers/serversTree';
import { instructionsMarkdown } from '../servers/instructionsMarkdown';
import { registerTools } from '../tools/registerTools';
import { toolCostNotes } from '../tools/toolCost';
import type { ToolResultDocuments } from '../tools/toolResultDocuments';
import type { PromptDocuments } from '../prompts/promptDocuments';
import { showToolResult } from '../tools/runTool';
import { registerTasks } from '../tasks/registerTasks';
import { registerSkills } from '../skills/registerSkills';
import type { TrackedTask } from '../mcp/tasks/toolTasks';
import type { CreateMessageRequestParams, ElicitRequestFormParams, ElicitRequestURLParams } from '@modelcontextprotocol/client';
import type { ElicitationPrompter } from '../elicitation/elicitationCapability';
import type { SamplingHandler } from '../sampling/samplingCapability';
import type { TaskInputRequest } from '../mcp/tasks/toolTasks';
import { ToolCatalog } from '../tools/toolCatalog';
import { ConsentError } from '../trust/consentPolicy';
import { registerSandbox } from '../sandbox/registerSandbox';
import { registerTrustCommands } from '../trust/registerTrust';
import { registerWorkbench } from '../workbench/registerWorkbench';
import { recordOutput, registerTestHooks } from './testHooks';

/** What activation hands over. */
export interface ActivationHost {
  context: vscode.ExtensionContext;
  sessions: SessionManager;
  logs: ServerLogs;
  /** The user's decisions on the servers' behalf; queued by host tests in test runs. */
  answers: UserAnswers;
  serversTree: ServersTreeProvider;
  /** Reads the servers again and reconciles (what VS Code's own MCP support runs has changed). */
  reconcile(): void;
  /** Tool and prompt results: their file systems exist from activation, for the result tabs a window restores. */
  results: { tools: ToolResultDocuments; prompts: PromptDocuments };
  /** A start the user asked for: its errors are worth reporting again. */
  onUserStart(name: string): void;
  /** A workspace server the user just confirmed with its exact command: its next start, as that definition, asks no more. */
  confirmNextStart(definition: ServerDefinition): void;
  /** At every start attempt: undefined when the definition as it runs is allowed, else why not (trust/consentPolicy.ts). */
  checkConsent(loaded: LoadedDefinition): string | undefined;
  /** Forgets every workspace server approval; returns how many there were. */
  forgetConsent(): Promise<number>;
}

/** What activation uses once the contributions are loaded. */
export interface Contributions {
  /** A session for one server: its client capabilities, and what it prepares before each start. */
  createSession(definition: ServerDefinition): McpSession;
  /** Every configured server, valid or not (the settings checked with zod, which loads with this bundle). */
  readConfiguredServers(globalStoragePath: string): ConfiguredServer[];
  /** The definition as it will run, its env file read (async, capped, regular files only): for the consent question. */
  loadDefinition(definition: ServerDefinition): Promise<LoadedDefinition>;
  chatHandler: vscode.ChatRequestHandler;
  resourceFileSystem: vscode.FileSystemProvider;
  disposables: vscode.Disposable[];
}

export function activateContributions(host: ActivationHost): Contributions {
  const { context, sessions, logs, answers } = host;
  const version = (context.extension.packageJSON as { version: string }).version;
  const clientInfo = { name: 'mcp-client-vscode', title: 'MCP Client for VS Code', version };
  // Which era each stdio server spoke last time, across windows: its next start greets it directly.
  const eraMemory = new EraMemory(context.globalState);

  // What every connection offers the server: roots, sampling, elicitation.
  const roots = new RootsCapability(() => (vscode.workspace.workspaceFolders ?? []).map((f) => ({ uri: f.uri.toString(), name: f.name })));
  const sampling = registerSampling(answers, context.globalState);
  const elicitation = new ElicitationCapability(new VscodeElicitationPrompter(answers));
  // Tool calls that servers run as tasks: the Tasks view; a task's input goes through the same dialogs.
  let openTaskResult: (task: TrackedTask) => Promise<void> = async () => undefined;
  const tasks = registerTasks({
    workspaceState: context.workspaceState,
    sessions,
    answerInput: (server, request, signal) => answerTaskInput(server, request, signal, elicitation.prompter, sampling.capability.handler, sessions.get(server)?.definition),
    openResult: (task) => openTaskResult(task),
  });
  // What a server needs when it starts, beyond its settings: `${input:…}` values, then OAuth.
  const inputs = registerInputs(context.secrets, () => sessions);
  const auth = registerAuth(context.secrets, () => sessions);
  // What features write about a server goes through its session's masking logger, as the session's own lines do.
  const serverLog = (name: string): Logger => sessions.get(name)?.log ?? logs.logger(name);
  // Dev mode (mcp.json's `dev`): restarts on file changes, and starts under the debugger when asked.
  const devMode = registerDevMode(sessions, serverLog);
  const prepare = async (definition: LoadedDefinition): Promise<PreparedStart> => {
    // First: a workspace server runs only as it was allowed (nothing below asks, reads or runs before this).
    const refused = host.checkConsent(definition);
    if (refused) throw new ConsentError(refused);
    const resolved = await inputs.resolve(definition);
    // Last: the debugger's port is taken just before the process starts.
    const started = await devMode.prepareStart(resolved.definition);
    return { definition: started, secrets: resolved.secrets, auth: await auth.authFor(resolved.definition) };
  };

  // MCP Apps: the tools' catalog tells an app's calls what the tool allows; tools and @mcp show the apps.
  // What each server listed last time, from earlier windows: shown (marked cached) until it answers.
  const catalogs = new CatalogStore(context.globalState);
  void catalogs.prune();
  const toolCatalog = new ToolCatalog(sessions, catalogs);
  const apps = registerApps({
    context,
    sessions,
    logger: serverLog,
    findTool: async (server, name) => {
      await toolCatalog.load();
      return toolCatalog.find(server, name);
    },
  });
  // Servers', tools', prompts' and resources' own icons, fetched by the extension host into global storage.
  const icons = new IconCache(context.globalStorageUri);
  // Old icon files go a while after start-up, off the activation path.
  const pruneIcons = setTimeout(() => void icons.prune(), 60_000);
  context.subscriptions.push({ dispose: () => clearTimeout(pruneIcons) });
  const tools = registerTools(sessions, toolCatalog, answers, apps.apps, host.results.tools, context.workspaceState, icons, tasks.tasks);
  openTaskResult = async (task) => {
    await toolCatalog.load();
    const tool = toolCatalog.find(task.server, task.tool) ?? { name: task.tool, inputSchema: { type: 'object' as const } };
    await showToolResult(tools.documents, task.server, tool, task.args ?? {}, task.result!);
  };
  const resources = registerResources(sessions, serverLog, icons, catalogs);
  const skills = registerSkills(sessions);
  const prompts = registerPrompts(sessions, context.globalState, host.results.prompts, icons, catalogs);
  const chat = createChatHandler(prompts.services, { sessions, tools: tools.catalog, switches: tools.switches, answers, approvals: new ToolApprovals(toolApprovalStores(context.globalState)), apps: apps.apps, tasks: tasks.tasks });
  const sandbox = registerSandbox(sessions, answers);
  const registry = registerRegistry({ globalState: context.globalState, sessions, inputs: inputs.resolver, answers, confirmNextStart: host.confirmNextStart });
  // The server author's workbench: Protocol view (a tap in every session), history, saved calls as tests, doctor.
  // The doctor prepares a diagnosis as `prepare` does a start, without the debugger and OAuth.
  const prepareDiagnosis = async (loaded: LoadedDefinition) => {
    const refused = host.checkConsent(loaded);
    if (refused) throw new ConsentError(refused);
    return inputs.resolve(loaded);
  };
  const workbench = registerWorkbench({ context, sessions, answers, catalog: toolCatalog, devRestarted: devMode.onDidRestart, prepareDiagnosis });

  // The user's switches (on/off here or everywhere, new servers) over what the settings and mcp.json files define.
  const enablement = registerEnablement(context.workspaceState, context.globalState, sessions, host.reconcile);
  const disposables: vscode.Disposable[] = [
    ...registerServerCommands(sessions, logs, host.onUserStart),
    ...enablement.disposables,
    registerAddServerCommand(),
    watchChatModels(context.globalState),
    ...registerVscodeSharing(sessions, context.workspaceState, host.reconcile),
    ...registerTrustCommands(host.forgetConsent),
    ...inputs.disposables,
    ...auth.disposables,
    registerImportCommand(context.globalStorageUri.fsPath),
    ...sampling.disposables,
    ...tools.disposables,
    ...tasks.disposables,
    ...apps.disposables,
    ...resources.disposables,
    ...skills.disposables,
    ...prompts.disposables,
    ...registry.disposables,
    host.serversTree.addNotes(registry.notes),
    host.serversTree.addNotes(devMode.notes),
    host.serversTree.addNotes(sandbox.notes),
    host.serversTree.addNotes(toolCostNotes(tools.costs)),
    ...sandbox.disposables,
    icons,
    host.serversTree.setIcons(icons),
    host.serversTree.setInstructionsMarkdown(instructionsMarkdown),
    ...devMode.disposables,
    ...workbench.disposables,
  ];
  // Test runs only (the switch is read once, in activate.ts, where the answers are made).
  if (answers.enabled) {
    disposables.push(
      ...registerTestHooks({
        serversTree: host.serversTree,
        resourcesTree: resources.tree,
        prompts: prompts.services,
        tools: tools.catalog,
        toolsTree: tools.tree,
        toolsView: tools.view,
        chatResponses: chat.responses,
        answers,
        apps: apps.views,
        tasks: tasks.tasks,
        tasksTree: tasks.tree,
        skillsTree: skills.tree,
        sessions,
        workbench,
        workspaceState: context.workspaceState,
      }),
    );
  }
  return {
    createSession: (definition) =>
      new McpSession({
        definition,
        logger: answers.enabled ? recordOutput(definition.name, logs.logger(definition.name)) : logs.logger(definition.name),
        clientInfo,
        // MCP Apps is advertised to every server (`capabilities.extensions`); src/apps/ shows them.
        capabilities: [roots, sampling.capability, elicitation, new AppsCapability(), ...tasks.capabilities],
        logLevel: readLogLevel(),
        eraMemory,
        prepare,
        sandboxRefusals: sandbox.refusals,
        tap: workbench.tapFor(definition.name),
      }),
    // The administrator's rules last: a server they refuse says so whatever the user's switches say.
    readConfiguredServers: (globalStoragePath) => applyPolicy(enablement.apply(readConfiguredServers(globalStoragePath)), readServerPolicy()),
    loadDefinition,
    chatHandler: chat.handler,
    resourceFileSystem: resources.fileSystem,
    disposables,
  };
}

/** A task's input request (2026 inputRequests) answered through the same dialogs as the server's own requests. */
async function answerTaskInput(
  server: string,
  request: TaskInputRequest,
  signal: AbortSignal,
  elicitation: ElicitationPrompter,
  sampling: SamplingHandler,
  definition: ServerDefinition | undefined,
): Promise<unknown> {
  if (request.method === 'elicitation/create') {
    const params = request.params as unknown as ElicitRequestFormParams | ElicitRequestURLParams;
    return params.mode === 'url' ? elicitation.url(server, params, signal) : elicitation.form(server, params as ElicitRequestFormParams, signal);
  }
  if (request.method === 'sampling/createMessage') {
    if (!definition) throw new Error(`Server '${server}' is not configured.`);
    return sampling.createMessage(definition, request.params as unknown as CreateMessageRequestParams, signal);
  }
  throw new Error(`The task asks for '${request.method}', which this client does not answer.`);
}
