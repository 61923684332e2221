// A prompt result as the Markdown of a read-only document: a title and the invocation, the description,
// then each message under its role, its content rendered by contentMarkdown.ts. No `vscode` import.
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/client';
import { codeSpan, renderContent } from '../common/contentMarkdown';
import { escapeMarkdownInline } from '../common/markdownSafety';
import { getDisplayName } from '../mcp/displayName';

export interface PromptDocumentInput {
  server: string;
  prompt: Prompt;
  args: Record<string, string>;
  result: GetPromptResult;
  /** The link target that opens a resource of this server (an `mcp-resource:` URI). */
  resourceHref(uri: string): string;
}

const ROLE_TITLES = { user: 'User', assistant: 'Assistant' } as const;

export function renderPromptMarkdown({ server, prompt, args, result, resourceHref }: PromptDocumentInput): string {
  const lines: string[] = [`# ${escapeMarkdownInline(getDisplayName(prompt))}`, ''];
  const facts = [`Prompt \`${codeSpan(prompt.name)}\` of MCP server \`${codeSpan(server)}\``];
  for (const [name, value] of Object.entries(args)) facts.push(`${escapeMarkdownInline(name)}: ${escapeMarkdownInline(truncate(value, 80))}`);
  lines.push(`*${facts.join(' · ')}*`, '');
  const description = result.description ?? prompt.description;
  if (description) lines.push(...description.split(/\r?\n/).map((l) => `> ${escapeMarkdownInline(l)}`), '');
  if (result.messages.length === 0) lines.push('*The prompt returned no messages.*', '');
  result.messages.forEach((message, index) => {
    lines.push(`## ${index + 1}. ${ROLE_TITLES[message.role] ?? escapeMarkdownInline(message.role)}`, '', ...renderContent(message.content, resourceHref), '');
  });
  return `${lines.join('\n').trimEnd()}\n`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
