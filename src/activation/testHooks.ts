// Hooks for the extension-host tests, and the one place they live: read-only commands that return what
// the views, pickers and @mcp show, as plain data, and the queue of answers for the dialogs (UserAnswers).
// Registered only when the test runner sets MCP_CLIENT_TEST_HOOKS=1 (scripts/test.mjs); never contributed
// to the palette. Quick picks and notifications cannot be driven from inside the extension host; what
// they would show can be, built by the same functions they use.
import { chatModelAvailable } from '../common/chatModels';
import { observeNotifications, type Severity } from '../common/userMessages';
import * as vscode from 'vscode';
import type { AppViews } from '../apps/appViews';
import type { ResponseLog } from '../chat/responseLog';
import type { UserAnswers } from '../common/userAnswers';
import { argumentItems } from '../prompts/argumentPicker';
import { buildPickerRows } from '../prompts/pickerRows';
import type { PromptServices } from '../prompts/promptFlow';
import { toItem } from '../prompts/promptPicker';
import { completeArgument } from '../prompts/suggestions';
import { activeBrowsePicker } from '../registry/browsePicker';
import { activeFindPicker } from '../resources/findResource';
import type { ResourcesTreeProvider } from '../resources/resourcesTree';
import { activeTemplatePicker } from '../resources/templatePicker';
import type { ServersTreeProvider } from '../servers/serversTree';
import type { ToolCatalog } from '../tools/toolCatalog';
import type { ToolsNode, ToolsTreeProvider } from '../tools/toolsTree';
import type { ToolTasks } from '../mcp/tasks/toolTasks';
import type { TasksTreeProvider } from '../tasks/tasksTree';
import type { Logger } from '../mcp/logger';
import type { SkillsTreeProvider } from '../skills/skillsTree';
import type { SessionManager } from '../mcp/sessionManager';
import type { Workbench } from '../workbench/registerWorkbench';


export const TestHookIds = {
  serverTreeItems: 'mcpClient.test.serverTreeItems',
  treeRefreshes: 'mcpClient.test.treeRefreshes',
  resources: 'mcpClient.test.resources',
  promptPickerItems: 'mcpClient.test.promptPickerItems',
  promptPickerNow: 'mcpClient.test.promptPickerNow',
  argumentItems: 'mcpClient.test.argumentItems',
  chatResponses: 'mcpClient.test.chatResponses',
  chatModelAvailable: 'mcpClient.test.chatModelAvailable',
  answer: 'mcpClient.test.answer',
  questions: 'mcpClient.test.questions',
  tools: 'mcpClient.test.tools',
  toolsTree: 'mcpClient.test.toolsTree',
  revealInToolsView: 'mcpClient.test.revealInToolsView',
  apps: 'mcpClient.test.apps',
  closedApps: 'mcpClient.test.closedApps',
  unqueueAnswers: 'mcpClient.test.unqueueAnswers',
  registry: 'mcpClient.test.registry',
  tasks: 'mcpClient.test.tasks',
  skillsTree: 'mcpClient.test.skillsTree',
  notifications: 'mcpClient.test.notifications',
  serverOutput: 'mcpClient.test.serverOutput',
  serverProcesses: 'mcpClient.test.serverProcesses',
  protocolViews: 'mcpClient.test.protocolViews',
  history: 'mcpClient.test.history',
  savedCalls: 'mcpClient.test.savedCalls',
  forgetWorkspaceState: 'mcpClient.test.forgetWorkspaceState',
} as const;

export interface Inspectable {
  serversTree: ServersTreeProvider;
  resourcesTree: ResourcesTreeProvider;
  prompts: PromptServices;
  tools: ToolCatalog;
  toolsTree: ToolsTreeProvider;
  /** The Tools view, to scroll a row into sight before the UI driver clicks it (as a person scrolls). */
  toolsView: vscode.TreeView<ToolsNode>;
  chatResponses: ResponseLog;
  answers: UserAnswers;
  apps: AppViews;
  tasks: ToolTasks;
  tasksTree: TasksTreeProvider;
  skillsTree: SkillsTreeProvider;
  sessions: SessionManager;
  workbench: Workbench;
  /** What the extension remembers for this workspace ("told once" notices), so a suite can start afresh. */
  workspaceState: vscode.Memento;
}

