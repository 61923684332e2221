// The connection doctor's report: the checks in the order they ran, each with how long it took, what it
// found and, when it failed, what to do. Rendered as Markdown for a read-only preview; anything the
// server or the network said is cleaned and fenced (shown, never rendered). No `vscode` import.
import { escapeMarkdownInline, fenceFor } from '../../common/markdownSafety';
import { cleanServerText } from '../../common/serverText';

export type StepStatus = 'ok' | 'warn' | 'fail' | 'skip' | 'info';

export interface Step {
  title: string;
  status: StepStatus;
  ms?: number;
  /** Our own sentences about what was found. */
  details: string[];
  /** What the server or the network said, shown verbatim in a code block. */
  output?: string[];
  /** What to do, for a failed or doubtful step. */
  fix?: string;
}

/** Words, not emoji: they read the same in every font and to a screen reader. */
const WORDS: Record<StepStatus, string> = { ok: 'passed', warn: 'warning', fail: 'FAILED', skip: 'skipped', info: 'note' };
const OUTPUT_CHARS = 4_000;

/** Our sentence as inert Markdown: URLs in code spans (not links, not half-linked by the preview), the rest escaped. */
function inline(text: string): string {
  return text
    .split(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>`]+)/gi)
    .map((part, i) => (i % 2 ? `\`${part.replace(/[.,;:)]+$/, '')}\`${part.match(/[.,;:)]+$/)?.[0] ?? ''}` : keepSpaces(part, escapeMarkdownInline(part))))
    .join('');
}

/** escapeMarkdownInline trims; between code spans the spaces matter. */
function keepSpaces(raw: string, escaped: string): string {
  if (!raw.trim()) return raw ? ' ' : '';
  return `${/^\s/.test(raw) ? ' ' : ''}${escaped}${/\s$/.test(raw) ? ' ' : ''}`;
}

/** Runs `check` as one step: timed, and a thrown error becomes a failed step saying so. */
export async function timed(title: string, check: () => Promise<Omit<Step, 'title' | 'ms'>>): Promise<Step> {
  const started = performance.now();
  try {
    return { title, ...(await check()), ms: performance.now() - started };
  } catch (error) {
    return { title, status: 'fail', details: [`The check itself failed: ${(error as Error).message}`], ms: performance.now() - started };
  }
}

export function renderReport(server: string, summary: string[], steps: readonly Step[], at: Date): string {
  const lines = [`# Diagnosis of '${escapeMarkdownInline(server)}'`, '', `${at.toISOString()} · ${steps.length} checks`, ''];
  for (const line of summary) lines.push(`- ${inline(line)}`);
  const failed = steps.filter((s) => s.status === 'fail');
  lines.push('', failed.length ? `**${failed.length} check${failed.length === 1 ? '' : 's'} failed:** ${failed.map((s) => escapeMarkdownInline(s.title)).join(', ')}.` : '**No check failed.**', '');
  const time = (step: Step) => (step.ms === undefined ? '' : `${Math.round(step.ms)} ms`);
  lines.push('| # | Check | Result | Time |', '|---|---|---|---|');
  steps.forEach((step, index) => lines.push(`| ${index + 1} | ${escapeMarkdownInline(step.title)} | ${step.status === 'fail' ? '**FAILED**' : WORDS[step.status]} | ${time(step)} |`));
  lines.push('');
  steps.forEach((step, index) => {
    lines.push(`## ${index + 1}. ${escapeMarkdownInline(step.title)}: ${WORDS[step.status]}${step.ms === undefined ? '' : ` · ${time(step)}`}`, '');
    for (const detail of step.details) lines.push(`- ${inline(detail)}`);
    if (step.output?.length) {
      const text = cleanServerText(step.output.join('\n'), OUTPUT_CHARS);
      const fence = fenceFor(text);
      lines.push('', `${fence}text`, text, fence);
    }
    if (step.fix) lines.push('', `**What to do:** ${inline(step.fix)}`);
    lines.push('');
  });
  return lines.join('\n');
}
