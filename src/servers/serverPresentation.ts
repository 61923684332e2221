// How a server looks: state icon, one-line description, tooltip, and the context words the menus match
// on. Shared by the tree, the status bar and the server pickers.
import * as vscode from 'vscode';
import type { ServerEntry } from '../mcp/sessionManager';
import { describeTransport, type ServerScope } from '../mcp/serverDefinition';
import { shadowsUserServer } from '../mcp/serverIdentity';
import { SessionState } from '../mcp/sessionState';
import { SettingKeys } from '../common/settingKeys';
import { cleanServerLine, cleanServerText, TextCaps, truncateVisibly } from '../common/serverText';
import { md, mdJoin, mdText, type ShownMarkdown } from '../common/shownMarkdown';
import { shownTooltip } from '../common/shownUi';
import { missingCommandReason } from '../trust/consentPolicy';
import { heldBackKind, heldBackOf } from './effectiveState';

/** A session's state, or the configuration error that kept it from having one. */
export type ServerState = SessionState | { kind: 'invalid'; message: string };

export function stateOf(entry: ServerEntry): ServerState {
  if (entry.configError !== undefined) return { kind: 'invalid', message: entry.configError };
  return entry.session?.state ?? { kind: 'stopped' };
}

/**
 * The names of the servers in the user's settings, for mcp/serverIdentity.ts's shadowsUserServer (a
 * workspace server that takes one of these names is not the user's, and the view says so). A view reads
 * them once per refresh, not per row: inspect() merges every scope.
 */
export function userServerNames(): string[] {
  return Object.keys(vscode.workspace.getConfiguration().inspect<Record<string, unknown>>(SettingKeys.servers)?.globalValue ?? {});
}

/**
 * Why a server held back cannot start until its settings change: a workspace server whose command does
 * not exist (it is neither asked about nor started). Shown as an error, as the same entry in user settings
 * would be (issue 25, defect 9); undefined otherwise.
 */
export function startProblem(entry: ServerEntry): string | undefined {
  const state = entry.session?.state;
  const transport = entry.session?.definition.transport;
  if (!state || !SessionState.isHeldBack(state) || transport?.type !== 'stdio') return undefined;
  return state.reason === missingCommandReason(transport.command) ? state.reason : undefined;
}

/** Where a server is defined, in words: `.vscode/mcp.json`, or "user settings", "workspace settings", "folder settings". */
export function definedInLabel(entry: ServerEntry): string {
  return entry.session?.definition.definedIn ?? scopeLabel(entry.scope);
}

/** Where, with the scope that trust and consent go by: ".mcp.json (workspace)", "user settings". */
export function definedInWithScope(entry: ServerEntry): string {
  const file = entry.session?.definition.definedIn;
  if (!file) return scopeLabel(entry.scope);
  const scope = entry.scope === 'user' ? vscode.l10n.t('user') : entry.scope === 'folder' ? vscode.l10n.t('folder') : vscode.l10n.t('workspace');
  return vscode.l10n.t('{0} ({1})', file, scope);
}

/** "user settings", "workspace settings", "folder settings": where a server is defined. */
export function scopeLabel(scope: ServerScope): string {
  switch (scope) {
    case 'user':
      return vscode.l10n.t('user settings');
    case 'workspace':
      return vscode.l10n.t('workspace settings');
    case 'folder':
      return vscode.l10n.t('folder settings');
  }
}

export function iconFor(entry: ServerEntry): vscode.ThemeIcon {
  const state = stateOf(entry);
  switch (state.kind) {
    case 'running':
      return new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('testing.iconPassed'));
    case 'starting':
      return new vscode.ThemeIcon('loading~spin');
    case 'error':
      if (SessionState.needsAuth(state)) return new vscode.ThemeIcon('account', new vscode.ThemeColor('list.warningForeground'));
      return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    case 'invalid':
      return new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
    case 'stopped':
      if (startProblem(entry)) return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
      return new vscode.ThemeIcon(state.reason ? 'circle-slash' : 'circle-outline');
  }
}

