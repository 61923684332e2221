// The matrix's servers that listen on HTTP (a server's Streamable HTTP or SSE mode): the runner starts
// each on a free port of 127.0.0.1 before the window opens, as a remote server would already be running,
// and the extension connects to its URL. Their processes are the runner's to end.
import { spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';

const READY_TIMEOUT_MS = 60_000;

/** A port that was free a moment ago (the server binds it next). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

const accepts = (port) => new Promise((resolveProbe) => {
  const socket = connect(port, '127.0.0.1');
  socket.once('connect', () => { socket.destroy(); resolveProbe(true); });
  socket.once('error', () => resolveProbe(false));
});

/**
 * Starts `command args` and resolves once `port` accepts connections; rejects with the server's last
 * output lines if it exits first or does not listen in time.
 * @returns {Promise<{ pid: number, stop: () => Promise<void> }>}
 */
export async function serve({ name, command, args, env, cwd, port }) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => { tail.push(...chunk.split('\n').filter(Boolean)); tail.splice(0, Math.max(0, tail.length - 15)); });
  }
  // Last resort if the runner dies without calling stop(): the server's group goes with it.
  const killOnExit = () => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } };
  process.on('exit', killOnExit);
  let exited;
  child.once('exit', (code, signal) => { exited = signal ?? code; process.off('exit', killOnExit); });
  const stop = async () => {
    if (exited !== undefined) return;
    const gone = new Promise((r) => child.once('exit', r));
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
    const timer = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, 5000);
    await gone;
    clearTimeout(timer);
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited !== undefined) throw new Error(`${name} exited (${exited}) before listening on port ${port}: ${tail.join(' | ')}`);
    if (await accepts(port)) return { pid: child.pid, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not listen on port ${port} within ${READY_TIMEOUT_MS / 1000} s: ${tail.join(' | ')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
