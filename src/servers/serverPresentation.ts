// How a server looks: state icon, one-line description, tooltip. Shared by the tree and status bar.
import * as vscode from 'vscode';
import type { ServerEntry } from '../mcp/sessionManager';
import { describeTransport } from '../mcp/serverDefinition';
import { SessionState } from '../mcp/sessionState';

export function stateOf(entry: ServerEntry): SessionState | { kind: 'invalid'; message: string } {
  if (entry.configError !== undefined) return { kind: 'invalid', message: entry.configError };
  return entry.session?.state ?? { kind: 'stopped' };
}

export function iconFor(entry: ServerEntry): vscode.ThemeIcon {
  const state = stateOf(entry);
  switch (state.kind) {
    case 'running':
      return new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('testing.iconPassed'));
    case 'starting':
      return new vscode.ThemeIcon('loading~spin');
    case 'error':
      if (state.needsAuth) return new vscode.ThemeIcon('account', new vscode.ThemeColor('list.warningForeground'));
      return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    case 'invalid':
      return new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
    case 'stopped':
      return new vscode.ThemeIcon(state.reason ? 'circle-slash' : 'circle-outline');
  }
}

/** E.g. "running · stdio · 2026-07-28", "error: exited with code 1 · retrying in 4 s". */
export function descriptionFor(entry: ServerEntry): string {
  const state = stateOf(entry);
  const session = entry.session;
  switch (state.kind) {
    case 'running':
      return ['running', session?.transportKind, session?.protocolVersion].filter(Boolean).join(' · ');
    case 'starting':
      return 'starting…';
    case 'error':
      if (state.needsAuth) return 'needs sign-in';
      return `error${state.retryInMs ? ` · retrying in ${Math.round(state.retryInMs / 1000)} s` : state.gaveUp ? ' · gave up' : ''}`;
    case 'invalid':
      return 'invalid configuration';
    case 'stopped':
      return state.reason ? 'not started' : session?.definition.disabled ? 'disabled' : 'stopped';
  }
}

export function tooltipFor(entry: ServerEntry): vscode.MarkdownString {
  // Server-provided text (name, instructions, errors) is untrusted: never isTrusted, no HTML,
  // and escaped so it cannot inject links or markup.
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = false;
  md.supportHtml = false;
  const state = stateOf(entry);
  md.appendMarkdown(`**${esc(entry.name)}** — ${esc(descriptionFor(entry))}\n\n`);
  md.appendMarkdown(`Defined in: ${entry.scope} settings\n\n`);
  const session = entry.session;
  if (session) md.appendMarkdown(`Transport: ${esc(describeTransport(session.definition.transport))}\n\n`);
  const info = session?.serverInfo;
  if (info) md.appendMarkdown(`Server: ${esc(info.name)} ${esc(info.version ?? '')}\n\nProtocol: ${esc(session.protocolVersion ?? '')}\n\n`);
  const caps = session?.capabilities;
  if (caps) md.appendMarkdown(`Capabilities: ${esc(Object.keys(caps).sort().join(', ') || 'none')}\n\n`);
  if (session?.instructions) md.appendMarkdown(`Instructions:\n\n${quote(session.instructions)}\n\n`);
  if (state.kind === 'error' || state.kind === 'invalid') md.appendMarkdown(`$(error) ${esc(state.message)}\n\n`);
  if (state.kind === 'stopped' && state.reason) md.appendMarkdown(`$(info) ${esc(state.reason)}\n\n`);
  return md;
}

/** Context value words the menus match on (package.json `viewItem =~ /\bcanStart\b/`). */
export function contextValueFor(entry: ServerEntry): string {
  const words = ['mcpServer'];
  const kind = stateOf(entry).kind;
  if (kind === 'invalid') return words.join(' ');
  if (kind === 'stopped' || kind === 'error') words.push('canStart');
  if (kind === 'running' || kind === 'starting' || (kind === 'error' && !(stateOf(entry) as { gaveUp?: boolean }).gaveUp)) words.push('canStop');
  if (kind === 'running' || kind === 'error') words.push('canRestart');
  // OAuth (src/auth): Sign in where a sign-in is wanted, Sign out on every HTTP server.
  const state = stateOf(entry);
  if (state.kind === 'error' && state.needsAuth) words.push('needsAuth');
  if (entry.session && entry.session.definition.transport.type !== 'stdio') words.push('httpServer');
  return words.join(' ');
}

function esc(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~$]/g, '\\$&');
}

function quote(text: string): string {
  const lines = text.split(/\r?\n/).slice(0, 20);
  return lines.map((l) => `> ${esc(l)}`).join('\n');
}
