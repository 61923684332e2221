// "Open Settings" on a server's problem opens the file the server is defined in, at its entry (issue 25,
// defect 11: it opened the Settings UI on the User tab while the typo was in the workspace's settings.json).
// The file follows the entry's scope: the user's settings.json, the workspace's (`.vscode/settings.json`,
// or the `.code-workspace` file's "settings"), a folder's `.vscode/settings.json`, or `.vscode/mcp.json`.
// The entry is found with jsonc-parser, as VS Code reads these files, and selected.
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import * as vscode from 'vscode';
import { VscodeCommandIds } from '../common/commandIds';
import { SettingKeys } from '../common/settingKeys';
import type { ServerScope } from '../mcp/serverDefinition';

/** Where a server entry is written: its scope, and whether it comes from `.vscode/mcp.json`. */
export interface EntryPlace {
  name: string;
  scope: ServerScope;
  mcpJson?: boolean;
}

/** Opens the file that holds the entry and selects it; the Settings UI when the entry cannot be found. */
export async function revealServerEntry(place: EntryPlace): Promise<void> {
  for (const candidate of await candidates(place)) {
    const document = await Promise.resolve(vscode.workspace.openTextDocument(candidate.uri)).catch(() => undefined);
    const node = document && findEntry(document.getText(), candidate.path);
    if (!document || !node) continue;
    const key = node.parent?.children?.[0] ?? node;
    const range = new vscode.Range(document.positionAt(key.offset), document.positionAt(node.offset + node.length));
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(range.start, document.positionAt(key.offset + key.length)), preview: false });
    vscode.window.activeTextEditor?.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return;
  }
  await vscode.commands.executeCommand(VscodeCommandIds.openSettings, SettingKeys.servers);
}

/** The entry's value node at `path` in a JSON-with-comments text, if there. */
export function findEntry(text: string, path: (string | number)[]): Node | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  return root && findNodeAtLocation(root, path);
}

async function candidates(place: EntryPlace): Promise<{ uri: vscode.Uri; path: string[] }[]> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const inFolders = (file: string, path: string[]) => folders.map((f) => ({ uri: vscode.Uri.joinPath(f.uri, '.vscode', file), path }));
  if (place.mcpJson) return inFolders('mcp.json', ['servers', place.name]);
  const inSettings = [SettingKeys.servers, place.name];
  switch (place.scope) {
    case 'user': {
      // The user's settings.json is wherever this VS Code keeps it: open it through VS Code, then look.
      await vscode.commands.executeCommand(VscodeCommandIds.openSettingsJson);
      const uri = vscode.window.activeTextEditor?.document.uri;
      return uri ? [{ uri, path: inSettings }] : [];
    }
    case 'workspace': {
      const file = vscode.workspace.workspaceFile;
      return file && file.scheme !== 'untitled' ? [{ uri: file, path: ['settings', ...inSettings] }] : inFolders('settings.json', inSettings);
    }
    case 'folder':
      return inFolders('settings.json', inSettings);
  }
}
