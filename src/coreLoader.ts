// Loads dist/core.js (see core.ts) on first use. A plain require of a separate file, which esbuild
// leaves alone (esbuild.mjs marks it external), so the activation bundle does not contain it.
import type * as Core from './core';

let core: typeof Core | undefined;

export function loadCore(): typeof Core {
  return (core ??= require('./core') as typeof Core);
}