export function registerTestHooks(parts: Inspectable): vscode.Disposable[] {
  const { serversTree, resourcesTree, prompts, tools, toolsTree, toolsView, chatResponses, answers, apps, tasksTree, skillsTree, sessions, workbench } = parts;
  const command = vscode.commands.registerCommand;
  // Every "MCP Client: …" notification since the last `{ clear: true }`, so tests can count them.
  let notifications: { severity: Severity; message: string }[] = [];
  observeNotifications((severity, message) => notifications.push({ severity, message }));
  return [
    // Forgets one workspaceState key (a notice told once per workspace, which an earlier suite may have used up).
    command(TestHookIds.forgetWorkspaceState, (key: string) => parts.workspaceState.update(key, undefined)),
    // A server's output channel ("MCP: <name>") as written to disk so far.
    command(TestHookIds.serverOutput, (name: string) => (recordedOutput.get(name) ?? []).join('\n')),
    command(TestHookIds.notifications, (query: { clear?: boolean } = {}) => {
      const shown = notifications;
      if (query.clear) notifications = [];
      return shown;
    }),
    // The process id of each stdio server that runs (the compatibility matrix counts and follows its process tree).
    command(TestHookIds.serverProcesses, () =>
      Object.fromEntries(sessions.entries().flatMap((e) => (e.session?.pid === undefined ? [] : [[e.name, e.session.pid]]))),
    ),
    // How many times each view was told to redraw every row (issue 30: none when nothing visible changed).
    command(TestHookIds.treeRefreshes, () => Object.fromEntries(Object.entries({ servers: serversTree, tools: toolsTree, resources: resourcesTree }).map(([view, tree]) => [view, { sent: tree.refreshes.sent, pending: tree.refreshes.pending }]))),
    command(TestHookIds.serverTreeItems, () =>
      serversTree.getChildren().map((entry) => {
        const item = serversTree.resolveTreeItem(serversTree.getTreeItem(entry), entry);
        return { ...plainTreeItem(item), tooltip: (item.tooltip as vscode.MarkdownString).value };
      }),
    ),
    // The Resources view (`{ children: <parent id> }`, root when omitted) or the open template or Find
    // picker (`{ picker: true }`), so host tests can follow what a user sees and picks.
    command(TestHookIds.resources, async (query: { children?: string; picker?: boolean } = {}) => {
      if (query.picker) return activeTemplatePicker ?? activeFindPicker;
      const parent = query.children === undefined ? undefined : resourcesTree.node(query.children);
      if (query.children !== undefined && !parent) return undefined;
      return Promise.all(
        (await resourcesTree.getChildren(parent)).map((node) => {
          const item = resourcesTree.resolveTreeItem(resourcesTree.getTreeItem(node), node);
          return { id: item.id, ...plainTreeItem(item), command: item.command?.command };
        }),
      );
    }),
    // The prompt picker's rows once every server has started and listed its prompts (what a user sees when it settles).
    command(TestHookIds.promptPickerItems, async (onlyServer?: string) => {
      await prompts.catalog.startStopped((name) => prompts.startServer(name), onlyServer);
      await prompts.catalog.load({ refresh: true });
      return buildPickerRows(prompts.catalog.servers(), prompts.recents.list(), onlyServer).map((row) => toItem(row, prompts.icons)).map(plainQuickPickItem);
    }),
    // The prompt picker's rows as it opens, before any server is started or asked (cached rows included).
    command(TestHookIds.promptPickerNow, () =>
      buildPickerRows(prompts.catalog.servers(), prompts.recents.list()).map((row) => toItem(row, prompts.icons)).map((item) => ({
        ...plainQuickPickItem(item),
        ...(item.iconPath instanceof vscode.ThemeIcon ? { icon: item.iconPath.id } : {}),
      })),
    ),
    // An argument step's rows for a typed value, with the other arguments filled so far as context.
    command(TestHookIds.argumentItems, async (server: string, prompt: string, argument: string, value: string, filled: Record<string, string> = {}) => {
      await prompts.catalog.load();
      const declared = prompts.catalog.find(server, prompt)?.arguments?.find((a) => a.name === argument);
      const session = prompts.sessions.get(server);
      if (!declared || !session) throw new Error(`unknown prompt argument ${server}/${prompt} ${argument}`);
      const suggestions = await completeArgument(session, prompt, argument, value, filled);
      return argumentItems(value, declared.required === true, undefined, suggestions, [], server).map(plainQuickPickItem);
    }),
    command(TestHookIds.chatResponses, () => chatResponses.entries()),
    command(TestHookIds.chatModelAvailable, () => chatModelAvailable()),
    // The dialogs' answers, queued (UserAnswers takes them in order), and the questions asked meanwhile.
    command(TestHookIds.answer, (...queued: { kind: string; answer: unknown }[]) => answers.push(...queued)),
    command(TestHookIds.questions, (clear?: boolean) => answers.questions(clear)),
    // Answers no question took: a test that failed half-way must not leave them to the next one.
    command(TestHookIds.unqueueAnswers, () => answers.unqueue()),
    // The open Browse Servers list: its rows, and `{ type: text }` types into its search box.
    command(TestHookIds.registry, (query: { type?: string } = {}) => {
      if (!activeBrowsePicker) return undefined;
      if (query.type !== undefined) activeBrowsePicker.type(query.type);
      return { rows: activeBrowsePicker.rows(), busy: activeBrowsePicker.busy() };
    }),
    command(TestHookIds.tools, async () => {
      await tools.load();
      return tools.servers().map((s) => ({ server: s.server, status: s.status, tools: s.items.map((t) => t.name) }));
    }),
    command(TestHookIds.revealInToolsView, async (server: string, tool?: string) => {
      const node = (await toolsTree.getChildren({ kind: 'server', server })).find((n) => n.kind === 'tool' && n.tool.name === tool);
      await toolsView.reveal(node ?? { kind: 'server', server }, { select: false, focus: false, expand: true });
    }),
    command(TestHookIds.toolsTree, async () =>
      Promise.all(
        (await toolsTree.getChildren()).map(async (root) => ({
          ...plainTreeItem(toolsTree.getTreeItem(root)),
          children: (await toolsTree.getChildren(root)).map((child) => plainTreeItem(toolsTree.resolveTreeItem(toolsTree.getTreeItem(child), child))),
        })),
      ),
    ),
    // The MCP Apps on screen, and the last ones closed with how their teardown went.
    command(TestHookIds.apps, () =>
      apps.list().map((v) => ({
        id: v.id,
        launch: v.launch.id,
        server: v.launch.server,
        tool: v.launch.tool?.name,
        resourceUri: v.resource.uri,
        mode: v.mode,
        initialized: v.isInitialized,
        app: v.appInfo,
        theme: v.hostContext?.theme,
        background: v.hostContext?.styles?.variables?.['--color-background-primary'],
        containerDimensions: v.hostContext?.containerDimensions,
        sizes: v.sizes,
        links: v.links,
      })),
    ),
    command(TestHookIds.closedApps, () => apps.closed.slice()),
    // The Tasks view's rows, with each task's state and result text.
    command(TestHookIds.tasks, () =>
      tasksTree.getChildren().map((task) => ({
        ...plainTreeItem(tasksTree.getTreeItem(task)),
        server: task.server,
        taskId: task.taskId,
        status: task.status,
        error: task.error,
        ...('method' in task
          ? { method: task.method }
          : { tool: task.tool, progress: task.progress, resultText: task.result?.content?.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('') }),
      })),
    ),
    // The open Protocol views: what each page is sent; `{ title, action }` does what the page's buttons do first.
    command(TestHookIds.protocolViews, async (query: { title?: string; action?: { type: string; text?: string; seq?: number } } = {}) => {
      const panels = workbench.protocol.panels().filter((p) => query.title === undefined || p.source.title === query.title || p.panel.title === query.title);
      const done = query.action && panels[0] ? await panels[0].handle(query.action) : undefined;
      return { done: done instanceof vscode.Uri ? done.toString() : done, views: panels.map((p) => ({ title: p.panel.title, server: p.source.server, ...p.state() })) };
    }),
    // The History view's rows, and the entries as stored in workspaceState (to prove what is not kept).
    command(TestHookIds.history, () => ({
      rows: workbench.history.tree.getChildren().map((e) => plainTreeItem(workbench.history.tree.getTreeItem(e))),
      stored: workbench.history.history.entries(),
    })),
    // Saved calls: `{ discover }` reads the test files; `{ run: [ids] | 'all', debug? }` runs them (as the Test Explorer's
    // Run or Debug would) and waits; always returns the items and each test's last outcome.
    command(TestHookIds.savedCalls, async (query: { discover?: boolean; run?: string[] | 'all'; debug?: boolean; wait?: boolean } = {}) => {
      const tests = workbench.tests;
      if (query.discover) await tests.discover();
      if (query.run) {
        const items = query.run === 'all' ? undefined : query.run.map((id) => tests.find(id)).filter((i): i is vscode.TestItem => !!i);
        const cancel = new vscode.CancellationTokenSource();
        await tests.run(new vscode.TestRunRequest(items, undefined, tests.runProfile), cancel.token, !!query.debug).finally(() => cancel.dispose());
      }
      if (query.wait) await Promise.all([...tests.running]);
      const items: { id: string; label: string; description?: string; error?: string; file?: string; line?: number }[] = [];
      tests.controller.items.forEach((file) => {
        items.push({ id: file.id, label: file.label, error: typeof file.error === 'string' ? file.error : file.error?.value });
        file.children.forEach((t) => items.push({ id: t.id, label: t.label, description: t.description, error: typeof t.error === 'string' ? t.error : t.error?.value, file: file.id, line: t.range?.start.line }));
      });
      return { items, outcomes: Object.fromEntries(tests.outcomes) };
    }),
    // The Skills view: `{ children: <node id> }` expands a node (a skill: loads it, as a click would).
    command(TestHookIds.skillsTree, async (query: { children?: string } = {}) => {
      const parent = query.children === undefined ? undefined : skillsTree.node(query.children);
      if (query.children !== undefined && !parent) return undefined;
      return (await skillsTree.getChildren(parent)).map((node) => {
        const item = skillsTree.getTreeItem(node);
        return { id: item.id, ...plainTreeItem(item), icon: item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined, command: item.command?.command };
      });
    }),
  ];
}

