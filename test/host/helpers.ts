// Shared by the host suites: the extension's API, the test hooks (src/activation/testHooks.ts, registered
// because scripts/test.mjs sets MCP_CLIENT_TEST_HOOKS; their ids come from that module), answering the
// extension's dialogs and reading the questions it asked, calling tools through the command, waiting for
// a server's tools, and hostSuite(): the before/after every suite that calls tools, samples or elicits.
import * as vscode from 'vscode';
import { TestHookIds } from '../../src/activation/testHooks';
import type { McpClientApi, ServerInfo } from '../../src/api/publicApi';
import type { RecordedResponse } from '../../src/chat/responseLog';
import type { ToolCallOutcome } from '../../src/tools/runTool';
import { until } from '../shared/until';

export const EXTENSION_ID = 'mcp-client.mcp-client';
export const TEST_MODEL_EXTENSION_ID = 'mcp-client-tests.test-lm';

/** The extension's public API (activating the extension if it is not yet). */
export function api(): Thenable<McpClientApi> {
  return vscode.extensions.getExtension<McpClientApi>(EXTENSION_ID)!.activate();
}

/** A server's state as the API reports it (`invalid` for a configuration error), undefined when unknown. */
export async function serverState(name: string): Promise<ServerInfo['state'] | undefined> {
  return (await api()).servers().find((s) => s.name === name)?.state;
}

/** The kind of a server's state: 'running', 'stopped', …; undefined when there is no such server. */
export async function stateOf(name: string): Promise<ServerInfo['state']['kind'] | undefined> {
  return (await serverState(name))?.kind;
}

/** The test hooks' command ids (src/activation/testHooks.ts registers them). */
export const hooks = TestHookIds;

/** A node of the Servers view as it renders (the tooltip's Markdown source). */
export interface ServerTreeItem {
  label: string;
  description: string;
  contextValue: string;
  icon: string;
  tooltip: string;
}

export async function serverTreeItems(): Promise<ServerTreeItem[]> {
  return (await vscode.commands.executeCommand<ServerTreeItem[]>(hooks.serverTreeItems)) ?? [];
}

export async function serverTreeItem(name: string): Promise<ServerTreeItem | undefined> {
  return (await serverTreeItems()).find((i) => i.label === name);
}

export interface Question {
  kind: string;
  [detail: string]: unknown;
}
/** What `mcpClient.tools.call` resolves with. */
export type ToolOutcome = ToolCallOutcome;

export type { RecordedResponse };

/** @mcp's last responses, oldest first. */
export async function chatResponses(): Promise<RecordedResponse[]> {
  return (await vscode.commands.executeCommand<RecordedResponse[]>(hooks.chatResponses)) ?? [];
}

/** Queues the answers to the extension's next questions, in order (src/common/userAnswers.ts). */
export async function answer(...answers: { kind: string; answer: unknown }[]): Promise<void> {
  await vscode.commands.executeCommand(hooks.answer, ...answers);
}

/** The questions asked since the last call (it forgets them). */
export async function questions(): Promise<Question[]> {
  return (await vscode.commands.executeCommand<Question[]>(hooks.questions, true)) ?? [];
}

export async function callTool(server: string, tool: string, args?: Record<string, unknown>): Promise<ToolOutcome> {
  return (await vscode.commands.executeCommand<ToolOutcome>('mcpClient.tools.call', { server, tool, arguments: args })) ?? {};
}

/** Waits until `server` is running and lists its tools (all of `expected`, when given). */
export async function toolsOf(server: string, expected: string[] = [], timeoutMs = 30_000): Promise<string[]> {
  let last: unknown;
  try {
    return await until(
      `${server} to list ${expected.join(', ')}`,
      async () => {
        const servers = await vscode.commands.executeCommand<{ server: string; status: string; tools: string[] }[]>(hooks.tools);
        const entry = servers?.find((s) => s.server === server);
        last = entry;
        return entry?.status === 'ready' && expected.every((t) => entry.tools.includes(t)) && entry.tools;
      },
      timeoutMs,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message} (last seen: ${JSON.stringify(last)})`);
  }
}

/** Tool calls the tools fixture has received, by name. */
export async function fixtureCalls(): Promise<{ name: string; arguments: Record<string, unknown> }[]> {
  const outcome = await callTool('tools', 'calls', {});
  // The structured content is the document's last JSON block.
  const blocks = [...(outcome.markdown ?? '').matchAll(/```json\n([\s\S]*?)\n```/g)];
  return (JSON.parse(blocks.at(-1)?.[1] ?? '{"calls":[]}') as { calls: { name: string; arguments: Record<string, unknown> }[] }).calls;
}

/** The extension and the test language model, active, with a resolved model (see DESIGN.md). */
export async function activateAll(): Promise<void> {
  await api();
  await vscode.extensions.getExtension(TEST_MODEL_EXTENSION_ID)!.activate();
  await vscode.lm.selectChatModels({ vendor: 'mcp-test' });
  await questions();
}

/**
 * The setup every suite that calls tools (by hand or from @mcp), samples or elicits shares: before it,
 * the extension and the test model are active and `server` lists `tools`; before each test the
 * questions asked so far are forgotten; after it, the editors it opened are closed.
 */
export function hostSuite(options: {
  server: string;
  tools: string[];
  /** Further test-model vendors to resolve (the first request to a vendor fails until one is). */
  models?: string[];
  toolsTimeoutMs?: number;
  setupTimeoutMs?: number;
}): void {
  before(async function () {
    this.timeout(options.setupTimeoutMs ?? 60_000);
    await activateAll();
    for (const vendor of options.models ?? []) await vscode.lm.selectChatModels({ vendor });
    await toolsOf(options.server, options.tools, options.toolsTimeoutMs);
  });
  beforeEach(async () => {
    await questions();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
}
