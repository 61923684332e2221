// A server's instructions as the server tooltip shows them: its Markdown rendered (lists, emphasis, code),
// inert (markdownSafety: no HTML, no images loaded, no `command:` links), its lines capped like every
// server text. It is in the contributions bundle (markdown-it must not load at activation): the Servers
// view is given it when the contributions load, and quotes the instructions as plain text until then.
import { safeMarkdown } from '../common/markdownSafety';
import { md, mdText, type ShownMarkdown } from '../common/shownMarkdown';
import { cleanServerText, TextCaps, truncateVisibly } from '../common/serverText';

/** `instructions` as inert Markdown; `moreLines(n)` says, localized, that n lines were left out. */
export function instructionsMarkdown(instructions: string, moreLines: (count: number) => string): ShownMarkdown {
  const all = cleanServerText(instructions, Number.MAX_SAFE_INTEGER).split('\n');
  const shown = all.slice(0, TextCaps.instructionLines).map((line) => truncateVisibly(line, TextCaps.instructionLine));
  const more = all.length > TextCaps.instructionLines ? md`\n\n*${mdText(moreLines(all.length - TextCaps.instructionLines))}*` : md``;
  return md`${safeMarkdown(shown.join('\n'))}${more}`;
}
