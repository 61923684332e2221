// onLines (the debug bridge's and the relay's reading of their control connection), over a real TCP connection:
// requests arrive split across packets, several in one, and the last one only once its newline came.
import * as assert from 'node:assert/strict';
import { connect, createServer, type Socket } from 'node:net';
import { onLines } from '../../../../src/mcp/sandbox/socketLines';
import { until } from '../../../shared/until';
import { HOST, listening } from './localPorts';

describe('onLines (the debugger’s control connection)', function () {
  this.timeout(10_000);

  it('reads each line whole, however the bytes arrive, and keeps an unfinished one until its newline', async () => {
    const lines: string[] = [];
    const server = createServer((accepted) => onLines(accepted, (line) => lines.push(line)));
    const port = await listening(server);
    const sender: Socket = connect(port, HOST);
    try {
      // Written one at a time, each after the last arrived, so that each is its own packet.
      const chunks: [string, number][] = [['open 1\nop', 1], ['en 2\n\nfail 3\nfa', 4], ['il 4\n', 5], ['open 5', 5], ['\n', 6]];
      for (const [chunk, count] of chunks) {
        sender.write(chunk);
        await until(`${count} lines`, () => lines.length === count, 5000);
      }
      assert.deepEqual(lines, ['open 1', 'open 2', '', 'fail 3', 'fail 4', 'open 5']);
    } finally {
      sender.destroy();
      server.close();
    }
  });
});
