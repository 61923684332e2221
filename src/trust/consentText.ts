// What the consent question says about a workspace server: the exact command it will run (or the host
// and header names an HTTP server is sent), where it is defined. Header values and URL secrets are not
// shown (they may be credentials from `${env:…}`); their names are. No `vscode` import: unit-tested.
import { posix, win32 } from 'node:path';
import { redactUrl } from '../mcp/redact';
import type { ServerDefinition } from '../mcp/serverDefinition';

export interface ConsentSummary {
  name: string;
  /** "workspace" or "folder 'app'". */
  where: string;
  /** The exact command line, or "https://host/path (HTTP)". */
  runs: string;
  /** Working folder, environment variable names, header names. */
  facts: string[];
}

/** An argument as a shell would need it written: quoted when it has spaces or quotes. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A path as it resolves, for the reader: `…/workspace/../../dist/server.js` is shown as the file it names
 * (issue 25), so that what the user allows is what they can see. Only words with `.` or `..` segments
 * change, and in a `--flag=<path>` only the path; everything else is shown exactly as it runs.
 */
export function readablePath(word: string, platform = process.platform): string {
  const path = platform === 'win32' ? win32 : posix;
  const flag = /^(--?[\w-]+=)(.+)$/.exec(word);
  const [prefix, value] = flag ? [flag[1]!, flag[2]!] : ['', word];
  const dotted = platform === 'win32' ? /(^|[\\/])\.\.?([\\/]|$)/ : /(^|\/)\.\.?(\/|$)/;
  if (!dotted.test(value) || !(path.isAbsolute(value) || value.startsWith('.'))) return word;
  const normal = path.normalize(value);
  // `./server.js` must stay a path (a bare `server.js` command would be looked up on the PATH).
  return prefix + (path.isAbsolute(normal) || normal.startsWith('.') ? normal : `.${path.sep}${normal}`);
}

export function summarize(definition: ServerDefinition, labels: { workspace: string; folder: (name: string) => string }): ConsentSummary {
  const t = definition.transport;
  const where = definition.scope === 'folder' ? labels.folder(definition.folder ?? '') : labels.workspace;
  if (t.type === 'stdio') {
    const env = Object.keys(t.env);
    return {
      name: definition.name,
      where,
      runs: [t.command, ...t.args].map((w) => shellWord(readablePath(w))).join(' '),
      facts: [...(t.cwd ? [`cwd: ${readablePath(t.cwd)}`] : []), ...(env.length ? [`env: ${env.join(', ')}`] : [])],
    };
  }
  const headers = Object.keys(t.headers);
  return {
    name: definition.name,
    where,
    runs: `${redactUrl(t.url)} (${t.type === 'sse' ? 'HTTP+SSE' : 'HTTP'})`,
    facts: [`host: ${new URL(t.url).host}`, headers.length ? `headers: ${headers.join(', ')}` : 'no headers'],
  };
}
