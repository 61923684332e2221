// The server's environment, split in two. The wrapper chain around the server (a shell, bubblewrap) runs
// OUTSIDE the sandbox, and a variable of the server's (which a workspace chose) must not steer it there:
// LD_PRELOAD would load a library into bubblewrap, BASH_ENV would run a script in a shell, PATH would pick
// which `bwrap` runs. So the outer processes get the server's environment without such variables and
// with the launcher's own PATH; the server gets them back, inside, from the command line of its shell
// (those variables are not secrets; the secrets stay in the environment, never in a command line).
import type { LauncherJob } from './launcherProtocol';

/** Variables that change what a shell or the dynamic loader does before the sandbox exists. */
const OUTER_UNSAFE = /^(LD_\w*|DYLD_\w*|BASH_FUNC_.*|BASH_ENV|ENV|SHELLOPTS|BASHOPTS|PS4|IFS|CDPATH|GCONV_PATH|GLIBC_TUNABLES|NLSPATH|HOSTALIASES|LOCALDOMAIN|RES_OPTIONS|MALLOC_\w*|PATH|SHLVL)$/;

/**
 * The environment of the wrapper chain: the server's, minus OUTER_UNSAFE, with the launcher's own PATH, and
 * SHLVL=1. The runtime's bash inside reads the user's ~/.bashrc when its stdin is a socket (as under rshd;
 * a server's stdin is the extension host's socket pair) and SHLVL says it is the first shell: whatever that
 * prints would go into the server's MCP stream (an extension host started from the desktop has no SHLVL).
 */
export function outerEnvironment(serverEnv: Record<string, string>, launcherPath = process.env.PATH ?? ''): Record<string, string> {
  const outer = Object.fromEntries(Object.entries(serverEnv).filter(([name]) => !OUTER_UNSAFE.test(name)));
  return { ...outer, PATH: launcherPath, SHLVL: '1' };
}

/** Set inside again because the runtime sets its own: TMPDIR=/tmp/claude, one folder every sandbox shares. */
const RUNTIME_SETS = /^TMPDIR$/;

/**
 * The command the sandbox's shell runs: the outer-unsafe variables set back, then the server, exec'd;
 * `before` (dev mode's debug relay) runs first and starts the server itself, with `beforeEnv` for it alone.
 */
export function innerCommand(job: Pick<LauncherJob, 'command' | 'args' | 'env'>, before: string[] = [], beforeEnv: Record<string, string> = {}): string {
  const assignments = [
    ...Object.entries(job.env).filter(([name]) => (OUTER_UNSAFE.test(name) || RUNTIME_SETS.test(name)) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)),
    ...Object.entries(beforeEnv),
  ].map(([name, value]) => `${name}=${shellQuote(value)}`);
  return ['exec', ...(assignments.length ? ['env', ...assignments] : []), ...[...before, job.command, ...job.args].map(shellQuote)].join(' ');
}

/** One word for a POSIX shell, whatever it holds. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
