// The shapes of the MCP Registry's read API (v0.1) and of the `server.json` documents it serves, as zod
// schemas. Registries carry documents of every schema revision (2025-07-09 onwards) written by hand, so
// parsing is lenient where a wrong value costs nothing (a description, an icon) and strict where it
// would change what runs (a package or an argument): a package that does not parse is reported as not
// installable instead of being installed without the part that failed. No `vscode` import.
import { z } from 'zod';

/** Optional text; numbers and booleans become text (`"default": 3001` is common), anything else is dropped. */
const text = z
  .union([z.string(), z.number(), z.boolean()])
  .transform(String)
  .optional()
  .catch(undefined);
const flag = z.boolean().optional().catch(undefined);

/** What every input (argument, environment variable, header, variable) may say about its value. */
const inputFields = {
  description: text,
  isRequired: flag,
  format: text,
  value: text,
  isSecret: flag,
  default: text,
  placeholder: text,
  choices: z.array(z.string()).optional().catch(undefined),
};

export const inputSchema = z.looseObject(inputFields);
const variables = z.record(z.string(), inputSchema).optional();

export const argumentSchema = z.looseObject({
  type: z.enum(['positional', 'named']),
  name: z.string().optional(),
  valueHint: text,
  isRepeated: flag,
  ...inputFields,
  variables,
});

export const keyValueSchema = z.looseObject({ name: z.string().min(1), ...inputFields, variables });

export const packageSchema = z.looseObject({
  registryType: z.string().min(1),
  registryBaseUrl: text,
  identifier: z.string().min(1),
  version: text,
  fileSha256: text,
  runtimeHint: text,
  // Absent in documents of the 2025-07-09 schema, where every package ran over stdio.
  transport: z.looseObject({ type: z.string(), url: z.string().optional(), headers: z.array(keyValueSchema).optional() }).optional(),
  runtimeArguments: z.array(argumentSchema).optional(),
  packageArguments: z.array(argumentSchema).optional(),
  environmentVariables: z.array(keyValueSchema).optional(),
});

export const remoteSchema = z.looseObject({
  type: z.string(),
  url: z.string().min(1),
  headers: z.array(keyValueSchema).optional(),
  variables,
});

export const serverSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().catch(''),
  version: z.string().min(1),
  title: text,
  websiteUrl: text,
  repository: z.looseObject({ url: z.string(), source: text, subfolder: text }).optional().catch(undefined),
  // Kept raw: each package and remote is parsed when it is offered (see installOptions.ts).
  packages: z.array(z.unknown()).optional().catch(undefined),
  remotes: z.array(z.unknown()).optional().catch(undefined),
});

const OFFICIAL = 'io.modelcontextprotocol.registry/official';

export const entrySchema = z.looseObject({
  server: serverSchema,
  _meta: z
    .looseObject({
      [OFFICIAL]: z
        .looseObject({ status: text, publishedAt: text, updatedAt: text, isLatest: flag })
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
});

export const listSchema = z.looseObject({
  servers: z.array(z.unknown()),
  metadata: z
    .looseObject({ nextCursor: z.string().optional().catch(undefined), next_cursor: z.string().optional().catch(undefined), count: z.number().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});

export type RegistryInput = z.output<typeof inputSchema>;
export type RegistryArgument = z.output<typeof argumentSchema>;
export type RegistryKeyValue = z.output<typeof keyValueSchema>;
export type RegistryPackage = z.output<typeof packageSchema>;
export type RegistryRemote = z.output<typeof remoteSchema>;
export type ServerJson = z.output<typeof serverSchema>;

/** One server version as the registry lists it: the document and what the registry says about it. */
export interface RegistryEntry {
  server: ServerJson;
  /** `active`, `deprecated` or `deleted`; absent when the registry says nothing. */
  status?: string;
  publishedAt?: string;
  isLatest?: boolean;
}

/** An API list item or `/versions/{v}` answer → RegistryEntry; undefined when it is not a server entry. */
export function toEntry(raw: unknown): RegistryEntry | undefined {
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const official = parsed.data._meta?.[OFFICIAL];
  return { server: parsed.data.server, status: official?.status, publishedAt: official?.publishedAt, isLatest: official?.isLatest };
}
