// "MCP Client: Import Servers…": finds the MCP configurations of VS Code (mcp.json), Claude Desktop
// and Cursor, shows every server found (with what cannot be carried over), and writes the chosen
// ones into `mcpClient.servers` (with the `inputs` they use) at the scope the user picks.
import { readLocalFile } from '../mcp/localFile';
import * as vscode from 'vscode';
import { CommandIds, VscodeCommandIds } from '../common/commandIds';
import { SettingKeys } from '../common/settingKeys';
import { ownVoice, showInfo } from '../common/userMessages';
import { freeName, parseConfig, referencedInputIds, type ImportedConfig, type ImportedServer } from './importFormats';
import { configLocations, guessFormat, isInside, readableLocations, userSettingsFolderFromGlobalStorage, type ConfigLocation } from './importSources';

interface Found {
  location: ConfigLocation;
  config: ImportedConfig;
}

async function readLocation(location: ConfigLocation): Promise<Found | undefined> {
  let text: string;
  try {
    // The one local-file read: a repository's `.cursor/mcp.json` could be a FIFO or a link to /dev/zero.
    text = (await readLocalFile(location.path, { maxBytes: 1024 * 1024 })).toString('utf8');
  } catch {
    return undefined;
  }
  let config = parseConfig(location.format, text);
  // A file picked by hand may be in the other shape (`mcpServers` rather than `servers`).
  if (config.servers.length === 0 && location.format === 'vscode') {
    const other = parseConfig('cursor', text);
    if (other.servers.length > 0) config = other;
  }
  return { location, config };
}

function describeServer(server: ImportedServer): string {
  const e = server.entry;
  if (typeof e.url === 'string') return e.url;
  return [e.command, ...(Array.isArray(e.args) ? e.args : [])].filter((x) => typeof x === 'string').join(' ');
}

export function registerImportCommand(globalStoragePath: string): vscode.Disposable {
  return vscode.commands.registerCommand(CommandIds.importServers, async (file?: vscode.Uri) => {
    const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => ({ name: f.name, path: f.uri.fsPath }));
    const all = file
      ? [{ format: guessFormat(file.fsPath), label: file.fsPath, path: file.fsPath, inWorkspace: isInside(file.fsPath, folders) }]
      : configLocations(folders, userSettingsFolderFromGlobalStorage(globalStoragePath));
    const { read: locations, skipped } = readableLocations(all, vscode.workspace.isTrusted);
    if (skipped.length) {
      void showInfo(vscode.l10n.t('did not read the MCP configurations inside this workspace: it is not trusted. Trust the workspace to import them.'));
    }
    let found = (await Promise.all(locations.map(readLocation))).filter((f): f is Found => f !== undefined);
    if (found.length === 0 && !file) {
      const browse = await showInfo(vscode.l10n.t('found no MCP configuration of VS Code, Claude Desktop or Cursor in the usual places.'), vscode.l10n.t('Choose a File…'));
      if (!browse) return;
      const picked = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { JSON: ['json'] }, title: vscode.l10n.t('MCP configuration to import') });
      if (!picked?.[0]) return;
      found = (await Promise.all([readLocation({ format: guessFormat(picked[0].fsPath), label: picked[0].fsPath, path: picked[0].fsPath })])).filter(
        (f): f is Found => f !== undefined,
      );
    }
    const existing = new Set(Object.keys(vscode.workspace.getConfiguration().get<Record<string, unknown>>(SettingKeys.servers) ?? {}));
    type Item = vscode.QuickPickItem & { server?: ImportedServer; found?: Found };
    const items: Item[] = [];
    for (const f of found) {
      items.push({ label: `${f.location.label}`, kind: vscode.QuickPickItemKind.Separator });
      for (const w of f.config.warnings) items.push({ label: `$(warning) ${w}`, description: f.location.path, detail: vscode.l10n.t('reported only') });
      for (const server of f.config.servers) {
        const notes = [server.dropped.length ? vscode.l10n.t('not imported: {0}', server.dropped.join(', ')) : '', existing.has(server.name) ? vscode.l10n.t('a server of this name exists: imported under a new name') : '']
          .filter(Boolean)
          .join(' · ');
        // A workspace's .vscode/mcp.json is read in place (config/vscodeMcpJson.ts): a copy would only be a second definition.
        const inPlace = f.location.inWorkspace && f.location.format === 'vscode' && /[\\/]\.vscode[\\/]mcp\.json$/.test(f.location.path);
        const fromRepo = inPlace
          ? vscode.l10n.t('already used in place from .vscode/mcp.json: no need to import')
          : f.location.inWorkspace
            ? vscode.l10n.t('from this workspace: saved to workspace settings, asks before starting')
            : '';
        items.push({
          label: server.name,
          description: describeServer(server),
          detail: [fromRepo, notes].filter(Boolean).join(' · ') || undefined,
          // A repository's servers are never preselected: importing them is a choice, not a default.
          picked: !existing.has(server.name) && !f.location.inWorkspace,
          server,
          found: f,
        });
      }
    }
    if (!items.some((i) => i.server)) {
      const warnings = found.flatMap((f) => f.config.warnings.map((w) => `${f.location.path}: ${w}`));
      void showInfo(`${vscode.l10n.t('the configuration files hold no server.')}${warnings.length ? ` ${warnings.join('; ')}` : ''}`);
      return;
    }
    const chosen = await vscode.window.showQuickPick(items, { canPickMany: true, title: vscode.l10n.t('Import MCP Servers'), placeHolder: vscode.l10n.t('Servers to import'), matchOnDetail: true });
    const servers = (chosen ?? []).filter((i): i is Item & { server: ImportedServer; found: Found } => !!i.server);
    if (servers.length === 0) return;
    // Servers found in the workspace go to the workspace settings; only the others ask where to go.
    const fromWorkspace = servers.filter((s) => s.found.location.inWorkspace);
    const others = servers.filter((s) => !s.found.location.inWorkspace);
    const scope = others.length ? await pickScope() : undefined;
    if (others.length && !scope) return;
    if (fromWorkspace.length) await writeServers(fromWorkspace, vscode.ConfigurationTarget.Workspace);
    if (others.length) await writeServers(others, scope!);
  });
}

