// What calling a tool by hand (tools/) or from @mcp (chat/) asks of MCP Apps: a tool whose
// `_meta.ui.resourceUri` names a UI gets a launch for each call, which shows the app (or offers to)
// and hears how the call ended. registerApps.ts implements it; activation/contributions.ts hands it over.
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type * as vscode from 'vscode';

export type ToolCallEnd = { result: CallToolResult } | { cancelled: string } | { error: string };

export interface ToolAppCall {
  readonly launchId: string;
  /** "Open App" for this call, e.g. as a chat button. */
  readonly command: vscode.Command;
  /** The call's end, delivered to the app (a failure becomes an error result). */
  end(how: ToolCallEnd): void;
}

export interface ToolApps {
  /** Undefined for a tool without a UI. With `show`, the app opens at once (Call Tool…). */
  begin(server: string, tool: Tool, args: Record<string, unknown>, options: { show: boolean }): ToolAppCall | undefined;
}
