// Names and versions of registry servers, for settings and for update checks. No `vscode` import.
import type { ServerJson } from './serverJson';

/**
 * The name an installed server gets in `mcpClient.servers`: short, since it shows in the Servers view and
 * in `server/prompt` references (which forbid `/`). `io.github.github/github-mcp-server` → `github`,
 * `io.github.modelcontextprotocol/server-everything` → `everything`, `io.github.upstash/context7` → `context7`.
 */
export function settingsNameFor(server: Pick<ServerJson, 'name'>): string {
  const last = server.name.slice(server.name.lastIndexOf('/') + 1);
  const trimmed = last
    .replace(/^(mcp-server-|server-|mcp-)/i, '')
    .replace(/(-mcp-server|-server-mcp|-mcp|-server)$/i, '')
    .replace(/[^\w.-]+/g, '-');
  return trimmed || last.replace(/[^\w.-]+/g, '-') || 'server';
}

const ACRONYMS = new Set(['mcp', 'api', 'ai', 'sdk', 'ui', 'sql', 'aws', 'gcp', 'llm', 'pdf', 'cli', 'url', 'http', 'ssh', 'db']);

/** What the Browse list calls a server: its title, else its name's last part in words ("Server Everything"). */
export function displayNameFor(server: Pick<ServerJson, 'name' | 'title'>): string {
  if (server.title?.trim()) return server.title.trim();
  const last = server.name.slice(server.name.lastIndexOf('/') + 1);
  return last
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/**
 * Whether `latest` is newer than `installed`. Versions are compared as dotted numbers with an optional
 * pre-release (semver's order; calendar versions such as 2026.8.31 compare the same way). Versions that
 * are not of that form are newer when they differ: the registry marked `latest` as its latest.
 */
export function isNewerVersion(latest: string, installed: string): boolean {
  const a = parseVersion(latest);
  const b = parseVersion(installed);
  if (!a || !b) return latest !== installed;
  for (let i = 0; i < Math.max(a.numbers.length, b.numbers.length); i++) {
    const d = (a.numbers[i] ?? 0) - (b.numbers[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  // 1.0.0 is newer than 1.0.0-rc.1; two pre-releases compare as text.
  if (a.pre === b.pre) return false;
  if (!a.pre || !b.pre) return !a.pre;
  return a.pre.localeCompare(b.pre, 'en', { numeric: true }) > 0;
}

function parseVersion(version: string): { numbers: number[]; pre: string } | undefined {
  const match = /^v?(\d+(?:\.\d+)*)(?:-([\w.-]+))?(?:\+[\w.-]+)?$/.exec(version.trim());
  return match ? { numbers: match[1]!.split('.').map(Number), pre: match[2] ?? '' } : undefined;
}