async function pickScope(): Promise<vscode.ConfigurationTarget | undefined> {
  const options = [{ label: vscode.l10n.t('User Settings'), description: vscode.l10n.t('for every workspace'), target: vscode.ConfigurationTarget.Global }];
  if (vscode.workspace.workspaceFolders?.length) {
    options.push({ label: vscode.l10n.t('Workspace Settings'), description: vscode.l10n.t('for this workspace only (asks for trust before starting)'), target: vscode.ConfigurationTarget.Workspace });
  }
  return (await vscode.window.showQuickPick(options, { placeHolder: vscode.l10n.t('Where to save the imported servers') }))?.target;
}

async function writeServers(chosen: { server: ImportedServer; found: Found }[], target: vscode.ConfigurationTarget): Promise<void> {
  const config = vscode.workspace.getConfiguration();
  const scoped = <T>(key: string): T | undefined => {
    const i = config.inspect<T>(key);
    return target === vscode.ConfigurationTarget.Global ? i?.globalValue : i?.workspaceValue;
  };
  const servers: Record<string, unknown> = { ...(scoped<Record<string, unknown>>(SettingKeys.servers) ?? {}) };
  const taken = new Set([...Object.keys(config.get<Record<string, unknown>>(SettingKeys.servers) ?? {}), ...Object.keys(servers)]);
  const renamed: string[] = [];
  for (const { server } of chosen) {
    const name = freeName(server.name, taken);
    if (name !== server.name) renamed.push(`${server.name} → ${name}`);
    taken.add(name);
    servers[name] = server.entry;
  }
  // The inputs the imported servers refer to, unless an input of that id exists already.
  const inputs = [...(scoped<Record<string, unknown>[]>(SettingKeys.inputs) ?? [])];
  const wanted = referencedInputIds(chosen.map((c) => c.server));
  for (const input of chosen.flatMap((c) => c.found.config.inputs)) {
    if (wanted.has(String(input.id)) && !inputs.some((i) => i.id === input.id)) inputs.push(input);
  }
  await config.update(SettingKeys.servers, servers, target);
  if (inputs.length) await config.update(SettingKeys.inputs, inputs, target);
  const dropped = chosen.filter((c) => c.server.dropped.length).map((c) => `${c.server.name} (${c.server.dropped.join(', ')})`);
  const user = target === vscode.ConfigurationTarget.Global;
  const parts = [
    chosen.length === 1
      ? user ? vscode.l10n.t('imported 1 server into user settings') : vscode.l10n.t('imported 1 server into workspace settings')
      : user ? vscode.l10n.t('imported {0} servers into user settings', chosen.length) : vscode.l10n.t('imported {0} servers into workspace settings', chosen.length),
  ];
  if (renamed.length) parts.push(vscode.l10n.t('renamed: {0}', renamed.join(', ')));
  if (dropped.length) parts.push(vscode.l10n.t('fields not imported: {0}', dropped.join('; ')));
  const show = dropped.length ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  const openSettings = vscode.l10n.t('Open Settings');
  void show(ownVoice(`${parts.join('. ')}.`), openSettings).then((c) => c && vscode.commands.executeCommand(VscodeCommandIds.openSettingsJson));
}

