// Issue 24.1: the consent hash covered a hand-kept list of fields, and `oauth` and `dev` were not on it.
// This walks every key of the settings schema (the zod shapes, at every depth; no key is listed here),
// writes two settings entries that differ in that key alone, resolves both as the extension does, and
// checks that the consent hash differs, unless the key is presentation-only (PRESENTATION_ONLY, with its
// reason), for which it must not differ. A setting added to the schema is checked without touching this file.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { resolveServers } from '../../../src/config/resolveServers';
import { httpServerSchema, stdioServerSchema } from '../../../src/config/serverSchema';
import { loadDefinition } from '../../../src/mcp/envFile';
import { PRESENTATION_ONLY } from '../../../src/mcp/serverDefinition';
import { consentHash } from '../../../src/trust/consentMaterial';

type Schema = z.ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  valueType?: Schema;
  options?: Schema[];
  entries?: Record<string, string>;
  values?: unknown[];
  shape?: Record<string, Schema>;
}
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A key path of the schema, whether it may be left out, and values it takes (at least two, when it can vary). */
interface Leaf {
  path: string[];
  optional: boolean;
  samples: unknown[];
  /** The object the parents need to be valid, per parent path. */
  parents: Map<string, Record<string, unknown>>;
}

describe('Consent covers every setting (schema walk)', () => {
  // The folder's name is fixed when the suite loads (the tests below are made from it); its files are made
  // before each run of the suite, since a mutation run runs the suites again in one process after after().
  const dir = mkdtempSync(join(tmpdir(), 'consent-walk-'));
  before(() => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.env'), 'A=1\n');
    writeFileSync(join(dir, 'b.env'), 'B=2\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  // Every server sandboxed (`mcpClient.sandbox.default: "all"`), so that whether one is sandboxed does not
  // hang on another key (a registry install is sandboxed by the default policy: the test below).
  const ctx = { workspaceFolders: [{ name: 'w', path: dir }], userHome: dir, env: {}, sandbox: { policy: 'all' as const, cacheDir: join(dir, 'cache'), privateDirs: [] } };
  const STRINGS = [join(dir, 'a.env'), join(dir, 'b.env'), 'https://a.test/x', 'https://b.test/y', 'a.test', 'b.test'];

  /** Unwraps optional/default/pipe; `optional` says whether the key may be absent. */
  function unwrap(schema: Schema): { core: Schema; optional: boolean } {
    let core = schema;
    let optional = false;
    for (;;) {
      const def = defOf(core);
      if (def.type === 'optional' || def.type === 'default') {
        optional = true;
        core = def.innerType!;
      } else if (def.type === 'pipe') core = def.in!;
      else return { core, optional };
    }
  }

  /** Valid values of a leaf schema, distinct, as many as are cheap to find. */
  function samples(schema: Schema): unknown[] {
    const { core } = unwrap(schema);
    const def = defOf(core);
    const valid = (values: unknown[]) => values.filter((v) => core.safeParse(v).success);
    switch (def.type) {
      case 'string':
        return valid(STRINGS);
      case 'boolean':
        return [true, false];
      case 'null':
        return [null];
      case 'number':
        return valid([1000, 2000]);
      case 'enum':
        return Object.values(def.entries!);
      case 'literal':
        return def.values!;
      case 'array':
        return samples(def.element!).map((v) => [v]);
      case 'record':
        return samples(def.valueType!).map((v) => ({ K: v }));
      case 'union':
        return [...new Set(def.options!.flatMap((o) => (defOf(unwrap(o).core).type === 'object' ? [minimal(o)] : samples(o))))];
      case 'object':
        return [minimal(core)];
      default:
        throw new Error(`the walk does not know zod type "${def.type}": teach samples() about it`);
    }
  }

  /** The smallest valid object: every required key with its first sample. */
  function minimal(schema: Schema): Record<string, unknown> {
    const shape = defOf(unwrap(schema).core).shape!;
    return Object.fromEntries(Object.entries(shape).flatMap(([key, inner]) => (unwrap(inner).optional ? [] : [[key, samples(inner)[0]]])));
  }

  /** Every key path, into nested objects and into each object of a union (dev.debug's two forms). */
  function leaves(schema: Schema, path: string[] = [], parents = new Map<string, Record<string, unknown>>()): Leaf[] {
    const out: Leaf[] = [];
    for (const [key, inner] of Object.entries(defOf(unwrap(schema).core).shape!)) {
      const here = [...path, key];
      const { core, optional } = unwrap(inner);
      out.push({ path: here, optional, samples: samples(inner), parents });
      const objects = defOf(core).type === 'object' ? [core] : defOf(core).type === 'union' ? defOf(core).options!.filter((o) => defOf(unwrap(o).core).type === 'object') : [];
      for (const object of objects) out.push(...leaves(object, here, new Map([...parents, [here.join('.'), minimal(object)]])));
    }
    return out;
  }

  function entryWith(base: Record<string, unknown>, leaf: Leaf, value: unknown): Record<string, unknown> {
    const entry = structuredClone(base);
    let target = entry;
    leaf.path.slice(0, -1).forEach((key, i) => {
      const parentPath = leaf.path.slice(0, i + 1).join('.');
      target[key] = { ...(leaf.parents.get(parentPath) ?? {}), ...((target[key] as object) ?? {}) };
      target = target[key] as Record<string, unknown>;
    });
    if (value === undefined) delete target[leaf.path.at(-1)!];
    else target[leaf.path.at(-1)!] = value;
    return entry;
  }

  async function hashOf(entry: Record<string, unknown>): Promise<string> {
    const [server] = resolveServers([{ scope: 'user', servers: { s: entry } }], ctx);
    if (!server?.definition) assert.fail(`${JSON.stringify(entry)} did not resolve: ${server?.error}`);
    return consentHash(await loadDefinition(server.definition));
  }

  const transports: [string, Schema, Record<string, unknown>][] = [
    ['stdio', stdioServerSchema as unknown as Schema, { command: 'node', args: ['server.js'] }],
    ['http', httpServerSchema as unknown as Schema, { type: 'http', url: 'https://mcp.test/mcp' }],
  ];
  // The keys the issue names, which each walk must reach (so the walk itself is not empty).
  const mustWalk: Record<string, string[]> = {
    stdio: ['envFile', 'dev.debug', 'dev.debug.debugpyPath', 'dev.watch', 'timeout', 'startTimeout', 'roots', 'cwd',
      'sandbox', 'sandbox.enabled', 'sandbox.filesystem.allowWrite', 'sandbox.filesystem.denyWrite', 'sandbox.filesystem.denyRead',
      'sandbox.filesystem.allowRead', 'sandbox.network.allowedDomains',
      ...Object.keys(PRESENTATION_ONLY).filter((k) => !['leftToVscode', 'turnedOff', 'refusedBy'].includes(k))],
    http: ['oauth', 'oauth.workloadIdentity.tokenFile', 'oauth.enterprise.idpTokenEndpoint', 'oauth.allowIssuerMismatch', 'headers', 'type'],
  };

  for (const [transport, schema, base] of transports) {
    it(`${transport}: every key changes the consent hash, or is presentation-only with a reason; the walk reaches the keys the issue names`, async () => {
      const checked: string[] = [];
      for (const leaf of leaves(schema)) {
        const name = leaf.path.join('.');
        const pairs: [unknown, unknown][] = [];
        if (leaf.samples.length >= 2) pairs.push([leaf.samples[0], leaf.samples[1]]);
        if (leaf.optional && leaf.samples.length >= 1 && leaf.path.length === 1) pairs.push([undefined, leaf.samples[0]]);
        for (const [a, b] of pairs) {
          // The default written out is the same setting as no setting: not a change.
          const same = a === undefined && JSON.stringify(defaultOf(schema, leaf.path[0]!)) === JSON.stringify(b);
          if (same) continue;
          const [hashA, hashB] = [await hashOf(entryWith(base, leaf, a)), await hashOf(entryWith(base, leaf, b))];
          const presentation = leaf.path[0]! in PRESENTATION_ONLY;
          if (presentation) assert.equal(hashA, hashB, `${transport} ${name} is presentation-only but changes the hash`);
          else assert.notEqual(hashA, hashB, `${transport} ${name}: ${JSON.stringify(a)} → ${JSON.stringify(b)} does not change the consent hash`);
          checked.push(name);
        }
      }
      for (const key of mustWalk[transport]!) assert.ok(checked.includes(key), `${transport}:${key} was not walked: ${checked.join(', ')}`);
    });
  }

  it('covers whether a server runs sandboxed: a registry install is, under the default policy (issue 28)', async () => {
    const registry = { url: 'https://registry.test', name: 'x', version: '1', package: 'npm' };
    const hash = async (entry: Record<string, unknown>) => {
      const [server] = resolveServers([{ scope: 'user', servers: { s: entry } }], { ...ctx, sandbox: { ...ctx.sandbox, policy: 'workspaceAndRegistry' } });
      return consentHash(await loadDefinition(server!.definition!));
    };
    assert.notEqual(await hash({ command: 'node', registry }), await hash({ command: 'node' }));
  });

  it("covers the env file's contents, not only its path", async () => {
    const path = join(dir, 'c.env');
    writeFileSync(path, 'TOKEN=one\n');
    const before = await hashOf({ command: 'node', envFile: path });
    writeFileSync(path, 'TOKEN=two\n');
    assert.notEqual(await hashOf({ command: 'node', envFile: path }), before);
  });

  function defaultOf(schema: Schema, key: string): unknown {
    const inner = defOf(schema).shape![key]!;
    const def = defOf(inner) as Def & { defaultValue?: unknown };
    return def.type === 'default' ? def.defaultValue : undefined;
  }
});
