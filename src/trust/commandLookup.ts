// Whether a stdio server's command exists, before anyone is asked to allow it: a dialog for a command
// that cannot run ("nodee") is noise that trains people to click Allow. A command with a path is looked
// up as a file (relative to the server's working folder); a bare name on the PATH the server would get.
// No `vscode` import: unit-tested.
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import type { StdioTransportConfig } from '../mcp/serverDefinition';

export async function commandExists(config: Pick<StdioTransportConfig, 'command' | 'env' | 'cwd'>, platform = process.platform): Promise<boolean> {
  const { command } = config;
  if (!command.trim()) return false;
  const mode = platform === 'win32' ? constants.F_OK : constants.X_OK;
  const extensions = platform === 'win32' ? ['', ...(config.env.PATHEXT ?? process.env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';')] : [''];
  const candidates = /[\\/]/.test(command)
    ? [isAbsolute(command) ? command : resolve(config.cwd ?? process.cwd(), command)]
    : (config.env.PATH ?? process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, command));
  for (const candidate of candidates) {
    for (const ext of extensions) {
      try {
        await access(candidate + ext, mode);
        return true;
      } catch {
        // Not here; the next directory.
      }
    }
  }
  return false;
}
