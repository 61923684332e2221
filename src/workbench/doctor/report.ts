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

const MARKS: Record<StepStatus, string> = { ok: '✅', warn: '⚠️', fail: '❌', skip: '⏭️', info: 'ℹ️' };
const OUTPUT_CHARS = 4_000;

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
  for (const line of summary) lines.push(`- ${line}`);
  const failed = steps.filter((s) => s.status === 'fail');
  lines.push('', failed.length ? `**${failed.length} check${failed.length === 1 ? '' : 's'} failed:** ${failed.map((s) => escapeMarkdownInline(s.title)).join(', ')}.` : '**No check failed.**', '');
  steps.forEach((step, index) => {
    const time = step.ms === undefined ? '' : ` · ${Math.round(step.ms)} ms`;
    lines.push(`## ${MARKS[step.status]} ${index + 1}. ${escapeMarkdownInline(step.title)}${time}`, '');
    for (const detail of step.details) lines.push(`- ${escapeMarkdownInline(detail)}`);
    if (step.output?.length) {
      const text = cleanServerText(step.output.join('\n'), OUTPUT_CHARS);
      const fence = fenceFor(text);
      lines.push('', `${fence}text`, text, fence);
    }
    if (step.fix) lines.push('', `**What to do:** ${escapeMarkdownInline(step.fix)}`);
    lines.push('');
  });
  return lines.join('\n');
}
