// "Add Server…": a guided quick input that writes an entry into `mcpClient.servers` at the scope the
// user picks (user or workspace settings). Nothing is written until the last step is confirmed.
import * as vscode from 'vscode';
import { parseServerEntry } from '../config/serverSchema';

type Draft = { command: string; args: string[] } | { type: 'http' | 'sse'; url: string };

export function registerAddServerCommand(): vscode.Disposable {
  return vscode.commands.registerCommand('mcpClient.addServer', addServer);
}

async function addServer(): Promise<void> {
  const kind = await vscode.window.showQuickPick(
    [
      { label: '$(terminal) Command (stdio)', description: 'Run a local program, e.g. npx, uvx, node, docker', value: 'stdio' as const },
      { label: '$(globe) HTTP', description: 'Connect to a Streamable HTTP endpoint (falls back to legacy SSE)', value: 'http' as const },
      { label: '$(radio-tower) Legacy HTTP+SSE', description: 'Only for servers that speak the old SSE transport', value: 'sse' as const },
    ],
    { title: 'Add MCP Server (1/3): transport', placeHolder: 'How does the server run?' },
  );
  if (!kind) return;
  const draft = kind.value === 'stdio' ? await askCommand() : await askUrl(kind.value);
  if (!draft) return;
  const name = await vscode.window.showInputBox({
    title: 'Add MCP Server (3/3): name',
    prompt: 'A short name, shown in the Servers view and in output channels',
    value: suggestName(draft),
    validateInput: (value) => validateName(value.trim()),
  });
  if (!name) return;
  const target = await pickTarget();
  if (target === undefined) return;
  const config = vscode.workspace.getConfiguration('mcpClient');
  const inspected = config.inspect<Record<string, unknown>>('servers');
  const current = (target === vscode.ConfigurationTarget.Global ? inspected?.globalValue : inspected?.workspaceValue) ?? {};
  await config.update('servers', { ...current, [name.trim()]: draft }, target);
  void vscode.commands.executeCommand('mcpClient.servers.focus');
}

async function askCommand(): Promise<Draft | undefined> {
  const line = await vscode.window.showInputBox({
    title: 'Add MCP Server (2/3): command',
    prompt: 'The command line that starts the server',
    placeHolder: 'npx -y @modelcontextprotocol/server-everything',
    validateInput: (v) => (v.trim() ? undefined : 'Enter a command'),
  });
  if (!line) return undefined;
  const [command, ...args] = splitCommandLine(line.trim());
  return { command: command!, args };
}

async function askUrl(type: 'http' | 'sse'): Promise<Draft | undefined> {
  const url = await vscode.window.showInputBox({
    title: 'Add MCP Server (2/3): URL',
    prompt: 'The server endpoint',
    placeHolder: 'https://example.com/mcp',
    validateInput: (v) => {
      const result = parseServerEntry('new', { type, url: v.trim() });
      return result.ok ? undefined : result.errors[0]?.replace(/^mcpClient\.servers\.new\.url: /, '');
    },
  });
  return url ? { type, url: url.trim() } : undefined;
}

async function pickTarget(): Promise<vscode.ConfigurationTarget | undefined> {
  const options = [{ label: 'User settings', description: 'Available in every workspace', target: vscode.ConfigurationTarget.Global }];
  if (vscode.workspace.workspaceFolders?.length) {
    options.push({ label: 'Workspace settings', description: 'Only this workspace; shared with the repository', target: vscode.ConfigurationTarget.Workspace });
  }
  const picked = await vscode.window.showQuickPick(options, { title: 'Add MCP Server: where to save it' });
  return picked?.target;
}

function validateName(name: string): string | undefined {
  if (!name) return 'Enter a name';
  const result = parseServerEntry(name, { command: 'x' });
  return result.ok ? undefined : result.errors[0];
}

function suggestName(draft: Draft): string {
  if ('url' in draft) {
    try {
      return new URL(draft.url).hostname.split('.').filter((p) => p !== 'www')[0] ?? 'server';
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