/** What the servers' output channels were sent in this test run (recordOutput), by server. */
const recordedOutput = new Map<string, string[]>();

/**
 * Test runs only: `sink` (a server's output channel), with every line also kept for the serverOutput hook
 * (code-server keeps a remote extension host's output channels where the extension host cannot read them).
 */
export function recordOutput(name: string, sink: Logger): Logger {
  const keep = (level: string, line: string) => {
    const lines = recordedOutput.get(name) ?? [];
    lines.push(`[${level}] ${line}`);
    recordedOutput.set(name, lines.slice(-2000));
  };
  return {
    trace: (m) => (keep('trace', m), sink.trace(m)),
    debug: (m) => (keep('debug', m), sink.debug(m)),
    info: (m) => (keep('info', m), sink.info(m)),
    warn: (m) => (keep('warning', m), sink.warn(m)),
    error: (m) => (keep('error', m), sink.error(m)),
    get traceEnabled() {
      return sink.traceEnabled;
    },
  };
}

function plainTreeItem(item: vscode.TreeItem) {
  return {
    label: item.label,
    icon: plainIcon(item.iconPath),
    description: item.description,
    tooltip: item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip,
    contextValue: item.contextValue,
    ...(item.checkboxState !== undefined ? { checked: (typeof item.checkboxState === 'object' ? item.checkboxState.state : item.checkboxState) === vscode.TreeItemCheckboxState.Checked } : {}),
  };
}

function plainQuickPickItem(item: vscode.QuickPickItem) {
  return {
    separator: item.kind === vscode.QuickPickItemKind.Separator,
    label: item.label,
    ...(item.description !== undefined ? { description: item.description } : {}),
    ...(item.detail !== undefined ? { detail: item.detail } : {}),
    ...(item.iconPath !== undefined ? { icon: plainIcon(item.iconPath) } : {}),
  };
}

/** A theme icon's id, an image's URI, or `{ light, dark }` URIs. */
function plainIcon(icon: vscode.TreeItem['iconPath']): string | { light: string; dark: string } | undefined {
  if (icon instanceof vscode.ThemeIcon) return icon.id;
  if (icon instanceof vscode.Uri) return icon.toString(true);
  if (icon && typeof icon === 'object' && 'light' in icon) return { light: String(icon.light), dark: String(icon.dark) };
  return typeof icon === 'string' ? icon : undefined;
}