/**
 * E.g. "running · stdio", "error · retrying in 4 s". Short: the view cuts a long description off (issue 25:
 * "running · stdio · 2025-11…"); the protocol revision is in the tooltip.
 */
export function descriptionFor(entry: ServerEntry): string {
  const state = stateOf(entry);
  const session = entry.session;
  switch (state.kind) {
    case 'running':
      return [vscode.l10n.t('running'), session?.transportKind].filter(Boolean).join(' · ');
    case 'starting':
      return vscode.l10n.t('starting…');
    case 'error':
      if (SessionState.needsAuth(state)) return vscode.l10n.t('needs sign-in');
      if (state.retryInMs) return vscode.l10n.t('error · retrying in {0} s', Math.round(state.retryInMs / 1000));
      return state.gaveUp ? vscode.l10n.t('error · gave up') : vscode.l10n.t('error');
    case 'invalid':
      return vscode.l10n.t('invalid configuration');
    case 'stopped': {
      if (entry.deferred) return vscode.l10n.t('starts on first use');
      if (startProblem(entry)) return vscode.l10n.t('error · command not found');
      const held = heldBackOf(entry);
      if (held) return held.short;
      return state.reason ? vscode.l10n.t('not started') : session?.definition.disabled ? vscode.l10n.t('disabled') : vscode.l10n.t('stopped');
    }
  }
}

/** A server's instructions as inert Markdown, lines capped; `moreLines(n)` says n lines were left out. */
export type InstructionsMarkdown = (instructions: string, moreLines: (count: number) => string) => ShownMarkdown;

/** A note another feature adds to a server's row (dev mode, registry updates, the sandbox's refusals): first in the tooltip. */
export interface TooltipNote {
  mark: string;
  tooltip: string;
}

export function tooltipFor(entry: ServerEntry, instructionsMarkdown?: InstructionsMarkdown, notes: readonly TooltipNote[] = []): vscode.MarkdownString {
  // Server-provided text (name, instructions, errors) is untrusted: escaped (shownMarkdown.mdText: no links,
  // markup or theme icons, invisible characters written out); instructions, once instructionsMarkdown is
  // loaded, keep their formatting but stay inert (markdownSafety). Our own marks are plain characters.
  const state = stateOf(entry);
  // Notes first: they may ask for an action. Their text may quote the server (a path its sandbox refused).
  const parts: ShownMarkdown[] = notes.map((note) => md`${mdText(note.mark, 4)} ${mdText(note.tooltip)}`);
  parts.push(md`**${mdText(entry.name, TextCaps.name)}** — ${mdText(descriptionFor(entry))}`, mdText(vscode.l10n.t('Defined in: {0}', definedInWithScope(entry))));
  const held = heldBackOf(entry);
  if (held) parts.push(md`**${mdText(vscode.l10n.t('Not running: {0}', held.short))}** — ${mdText(vscode.l10n.t('to change it: {0}', held.action))}`);
  if (shadowsUserServer(entry, userServerNames())) {
    parts.push(md`⚠ ${mdText(vscode.l10n.t('This workspace defines its own server named like one in your user settings; yours is not used here, and its approvals do not apply.'))}`);
  }
  const session = entry.session;
  if (session) parts.push(mdText(vscode.l10n.t('Transport: {0}', describeTransport(session.definition.transport))));
  const info = session?.serverInfo;
  if (info) {
    parts.push(mdText(vscode.l10n.t('Server: {0} {1}', cleanServerLine(info.name, TextCaps.name), cleanServerLine(info.version ?? '', TextCaps.name))));
    parts.push(mdText(vscode.l10n.t('Protocol: {0}', session.protocolVersion ?? '')));
  }
  const caps = session?.capabilities;
  if (caps) parts.push(mdText(vscode.l10n.t('Capabilities: {0}', Object.keys(caps).sort().join(', ') || vscode.l10n.t('none'))));
  if (session) parts.push(mdText(rootsNote(session.definition.roots)));
  if (session?.instructions) {
    const moreLines = (count: number) => vscode.l10n.t('… {0} more lines', count);
    const instructions = instructionsMarkdown ? instructionsMarkdown(session.instructions, moreLines) : quote(session.instructions);
    parts.push(md`${mdText(vscode.l10n.t('Instructions:'))}\n\n${instructions}\n\n---`);
  }
  if (state.kind === 'error' || state.kind === 'invalid') parts.push(md`⛔ ${mdText(cleanServerText(state.message, TextCaps.description))}`);
  // Turned off here or everywhere: said once, above, with its action (effectiveState.ts); other reasons (a
  // policy's rule, consent, a new server's setting) say more than the line above and stay.
  if (state.kind !== 'invalid' && SessionState.isHeldBack(state) && held?.kind !== 'offHere' && held?.kind !== 'offEverywhere') parts.push(md`ℹ ${mdText(cleanServerText(state.reason, TextCaps.description))}`);
  const definedIn = session?.definition.definedIn;
  // Never "VS Code runs it" unless it does (servers/vscodeSharing.ts watches): what is true either way.
  if (definedIn && !session.definition.leftToVscode) {
    parts.push(md`ℹ ${mdText(vscode.l10n.t("From {0}, which VS Code's own MCP support reads too. VS Code does not run it now, so MCP Client does; when VS Code starts the same server, MCP Client stops its copy.", definedIn))}`);
  }
  return shownTooltip(md`${mdJoin(parts, '\n\n')}\n\n`);
}

