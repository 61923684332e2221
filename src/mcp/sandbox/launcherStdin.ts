// The sandbox launcher's job (launcherProtocol.ts), read from its stdin, which the server inherits next:
// one JSON line, read one byte at a time so that not one byte of the server's input is taken.
import { readSync } from 'node:fs';
import type { LauncherJob } from './launcherProtocol';

/** The longest job line read (a server's whole environment and sandbox fit many times over). */
export const MAX_JOB_BYTES = 4 * 1024 * 1024;

/**
 * Reads the job line from `fd` (the launcher's stdin), up to its newline and not a byte further. A stdin
 * left non-blocking by whoever started the launcher answers EAGAIN while the line is on its way: read again.
 */
export function readJob(fd = 0, maxBytes = MAX_JOB_BYTES): LauncherJob {
  const bytes: number[] = [];
  const one = Buffer.alloc(1);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, one, 0, 1, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      throw error;
    }
    if (n === 0 || one[0] === 0x0a) break;
    bytes.push(one[0]!);
    if (bytes.length > maxBytes) throw new Error('the job line is too long');
  }
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as LauncherJob;
}
