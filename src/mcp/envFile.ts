// A stdio server's `envFile`, read when the server starts and never while the settings are read: at a
// start (after Workspace Trust, for workspace servers) and before the consent question, so the question
// and its hash cover the variables the file sets and its exact bytes. The read is the one local-file read
// (localFile.ts): asynchronous, a regular file only, at most MAX_ENV_FILE_BYTES, and for workspace and
// folder servers only inside the workspace folders.
import { createHash } from 'node:crypto';
import { parse as parseDotenv } from 'dotenv';
import { LocalFileError, readLocalFile } from './localFile';
import type { LoadedDefinition, ServerDefinition } from './serverDefinition';

/** 1 MB: a dotenv file is a few lines; anything near this is not one. */
export const MAX_ENV_FILE_BYTES = 1024 * 1024;

/** The env file could not be used: the start stops (a retry cannot fix it), saying which file and why. */
export class EnvFileError extends Error {
  readonly code = 'MCP_LOCAL_FILE';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'EnvFileError';
  }
}

/** The definition as it will run: the env file's variables merged under `env` (which wins; null removes). */
export async function loadDefinition(definition: ServerDefinition): Promise<LoadedDefinition> {
  const t = definition.transport;
  if (t.type !== 'stdio' || !t.envFile || t.envFile.loaded) return definition as LoadedDefinition;
  let bytes: Buffer;
  try {
    bytes = await readLocalFile(t.envFile.path, { maxBytes: MAX_ENV_FILE_BYTES, within: t.envFile.within });
  } catch (error) {
    const reason = error instanceof LocalFileError ? error.message : (error as Error).message;
    throw new EnvFileError(`Not started: the env file of '${definition.name}' ("envFile"): ${reason}.`, { cause: error });
  }
  const fromFile = parseDotenv(bytes);
  for (const name of t.envFile.unset) delete fromFile[name];
  const names = Object.keys(fromFile).sort();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const loaded: ServerDefinition = { ...definition, transport: { ...t, env: { ...fromFile, ...t.env }, envFile: { ...t.envFile, loaded: { names, sha256 } } } };
  return loaded as LoadedDefinition;
}
