// A tools/call result as the Markdown of a read-only document, and the check of its structured
// content against the tool's outputSchema (with the SDK's validator). A mismatch, a missing structured
// result and `isError` are all stated at the top, never hidden. Content blocks render exactly as in
// prompt documents (images inline, audio playable, resources fenced, resource links openable).
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { getDisplayName } from '../mcp/displayName';
import { escapeMarkdownInline, fenceFor, inlineCode } from '../common/markdownSafety';
import { renderContent } from '../common/contentMarkdown';
import { schemaErrors, schemaProblem } from './schemaValidation';

/** Whether the structured result matches the outputSchema: undefined when there is nothing to check. */
export function checkStructuredContent(tool: Pick<Tool, 'outputSchema'> | undefined, result: CallToolResult): string | undefined {
  const schema = tool?.outputSchema;
  if (!schema || result.isError) return undefined;
  if (result.structuredContent === undefined) return 'The tool declares an output schema but returned no structured content.';
  const problem = schemaProblem(schema);
  if (problem) return `The tool's output schema is unusable: ${problem}`;
  const errors = schemaErrors(schema, result.structuredContent);
  return errors ? `The structured content does not match the tool's output schema: ${errors}` : undefined;
}

export interface ToolResultDocumentInput {
  server: string;
  tool: Tool;
  args: Record<string, unknown>;
  result: CallToolResult;
  /** From checkStructuredContent. */
  outputProblem?: string;
  resourceHref(uri: string): string;
}

export function renderToolResultMarkdown({ server, tool, args, result, outputProblem, resourceHref }: ToolResultDocumentInput): string {
  const lines = [`# ${escapeMarkdownInline(getDisplayName(tool))}`, '', `*Tool ${inlineCode(tool.name)} of MCP server ${inlineCode(server)}*`, ''];
  if (result.isError) lines.push('> **⚠ The tool reported an error.**', '');
  if (outputProblem) lines.push(`> **⚠ ${escapeMarkdownInline(outputProblem)}**`, '');
  lines.push('## Arguments', '', ...jsonBlock(args), '', '## Result', '');
  const content = Array.isArray(result.content) ? result.content : [];
  if (content.length === 0 && result.structuredContent === undefined) lines.push('*The tool returned no content.*', '');
  for (const block of content) lines.push(...renderContent(block as never, resourceHref), '');
  if (result.structuredContent !== undefined) {
    const verdict = tool.outputSchema ? (outputProblem ? ' (does not match the output schema)' : ' (matches the output schema)') : '';
    lines.push(`## Structured content${verdict}`, '', ...jsonBlock(result.structuredContent), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function jsonBlock(value: unknown): string[] {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  const fence = fenceFor(text);
  return [`${fence}json`, text, fence];
}

/** One line for notifications and the chat: the result's text, shortened. */
export function resultSummary(result: CallToolResult, max = 200): string {
  const text = (Array.isArray(result.content) ? result.content : [])
    .map((c) => (c.type === 'text' ? c.text : `[${c.type}]`))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
