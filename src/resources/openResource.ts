// Opening a resource as a read-only document through our file system provider: text in an editor
// (language from the name's extension, chosen by MIME type), images in the image preview, other binary
// content wherever VS Code opens binary files. A read with several contents is a folder: the user picks
// which part(s) to open. Also what tools' and prompts' resource links use (command mcpClient.resources.open).
import * as vscode from 'vscode';
import { reportHandCall, type HandCallOutcome } from '../common/handCalls';
import { SettingKeys } from '../common/settingKeys';
import { showError } from '../common/userMessages';
import { formatSize } from './resourceContents';
import { documentUriParts, partUriParts } from './resourceDocuments';
import { parseResourceUri, RESOURCE_SCHEME } from './resourceUri';

/** A resource to open: its server and URI, plus what a listing or link already says about it. */
export interface ResourceTarget {
  server: string;
  uri: string;
  mimeType?: string;
  name?: string;
  title?: string;
  size?: number;
}

export function documentUri(server: string, resource: { uri: string; mimeType?: string }): vscode.Uri {
  return vscode.Uri.from({ scheme: RESOURCE_SCHEME, ...documentUriParts({ server, uri: resource.uri }, { mimeType: resource.mimeType }) });
}

/** Accepts a tree node ({ server, resource }), a ResourceTarget, or an `mcp-client-resource:` URI. */
export function targetOf(arg: unknown): ResourceTarget | vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg.scheme === RESOURCE_SCHEME ? arg : undefined;
  const value = arg as { server?: unknown; uri?: unknown; resource?: ResourceTarget } | undefined;
  if (typeof value?.server !== 'string') return undefined;
  if (value.resource && typeof value.resource.uri === 'string') return { ...value.resource, server: value.server };
  if (typeof value.uri === 'string') return value as ResourceTarget;
  return undefined;
}

export async function openResource(target: ResourceTarget | vscode.Uri, options: { side?: boolean; maxBytes: number }): Promise<void> {
  if (!(target instanceof vscode.Uri) && target.size !== undefined && target.size > options.maxBytes) {
    void showError(
      vscode.l10n.t("{0} from '{1}' is {2}, above the {3} limit (setting {4}).", target.uri, target.server, formatSize(target.size), formatSize(options.maxBytes), SettingKeys.resourcesMaxSizeMB),
    );
    return;
  }
  const uri = target instanceof vscode.Uri ? target : documentUri(target.server, target);
  const address = target instanceof vscode.Uri ? parseResourceUri(uri) : target;
  const startedAt = Date.now();
  // The call history (src/workbench/history/) keeps each read made by hand: its size, not its contents.
  const report = (outcome: HandCallOutcome) => address && reportHandCall({ kind: 'resource', server: address.server, name: address.uri, startedAt, durationMs: Date.now() - startedAt, outcome, document: uri.toString() });
  let stat: vscode.FileStat;
  try {
    stat = await vscode.workspace.fs.stat(uri);
  } catch (error) {
    report({ error: messageOf(error) });
    void showError(messageOf(error));
    return;
  }
  report({ result: { size: stat.size, parts: stat.type & vscode.FileType.Directory ? 'several' : 'one' } });
  const viewColumn = options.side ? vscode.ViewColumn.Beside : undefined;
  const targets = stat.type & vscode.FileType.Directory ? await pickParts(uri, target) : [uri];
  for (const [i, part] of targets.entries()) {
    // Several parts open as pinned tabs side by side in one group, not as previews replacing each other.
    await vscode.commands.executeCommand('vscode.open', part, { viewColumn, preview: targets.length === 1, preserveFocus: i < targets.length - 1 });
  }
}

async function pickParts(uri: vscode.Uri, target: ResourceTarget | vscode.Uri): Promise<vscode.Uri[]> {
  const entries = await vscode.workspace.fs.readDirectory(uri);
  const parts = entries.map(([name]) => ({ label: name, uri: uri.with(partUriParts(uri, name)) }));
  const all = { label: `$(files) ${vscode.l10n.t('Open all {0} parts', parts.length)}`, uri: undefined };
  const name = target instanceof vscode.Uri ? uri.path.split('/').pop() : (target.title ?? target.name ?? target.uri);
  const picked = await vscode.window.showQuickPick([...parts, all], {
    title: vscode.l10n.t('{0} has {1} parts', name ?? '', parts.length),
    placeHolder: vscode.l10n.t('The server returned several contents for this resource; open which?'),
  });
  if (!picked) return [];
  return picked.uri ? [picked.uri] : parts.map((p) => p.uri);
}

function messageOf(error: unknown): string {
  // FileSystemError messages end with their code, e.g. "… (FileNotFound)"; the text before is ours.
  return (error instanceof Error ? error.message : String(error)).replace(/ \((FileNotFound|Unavailable|NoPermissions)\)$/, '');
}