/**
 * What the server is told about folders (MCP roots), and what that does: a server such as server-filesystem
 * then works in those folders only, not in the ones its arguments name ("Access denied … not in <workspace>",
 * issue 25), which is correct by the spec but surprising unless said where the user looks.
 */
function rootsNote(enabled: boolean): string {
  if (!enabled) return vscode.l10n.t('Roots: none ("roots": false), so the server keeps to the folders its own arguments name.');
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  return vscode.l10n.t(
    'Roots: {0}. Servers such as server-filesystem then work in these folders only, not in the folders their arguments name; set "roots": false in its settings to keep those.',
    folders.length ? folders.join(', ') : vscode.l10n.t('none (no folder is open)'),
  );
}

/** Context value words the menus match on (package.json `viewItem =~ /\bcanStart\b/`). */
export function contextValueFor(entry: ServerEntry): string {
  const words = ['mcpServer'];
  const state = stateOf(entry);
  if (state.kind === 'invalid') return words.join(' ');
  const held = heldBackKind(entry);
  // A server turned off, refused or disabled has its own action instead of Start (effectiveState.ts).
  const off = held && ['offHere', 'offEverywhere', 'offNew', 'refusedByPolicy', 'disabledInSettings'].includes(held);
  if (SessionState.canStart(state) && !off) words.push('canStart');
  if (held) words.push(held);
  if (off && held !== 'refusedByPolicy' && held !== 'disabledInSettings') words.push('turnedOff');
  else if (!off) words.push('canTurnOff');
  if (SessionState.canStop(state)) words.push('canStop');
  if (SessionState.canRestart(state)) words.push('canRestart');
  // OAuth (src/auth): Sign in where a sign-in is wanted, Sign out on every HTTP server.
  if (SessionState.needsAuth(state)) words.push('needsAuth');
  if (entry.session && entry.session.definition.transport.type !== 'stdio') words.push('httpServer');
  return words.join(' ');
}

function quote(text: string): ShownMarkdown {
  const all = cleanServerText(text, Number.MAX_SAFE_INTEGER).split('\n');
  const lines = all.slice(0, TextCaps.instructionLines).map((l) => md`> ${mdText(truncateVisibly(l, TextCaps.instructionLine), Number.MAX_SAFE_INTEGER)}`);
  if (all.length > TextCaps.instructionLines) lines.push(md`> ${mdText(vscode.l10n.t('… {0} more lines', all.length - TextCaps.instructionLines))}`);
  return mdJoin(lines, '\n');
}
