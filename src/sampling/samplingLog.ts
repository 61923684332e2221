// Every sampling request per server, what was decided and what went back: the user can open it as a
// read-only Markdown document (MCP Client: Show Sampling Log…). Kept in memory for this window.
import * as vscode from 'vscode';
import { escapeMarkdownInline, fenceFor } from '../common/markdownSafety';

export const SAMPLING_LOG_SCHEME = 'mcp-client-sampling-log';
const KEEP = 100;

export interface SamplingLogEntry {
  time: Date;
  systemPrompt?: string;
  messages: string[];
  maxTokens: number;
  outcome: 'answered' | 'denied' | 'failed' | 'rate-limited';
  model?: string;
  response?: string;
  error?: string;
}

export class SamplingLog implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly entries = new Map<string, SamplingLogEntry[]>();
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changeEmitter.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SAMPLING_LOG_SCHEME, this);

  add(server: string, entry: SamplingLogEntry): void {
    const list = this.entries.get(server) ?? [];
    list.push(entry);
    if (list.length > KEEP) list.shift();
    this.entries.set(server, list);
    this.changeEmitter.fire(this.uri(server));
  }

  servers(): string[] {
    return [...this.entries.keys()];
  }

  list(server: string): readonly SamplingLogEntry[] {
    return this.entries.get(server) ?? [];
  }

  uri(server: string): vscode.Uri {
    return vscode.Uri.from({ scheme: SAMPLING_LOG_SCHEME, path: `/${server}/sampling.md` });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const server = uri.path.split('/')[1] ?? '';
    const list = this.entries.get(server) ?? [];
    const lines = [`# ${vscode.l10n.t('Sampling requests from {0}', escapeMarkdownInline(server))}`, ''];
    if (list.length === 0) lines.push('*None yet in this window.*');
    for (const e of list.slice().reverse()) {
      lines.push(`## ${e.time.toISOString()} · ${e.outcome}${e.model ? ` · ${escapeMarkdownInline(e.model)}` : ''}`, '', vscode.l10n.t('Token limit: {0}', e.maxTokens), '');
      if (e.systemPrompt) lines.push(vscode.l10n.t('System prompt:'), '', ...quote(e.systemPrompt), '');
      lines.push(vscode.l10n.t('Messages:'), '', ...quote(e.messages.join('\n')), '');
      if (e.response !== undefined) lines.push(vscode.l10n.t('Response:'), '', ...quote(e.response), '');
      if (e.error) lines.push(vscode.l10n.t('Error: {0}', escapeMarkdownInline(e.error)), '');
    }
    return lines.join('\n');
  }

  dispose(): void {
    this.registration.dispose();
    this.changeEmitter.dispose();
  }
}

function quote(text: string): string[] {
  const fence = fenceFor(text);
  return [`${fence}text`, text, fence];
}
