// Shared by the tools, chat-tools, sampling and elicitation host suites: answering the extension's
// dialogs (src/tools/userAnswers.ts, enabled by MCP_CLIENT_TEST_ANSWERS in scripts/test.mjs), reading
// the questions it asked, calling tools through the command, and waiting for a server's tools.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ToolCallOutcome } from '../../src/tools/runTool';

export interface Question {
  kind: string;
  [detail: string]: unknown;
}
/** What `mcpClient.tools.call` resolves with. */
export type ToolOutcome = ToolCallOutcome;

export async function answer(...answers: { kind: string; answer: unknown }[]): Promise<void> {
  await vscode.commands.executeCommand('mcpClient.test.answer', ...answers);
}

/** The questions asked since the last call (it forgets them). */
export async function questions(): Promise<Question[]> {
  return (await vscode.commands.executeCommand<Question[]>('mcpClient.test.questions', true)) ?? [];
}

export async function callTool(server: string, tool: string, args?: Record<string, unknown>): Promise<ToolOutcome> {
  return (await vscode.commands.executeCommand<ToolOutcome>('mcpClient.tools.call', { server, tool, arguments: args })) ?? {};
}

/** Waits until `server` is running and lists its tools (all of `expected`, when given). */
export async function toolsOf(server: string, expected: string[] = [], timeoutMs = 30_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const servers = await vscode.commands.executeCommand<{ server: string; status: string; tools: string[] }[]>('mcpClient.test.tools');
    const entry = servers?.find((s) => s.server === server);
    if (entry?.status === 'ready' && expected.every((t) => entry.tools.includes(t))) return entry.tools;
    if (Date.now() > deadline) assert.fail(`${server} did not list ${expected.join(', ')} (${JSON.stringify(entry)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Tool calls the tools fixture has received, by name. */
export async function fixtureCalls(): Promise<{ name: string; arguments: Record<string, unknown> }[]> {
  const outcome = await callTool('tools', 'calls', {});
  // The structured content is the document's last JSON block.
  const blocks = [...(outcome.markdown ?? '').matchAll(/```json\n([\s\S]*?)\n```/g)];
  return (JSON.parse(blocks.at(-1)?.[1] ?? '{"calls":[]}') as { calls: { name: string; arguments: Record<string, unknown> }[] }).calls;
}

export async function activateAll(): Promise<void> {
  await vscode.extensions.getExtension('mcp-client.mcp-client')!.activate();
  await vscode.extensions.getExtension('mcp-client-tests.test-lm')!.activate();
  await vscode.lm.selectChatModels({ vendor: 'mcp-test' });
  await questions();
}
