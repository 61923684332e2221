// The peer bench's server (bench/peer.mjs): an ordinary MCP server on @modelcontextprotocol/server (the
// 2025 revision, hand-wired over stdio as most servers are) that tells the bench's driver extension when
// things happened, on the clock both share (`performance.timeOrigin + performance.now()`, epoch ms):
//   spawn    the process's start (Node's time origin), with its pid
//   recv     every message the client sent (method, id)
//   send     every answer it got back (the id answered)
// The events go over a Unix socket (argv[2]) that is unref'd, so the process ends exactly as it would
// without it when the client closes stdin. argv[3] is the server's name, the only argument that differs
// between the two clients' command lines.
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const [socketPath, name] = process.argv.slice(2);
const now = () => performance.timeOrigin + performance.now();
const events = connect(socketPath);
events.on('error', () => {});
events.unref();
const report = (event: Record<string, unknown>) => events.write(`${JSON.stringify({ name, ...event })}\n`);
report({ event: 'spawn', t: performance.timeOrigin, pid: process.pid });

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const TOOLS = ['echo', 'add', 'now', 'lookup', 'summarize'].map((tool) => ({
  name: tool,
  description: `The ${tool} tool of the peer bench`,
  inputSchema: { type: 'object' as const, properties: { text: { type: 'string', description: 'Any text' }, count: { type: 'integer', minimum: 0 } }, required: ['text'] },
}));

const server = new Server({ name: 'peer-bench', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {}, resources: {} } });
server.setRequestHandler('tools/list', () => ({ tools: TOOLS }));
server.setRequestHandler('tools/call', (request) => text(`${request.params.name}: ${JSON.stringify(request.params.arguments ?? {})}`));
server.setRequestHandler('prompts/list', () => ({ prompts: [{ name: 'greet', description: 'Says hello', arguments: [{ name: 'who', required: true }] }] }));
server.setRequestHandler('prompts/get', (request) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text: `Hello ${String(request.params.arguments?.who)}` } }] }));
server.setRequestHandler('resources/list', () => ({ resources: [{ uri: 'bench://readme', name: 'readme', mimeType: 'text/plain' }] }));
server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
server.setRequestHandler('resources/read', (request) => ({ contents: [{ uri: request.params.uri, mimeType: 'text/plain', text: 'peer bench' }] }));

const transport = new StdioServerTransport();
const send = transport.send.bind(transport);
transport.send = (message) => {
  // Stamped as the answer is handed to stdout (not after the write's callback, which waits on the pipe).
  if ('id' in message && !('method' in message)) report({ event: 'send', id: message.id, t: now() });
  return send(message);
};
void server.connect(transport).then(() => {
  const receive = transport.onmessage!;
  transport.onmessage = (message) => {
    report({ event: 'recv', method: 'method' in message ? message.method : undefined, id: 'id' in message ? message.id : undefined, t: now() });
    receive(message);
  };
});
