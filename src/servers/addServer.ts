// "Add Server…": a guided quick input that writes an entry into `mcpClient.servers` at the scope the
// user picks (user or workspace settings). Nothing is written until the last step is confirmed.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { SettingKeys } from '../common/settingKeys';
import { focusViewCommand, ViewIds } from '../common/viewIds';
import { parseServerEntry } from '../config/serverSchema';
import { askText, pickOne } from '../common/shownUi';
import { l10n } from '../common/shownL10n';
import { shownArg } from '../common/serverText';

type Draft = { command: string; args: string[] } | { type: 'http' | 'sse'; url: string };

export function registerAddServerCommand(): vscode.Disposable {
  return vscode.commands.registerCommand(CommandIds.addServer, addServer);
}

async function addServer(): Promise<void> {
  const kind = await pickOne(
    [
      { label: l10n.t('$(terminal) {0}', l10n.t('Command (stdio)')), description: l10n.t('Run a local program, e.g. npx, uvx, node, docker'), value: 'stdio' as const },
      { label: l10n.t('$(globe) {0}', l10n.t('HTTP')), description: l10n.t('Connect to a Streamable HTTP endpoint (falls back to legacy SSE)'), value: 'http' as const },
      { label: l10n.t('$(radio-tower) {0}', l10n.t('Legacy HTTP+SSE')), description: l10n.t('Only for servers that speak the old SSE transport'), value: 'sse' as const },
    ],
    { title: l10n.t('Add MCP Server (1/3): transport'), placeHolder: l10n.t('How does the server run?') },
  );
  if (!kind) return;
  const draft = kind.value === 'stdio' ? await askCommand() : await askUrl(kind.value);
  if (!draft) return;
  const name = await askText({
    title: l10n.t('Add MCP Server (3/3): name'),
    prompt: l10n.t('A short name, shown in the Servers view and in output channels'),
    value: suggestName(draft),
    validateInput: (value) => {
      const problem = validateName(value.trim());
      return problem === undefined ? undefined : shownArg(problem);
    },
  });
  if (!name) return;
  const target = await pickTarget();
  if (target === undefined) return;
  const config = vscode.workspace.getConfiguration();
  const inspected = config.inspect<Record<string, unknown>>(SettingKeys.servers);
  const current = (target === vscode.ConfigurationTarget.Global ? inspected?.globalValue : inspected?.workspaceValue) ?? {};
  await config.update(SettingKeys.servers, { ...current, [name.trim()]: draft }, target);
  void vscode.commands.executeCommand(focusViewCommand(ViewIds.servers));
}

async function askCommand(): Promise<Draft | undefined> {
  const line = await askText({
    title: l10n.t('Add MCP Server (2/3): command'),
    prompt: l10n.t('The command line that starts the server'),
    placeHolder: shownArg('npx -y @modelcontextprotocol/server-everything'),
    validateInput: (v) => (v.trim() ? undefined : l10n.t('Enter a command')),
  });
  if (!line) return undefined;
  const [command, ...args] = splitCommandLine(line.trim());
  return { command: command!, args };
}

async function askUrl(type: 'http' | 'sse'): Promise<Draft | undefined> {
  const url = await askText({
    title: l10n.t('Add MCP Server (2/3): URL'),
    prompt: l10n.t('The server endpoint'),
    placeHolder: shownArg('https://example.com/mcp'),
    validateInput: (v) => {
      const result = parseServerEntry('new', { type, url: v.trim() });
      return result.ok ? undefined : shownArg(result.errors[0]?.replace(`${SettingKeys.servers}.new.url: `, ''));
    },
  });
  return url ? { type, url: url.trim() } : undefined;
}

async function pickTarget(): Promise<vscode.ConfigurationTarget | undefined> {
  const options = [{ label: l10n.t('User settings'), description: l10n.t('Available in every workspace'), target: vscode.ConfigurationTarget.Global }];
  if (vscode.workspace.workspaceFolders?.length) {
    options.push({ label: l10n.t('Workspace settings'), description: l10n.t('Only this workspace; shared with the repository'), target: vscode.ConfigurationTarget.Workspace });
  }
  const picked = await pickOne(options, { title: l10n.t('Add MCP Server: where to save it') });
  return picked?.target;
}

function validateName(name: string): string | undefined {
  if (!name) return vscode.l10n.t('Enter a name');
  const result = parseServerEntry(name, { command: 'x' });
  return result.ok ? undefined : result.errors[0];
}

function suggestName(draft: Draft): string {
  if ('url' in draft) {
    try {
      const url = new URL(draft.url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // An address or localhost says nothing by its first part ("127"): name it by host and port.
      if (/^[\d.]+$/.test(host) || host.includes(':') || host === 'localhost') return [host.replace(/[.:]+/g, '-'), url.port].filter(Boolean).join('-');
      return host.split('.').filter((p) => p !== 'www')[0] ?? 'server';
    } catch {
      return 'server';
    }
  }
  const pkg = [...draft.args].reverse().find((a) => !a.startsWith('-')) ?? draft.command;
  return pkg.replace(/^@[^/]+\//, '').replace(/^(mcp-server-|server-)/, '').replace(/[^\w-]/g, '') || 'server';
}

/** Splits a command line on spaces, keeping "quoted parts" together. */
export function splitCommandLine(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}
