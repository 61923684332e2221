// The env file step of a diagnosis: the `envFile` the server's settings name, found, a regular file of a
// sane size, and readable as dotenv; its variable names are listed, never its values. Read only after
// the server was allowed to run (trust and consent), as a start reads it. No `vscode` import.
import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import type { Step } from './report';

const MAX_ENV_FILE_BYTES = 1024 * 1024;

/** `setting` as written (may use ${workspaceFolder}, ${userHome}, ~); `base` is the folder relative paths start from. */
export async function envFileStep(setting: string, base: string | undefined, workspaceFolder: string | undefined): Promise<Step> {
  const title = 'The env file';
  const started = performance.now();
  const done = (step: Omit<Step, 'title' | 'ms'>): Step => ({ title, ...step, ms: performance.now() - started });
  const expanded = setting
    .replace(/\$\{workspaceFolder\}/g, workspaceFolder ?? '${workspaceFolder}')
    .replace(/\$\{userHome\}/g, homedir())
    .replace(/^~(?=$|[\\/])/, homedir());
  const path = isAbsolute(expanded) ? expanded : join(base ?? workspaceFolder ?? homedir(), expanded);
  try {
    const info = await stat(path);
    if (!info.isFile()) return done({ status: 'fail', details: [`"envFile": ${path} is not a file.`], fix: 'Point "envFile" at a file of NAME=value lines.' });
    if (info.size > MAX_ENV_FILE_BYTES) return done({ status: 'fail', details: [`"envFile": ${path} is ${Math.round(info.size / 1024)} KB, more than an env file should be.`], fix: 'Point "envFile" at the right file.' });
    const names = Object.keys(parseDotenv(await readFile(path)));
    if (!names.length) return done({ status: 'warn', details: [`"envFile": ${path} defines no variables.`], fix: 'Write NAME=value lines, one per variable.' });
    return done({ status: 'ok', details: [`"envFile": ${path} defines ${names.length} variable${names.length === 1 ? '' : 's'}: ${names.join(', ')} (values not shown).`] });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return done({ status: 'fail', details: [`"envFile": cannot read ${path} (${code === 'ENOENT' ? 'file not found' : (code ?? (error as Error).message)}).`], fix: 'Create the file, or fix "envFile" in the server\'s settings (relative paths start at the folder of the settings).' });
  }
}
