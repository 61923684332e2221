// The floor: newline-delimited JSON-RPC round trips over a child process's stdio pipes, with no SDK on
// either side. Nothing can be faster than this over the same kind of pipe.
import { spawn, type ChildProcess } from 'node:child_process';

const ECHO_SERVER = `
let buf = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => {
  buf += c;
  let i;
  while ((i = buf.indexOf('\\n')) >= 0) {
    const m = JSON.parse(buf.slice(0, i));
    buf = buf.slice(i + 1);
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} }) + '\\n');
  }
});`;

export class EchoPipe {
  private readonly child: ChildProcess;
  private buffer = '';
  private waiting: (() => void) | undefined;
  private nextId = 1;

  constructor() {
    this.child = spawn(process.execPath, ['-e', ECHO_SERVER], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (chunk: string) => {
      this.buffer += chunk;
      let i;
      while ((i = this.buffer.indexOf('\n')) >= 0) {
        JSON.parse(this.buffer.slice(0, i));
        this.buffer = this.buffer.slice(i + 1);
        this.waiting?.();
      }
    });
  }

  roundTrip(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method: 'ping' })}\n`);
    });
  }

  close(): void {
    this.child.stdin!.end();
    this.child.kill();
  }
}
