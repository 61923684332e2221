// What a workspace server's consent covers: the whole definition as it will run (its env file read),
// every key at every depth, but the few that only say when it starts (PRESENTATION_ONLY, beside the
// definition). Not a list of chosen fields: a key added to the definition later is covered by itself,
// and a unit test walks the settings schema to prove each setting reaches the hash. The same flattening
// gives the question's "what changed since you allowed it". No `vscode` import: unit-tested.
import { createHash } from 'node:crypto';
import { canonicalJson, PRESENTATION_ONLY, type LoadedDefinition, type ServerDefinition } from '../mcp/serverDefinition';

/** One leaf of the definition: its path (`transport.env.API_KEY`, `oauth.scopes`) and its value as JSON. */
export type MaterialEntry = readonly [path: string, value: string];

/** Every key of the definition but the presentation-only ones, flattened; lists stay whole (`transport.args`). */
export function consentMaterial(definition: LoadedDefinition): MaterialEntry[] {
  const entries: MaterialEntry[] = [];
  const walk = (value: unknown, path: string): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.entries(value as Record<string, unknown>);
      // An empty object is a setting too (`"oauth": {}` is not the same as no `oauth`).
      if (keys.length === 0) entries.push([path, '{}']);
      for (const [key, inner] of keys) walk(inner, path ? `${path}.${key}` : key);
    } else if (value !== undefined) {
      entries.push([path, canonicalJson(value)]);
    }
  };
  for (const [key, value] of Object.entries(definition)) if (!(key in PRESENTATION_ONLY)) walk(value, key);
  return entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The hash an answer is remembered under: a changed key (or env file byte) is a new configuration, asked again. */
export function consentHash(definition: LoadedDefinition): string {
  return createHash('sha256').update(`consent-v2\u0000${canonicalJson(consentMaterial(definition))}`).digest('hex');
}

/** Per key, a short hash of its value: kept with an approval, so a later question can say what changed. */
export function fingerprints(definition: LoadedDefinition): Record<string, string> {
  return Object.fromEntries(consentMaterial(definition).map(([path, value]) => [path, createHash('sha256').update(`${path}\u0000${value}`).digest('hex').slice(0, 16)]));
}

/** The settings that differ between two fingerprint sets, as a person reads them ("args", "oauth.scopes added"). */
export function changedSettings(before: Record<string, string>, after: Record<string, string>): string[] {
  const changes = new Map<string, string>();
  for (const path of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[path] === after[path]) continue;
    const name = settingName(path);
    if (changes.has(name)) continue;
    changes.set(name, before[path] === undefined ? `${name} (added)` : after[path] === undefined ? `${name} (removed)` : name);
  }
  // The folders follow from where the settings are: named only when nothing a person wrote changed.
  if (changes.size > 1) changes.delete(WORKSPACE_FOLDERS);
  return [...changes.values()];
}

const WORKSPACE_FOLDERS = 'the workspace folders';

/** A definition path as the setting a person wrote (`transport.args` → `args`). */
export function settingName(path: string): string {
  if (path.startsWith('transport.envFile.within') || path.startsWith('dev.within') || path === 'dev.base') return WORKSPACE_FOLDERS;
  // What the sandbox derives from elsewhere (sandbox/sandboxDefinition.ts): named by what a person changed.
  if (path === 'sandbox.ownDir' || path.startsWith('sandbox.filesystem.writeWithin')) return WORKSPACE_FOLDERS;
  if (path === 'sandbox.reason') return 'sandbox (whether it runs sandboxed)';
  if (path.startsWith('sandbox.network.installDomains')) return 'command';
  if (path === 'transport.envFile.loaded.sha256') return 'the contents of envFile';
  if (path === 'transport.envFile.loaded.names') return 'the variables envFile sets';
  if (path === 'transport.envFile.unset') return 'env (null entries)';
  if (path.startsWith('environment')) return 'values from your environment (${env:…})';
  const renamed = path.replace(/^transport\./, '').replace(/^timeoutMs$/, 'timeout').replace(/^startTimeoutMs$/, 'startTimeout').replace(/^envFile\.path$/, 'envFile');
  return renamed;
}

/**
 * The hash earlier versions remembered answers under (scope, folder, name and command/args/env/cwd or
 * URL/headers only). Only read, to tell a person who allowed a server before this version why they are
 * asked again: the question now covers every setting.
 */
export function legacyConsentHash(definition: ServerDefinition): string {
  const t = definition.transport;
  const material = t.type === 'stdio' ? { command: t.command, args: t.args, env: t.env, cwd: t.cwd } : { type: t.type, url: t.url, headers: t.headers };
  return createHash('sha256').update(JSON.stringify([definition.scope, definition.folder ?? '', definition.name, material])).digest('hex');
}
