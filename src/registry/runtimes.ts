// Whether the program a package needs (npx, uvx, docker, dnx) is installed, so the install can say so
// before the server fails to start. The extension host spawns servers with its own PATH, which is the one
// looked in. No `vscode` import.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const WHERE_TO_GET: Record<string, string> = {
  npx: 'it comes with Node.js (https://nodejs.org)',
  uvx: 'it comes with uv (https://docs.astral.sh/uv/)',
  docker: 'install Docker (https://docs.docker.com/get-docker/)',
  dnx: 'it comes with the .NET 10 SDK (https://dotnet.microsoft.com/download)',
};

export function isOnPath(command: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  return (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) =>
      extensions.some((ext) => {
        try {
          accessSync(join(dir, command + ext), constants.X_OK);
          return true;
        } catch {
          return false;
        }
      }),
    );
}

/** A warning when `command` is missing, e.g. "uvx is not installed: it comes with uv (…)". */
export function missingRuntime(command: string | undefined): string | undefined {
  if (!command || isOnPath(command)) return undefined;
  return `${command} is not installed${WHERE_TO_GET[command] ? `: ${WHERE_TO_GET[command]}` : ''}`;
}
