// What the sampling approval dialog shows, and the full request behind it. A modal dialog cannot show a
// long request, but it must not pretend to: every cut is marked, the total size is said, and the full
// request (exactly what the model would receive) is one button away. Server text is stripped of
// invisible and reordering characters. No `vscode` import: unit-tested.
import { fenceFor } from '../common/markdownSafety';
import { cleanServerText, truncateVisibly } from '../common/serverText';

export interface SamplingQuestion {
  server: string;
  systemPrompt?: string;
  messages: string[];
  maxTokens: number;
  model: string;
}

export const DIALOG_CAPS = { systemPrompt: 1_000, messages: 2_000 } as const;

/** The request's size in characters: system prompt and messages, as the model receives them. */
export function requestSize(q: SamplingQuestion): number {
  return (q.systemPrompt?.length ?? 0) + q.messages.reduce((sum, m) => sum + m.length, 0);
}

/** The dialog's sections (system prompt, messages), cut visibly; `cut` says whether anything was left out. */
export function dialogSections(q: SamplingQuestion): { systemPrompt?: string; messages: string; cut: boolean; total: number } {
  const system = q.systemPrompt === undefined ? undefined : cleanServerText(q.systemPrompt, Number.MAX_SAFE_INTEGER);
  const messages = cleanServerText(q.messages.join('\n'), Number.MAX_SAFE_INTEGER);
  const shownSystem = system === undefined ? undefined : truncateVisibly(system, DIALOG_CAPS.systemPrompt);
  const shownMessages = truncateVisibly(messages, DIALOG_CAPS.messages);
  return { systemPrompt: shownSystem, messages: shownMessages, cut: shownSystem !== system || shownMessages !== messages, total: requestSize(q) };
}

/** The whole request as an inert Markdown document: every part in a code block, nothing interpreted. */
export function fullRequestMarkdown(q: SamplingQuestion): string {
  const block = (text: string) => `${fenceFor(text)}text\n${text}\n${fenceFor(text)}`;
  return [
    `# Sampling request from ${q.server.replace(/[\\`*_[\]<>#]/g, '\\$&')}`,
    `${requestSize(q).toLocaleString('en-US')} characters, up to ${q.maxTokens} tokens, answered by ${q.model.replace(/[\\`*_[\]<>#]/g, '\\$&')}.`,
    '## System prompt',
    q.systemPrompt === undefined ? '(none)' : block(q.systemPrompt),
    '## Messages',
    ...q.messages.map((m) => block(m)),
  ].join('\n\n');
}
