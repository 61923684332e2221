// What a sandboxed server may never change inside the folders it may write (the workspace folders): the
// runtime's own list (its DANGEROUS_FILES and directories: shell start-up files, git's config and hooks,
// editor folders, .mcp.json). The runtime protects these around its working directory even where they do not
// exist yet, by creating an empty placeholder on the host for as long as the sandbox runs; in a workspace
// folder that would show as empty `.bashrc`, `.mcp.json`, `.idea` … in the user's Explorer and `git status`,
// and an empty FILE named `.vscode` keeps VS Code from saving workspace settings (and stays after a crash).
// So the launcher gives the runtime the server's own folder as its working directory, and protects the
// workspace folders here: every one of these that exists is made read-only, and `.vscode`, which VS Code
// itself creates and which matters most here (tasks, settings), is created as an empty folder first.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The paths inside `roots` to deny writes to; creates `<root>/.vscode` where it is missing. */
export function protectedInside(roots: readonly string[]): string[] {
  const files = ['.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.zshrc', '.zprofile', '.profile', '.ripgreprc', '.mcp.json', '.git/config', '.git/hooks'];
  const folders = ['.vscode', '.idea', '.claude/commands', '.claude/agents'];
  const denied: string[] = [];
  for (const root of roots) {
    try {
      mkdirSync(join(root, '.vscode'));
    } catch {
      // There already, or nothing can be created: the root is missing, no folder, or read-only (for the
      // server too).
    }
    for (const name of [...folders, ...files]) if (existsSync(join(root, name))) denied.push(join(root, name));
  }
  return denied;
}
