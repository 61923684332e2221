// "Demo Notes": the small MCP server that `npm start` shows in VS Code. One file, stdio only.
// It exercises every feature the extension renders: instructions, prompts (with completion and
// embedded resources), paginated resources (markdown, JSON, PNG), a template, a live resource with
// subscriptions, tools with progress/cancellation/annotations, and log messages.
import * as z from 'zod';
import {
  McpServer, ResourceTemplate, ProtocolError, ProtocolErrorCode, ResourceNotFoundError, completable,
  type Resource, type ServerContext,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const CATEGORIES = ['ideas', 'todo', 'journal'] as const;
type Category = (typeof CATEGORIES)[number];
const TOPICS: Record<Category, string[]> = {
  ideas: ['a pocket weather station', 'a recipe planner for leftovers', 'a regex explainer', 'a reading list that expires', 'a board game about compilers'],
  todo: ['renew the library card', 'water the fern', 'review the open pull request', 'back up the photos', 'book the dentist'],
  journal: ['a long walk by the river', 'finally fixing a flaky test', 'a rainy afternoon of reading', 'a surprisingly good coffee', 'pairing on a tricky bug'],
};

interface Note { category: Category; id: number; title: string; body: string }
// 3 notebooks × 20 notes; create_note appends to this list (shared by every connection).
const notes: Note[] = CATEGORIES.flatMap((category) =>
  Array.from({ length: 20 }, (_, i) => {
    const topic = TOPICS[category][i % TOPICS[category].length]!;
    const day = String(i + 1).padStart(2, '0');
    return { category, id: i + 1, title: `${topic[0]!.toUpperCase()}${topic.slice(1)} (${category} #${i + 1})`, body: `Written on 2026-03-${day}.\n\nA few thoughts about ${topic}.` };
  }));
const noteUri = (n: Note) => `notes://${n.category}/${n.id}`;
const noteMarkdown = (n: Note) => `# ${n.title}\n\n*${n.category} #${n.id}*\n\n${n.body}\n`;
const isCategory = (value: unknown): value is Category => CATEGORIES.includes(value as Category);
const startsWith = (prefix: string | undefined) => (value: string) => value.startsWith(prefix ?? '');

// A 32×32 notepad icon (PNG), small enough to embed.
const ICON_PNG = 'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAZklEQVR42mNgGAWDEVTkBfynBSbJAf+/HIHjOwGofHIwySFATQeQFQXUcgDZaYAaDqAoEVLqAIpzAbUTIdm5wK3iBEWYYgcMeAiMOmA0DYw6YDQNjDpgNA2MOmDkOmBAOyajgJ4AAHXcK7WpqWloAAAAAElFTkSuQmCC';
// 32×32 icons (2025-11-25 `icons`) for the server, its tools, prompts and resources, inline as data: URIs.
const ICONS = {
  ADD: 'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAO0lEQVR42mNgGAWjgESgt8D5Pz486oBRB4w6YOg7gJAFlOJRB4w6YNQBg98BoyXhqANGHTDqgFEw4gAAOieUH4FXb0MAAAAASUVORK5CYII=',
  SEARCH: 'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAc0lEQVR42u2Xyw0AIAhDuTqqK7uMjqCBQsFA4pW+YPhUpKNCjLn27dGE3UA04jCIFwE3CE1CKIQ2EQTAmsQMgShhA8AAUG3cX1AbIHwO0Cdhil2A2obmtWy5B/6C0JQ77GYM6YqG8ICgmxu6w6LbvFS+8wDW91sso07AUgAAAABJRU5ErkJggg==',
  CREATE: 'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAOklEQVR42mNgGAWDFdzO1fhPTTzqgFEHDH0HkApGo2DUAaOJcNQBo4lwNApGHTCaCEcdMPQdMAroBQDfHTw0IcPkwwAAAABJRU5ErkJggg==',
  REINDEX: 'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAYklEQVR42mNgGAWjgAzQFHD/PzY8IJbSxTGkWk5VR5BrOVUcQaqhVHUEJQbRxBGUemDAsutooTUKRsFotT2ghRHFDqBmUUyyGYOuMqJ7dTwoGiSDokk2KBqlg6JZPgqGLQAAfxS40A9DaCwAAAAASUVORK5CYII=',
  WELCOME: 'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAX0lEQVR42mNgGAVDHVxZrvMfGx5Qy+nmCJo6gJCBhCynyAHEGEozBxBjMLF41AED7gCyHEMrB5DkkFFH0MMRg98BAxoFI9fyYVcQjdYFQ7NBMiiaZKOt4iHTMRkF1AAA+p6tVTKCbpwAAAAASUVORK5CYII=',
  STATS: 'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAPElEQVR42u3OsQkAIAxE0bSO6souowtYpBAh4X249ngR6tyYa98GAADQA5A5BwAAqAt4dQ4AAABQF6CfHY+e5wuRR5EqAAAAAElFTkSuQmCC',
};
const icon = (png: string) => [{ src: `data:image/png;base64,${png}`, mimeType: 'image/png', sizes: ['32x32'] }];
const CLOCK_URI = 'notes://clock';
const PAGE_SIZE = 25;
const startedAt = Date.now();

const STATIC_RESOURCES: Resource[] = [
  { uri: 'notes://welcome.md', name: 'welcome', title: 'Welcome', mimeType: 'text/markdown', description: 'What this server offers', annotations: { audience: ['user'], priority: 1 }, icons: icon(ICONS.WELCOME) },
  { uri: 'notes://stats.json', name: 'stats', title: 'Notebook statistics', mimeType: 'application/json', icons: icon(ICONS.STATS) },
  { uri: 'notes://icon.png', name: 'icon', title: 'Notepad icon', mimeType: 'image/png' },
  { uri: CLOCK_URI, name: 'clock', title: 'Live clock', mimeType: 'text/plain', description: 'Changes every 2 seconds; subscribe to follow it' },
];
const WELCOME = `# Demo Notes

A tiny notebook served over MCP. Try:

- **Resources**: ${CATEGORIES.length} notebooks of notes (\`notes://{category}/{id}\`), spread over several pages.
- **Subscriptions**: open *Live clock* and watch it update.
- **Prompts**: *Summarize notes* (with completion) and *Plan my day*.
- **Tools**: \`add\`, \`search_notes\`, \`create_note\` and the slow \`reindex_notes\` (progress, cancellable).
`;

function createServer(era: 'legacy' | 'modern'): McpServer {
  const server = new McpServer({ name: 'demo-notes', title: 'Demo Notes', version: '1.0.0', icons: icon(ICON_PNG) }, {
    instructions: 'Demo Notes keeps three notebooks (ideas, todo, journal). Read notes as resources, search them with search_notes, add one with create_note.',
    capabilities: { logging: {}, resources: { subscribe: true, listChanged: true } },
  });
  const log = (ctx: ServerContext, level: 'debug' | 'info' | 'notice' | 'warning', message: string) =>
    ctx.mcpReq.log(level, message, 'demo-notes');

  // ── Resources ──────────────────────────────────────────────────────────────
  server.registerResource('welcome', 'notes://welcome.md', STATIC_RESOURCES[0]!, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: WELCOME }],
  }));
  server.registerResource('stats', 'notes://stats.json', STATIC_RESOURCES[1]!, (uri) => {
    const counts = Object.fromEntries(CATEGORIES.map((c) => [c, notes.filter((n) => n.category === c).length]));
    const stats = { notebooks: CATEGORIES, counts, total: notes.length, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(stats, null, 2) }] };
  });
  server.registerResource('icon', 'notes://icon.png', STATIC_RESOURCES[2]!, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'image/png', blob: ICON_PNG }],
  }));
  server.registerResource('clock', CLOCK_URI, STATIC_RESOURCES[3]!, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: `It is ${new Date().toISOString()}.\nServer up for ${Math.round((Date.now() - startedAt) / 1000)} s.` }],
  }));

  // Every note through one template; its variables complete (id depends on the chosen category).
  server.registerResource('note', new ResourceTemplate('notes://{category}/{id}', {
    list: undefined, // the paginated resources/list handler below lists the notes itself
    complete: {
      category: (value) => CATEGORIES.filter(startsWith(value)),
      id: (value, context) => notes
        .filter((n) => n.category === context?.arguments?.['category']).map((n) => String(n.id)).filter(startsWith(value)),
    },
  }), { title: 'Note', description: 'One note of a notebook', mimeType: 'text/markdown' }, (uri, { category, id }) => {
    const note = notes.find((n) => n.category === category && String(n.id) === id);
    if (!note) throw new ResourceNotFoundError(uri.href);
    return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: noteMarkdown(note) }] };
  });

  // McpServer answers resources/list in one page; replace it with a cursor-paginated handler.
  server.server.setRequestHandler('resources/list', (request) => {
    const all: Resource[] = [...STATIC_RESOURCES, ...notes.map((n) => ({
      uri: noteUri(n), name: `${n.category}-${n.id}`, title: n.title, mimeType: 'text/markdown', description: `${n.category} #${n.id}`,
    }))];
    const cursor = request.params?.cursor;
    const offset = cursor === undefined ? 0 : Number.parseInt(Buffer.from(cursor, 'base64url').toString(), 10);
    if (!Number.isInteger(offset) || offset < 0 || offset >= Math.max(all.length, 1)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
    }
    const end = offset + PAGE_SIZE;
    return { resources: all.slice(offset, end), ...(end < all.length && { nextCursor: Buffer.from(String(end)).toString('base64url') }) };
  });

  // Subscriptions. 2025 era: resources/subscribe decides who hears about the clock. 2026 era:
  // there is no resources/subscribe; serveStdio routes our updates onto subscriptions/listen
  // streams whose filter names the URI, so we simply announce every tick.
  const subscribed = new Set<string>();
  server.server.setRequestHandler('resources/subscribe', (request) => (subscribed.add(request.params.uri), {}));
  server.server.setRequestHandler('resources/unsubscribe', (request) => (subscribed.delete(request.params.uri), {}));
  const ticker = setInterval(() => {
    if (era === 'modern' || subscribed.has(CLOCK_URI)) void server.server.sendResourceUpdated({ uri: CLOCK_URI }).catch(() => {});
  }, 2000);
  ticker.unref();
  server.server.onclose = () => clearInterval(ticker);

  // ── Prompts ────────────────────────────────────────────────────────────────
  server.registerPrompt('summarize_notes', {
    icons: icon(ICONS.SEARCH),
    title: 'Summarize notes',
    description: 'Summarize the latest notes of one notebook',
    argsSchema: z.object({
      category: completable(z.string().describe('Notebook: ideas, todo or journal'), (value) => CATEGORIES.filter(startsWith(value))),
      // completable() wraps the inner schema; .optional() goes outside or completion finds nothing.
      style: completable(z.string().describe('How to summarize (default: bullet points)'),
        (value) => ['bullet points', 'one paragraph', 'haiku'].filter(startsWith(value))).optional(),
    }),
  }, ({ category, style }) => {
    if (!isCategory(category)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown notebook "${category}"`);
    const latest = notes.filter((n) => n.category === category).slice(-3);
    return {
      description: `Summary of the ${category} notebook`,
      messages: [
        { role: 'user', content: { type: 'text', text: `Summarize these ${latest.length} notes from my ${category} notebook as ${style ?? 'bullet points'}.` } },
        ...latest.map((n) => ({
          role: 'user' as const,
          content: { type: 'resource' as const, resource: { uri: noteUri(n), mimeType: 'text/markdown', text: noteMarkdown(n) } },
        })),
      ],
    };
  });
  server.registerPrompt('plan_my_day', { title: 'Plan my day', description: 'A short conversation to plan today' }, () => ({
    messages: [
      { role: 'user', content: { type: 'text', text: 'Help me plan my day. I have a few hours of focus time.' } },
      { role: 'assistant', content: { type: 'text', text: 'Happy to. What is the one thing that must get done today?' } },
      { role: 'user', content: { type: 'text', text: `Probably "${notes.find((n) => n.category === 'todo')?.title}". Please suggest a schedule.` } },
    ],
  }));

  // ── Tools ──────────────────────────────────────────────────────────────────
  server.registerTool('add', {
    icons: icon(ICONS.ADD),
    title: 'Add numbers',
    description: 'Add two numbers',
    inputSchema: z.object({ a: z.number(), b: z.number() }),
    outputSchema: z.object({ sum: z.number() }),
  }, async ({ a, b }, ctx) => {
    await log(ctx, 'debug', `add(${a}, ${b})`);
    return { content: [{ type: 'text', text: `${a} + ${b} = ${a + b}` }], structuredContent: { sum: a + b } };
  });

  server.registerTool('search_notes', {
    icons: icon(ICONS.SEARCH),
    title: 'Search notes',
    description: 'Find notes whose title or text contains the query; returns links to them',
    inputSchema: z.object({ query: z.string().min(1), limit: z.number().int().min(1).max(20).default(5) }),
    annotations: { title: 'Search notes', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, async ({ query, limit }, ctx) => {
    const q = query.toLowerCase();
    const hits = notes.filter((n) => `${n.title}\n${n.body}`.toLowerCase().includes(q)).slice(0, limit);
    await log(ctx, hits.length ? 'info' : 'warning', `search "${query}": ${hits.length} match(es)`);
    return {
      content: [
        { type: 'text', text: hits.length ? `Found ${hits.length} note(s) for "${query}".` : `No note mentions "${query}".` },
        ...hits.map((n) => ({ type: 'resource_link' as const, uri: noteUri(n), name: `${n.category}-${n.id}`, title: n.title, mimeType: 'text/markdown' })),
      ],
    };
  });

  server.registerTool('create_note', {
    icons: icon(ICONS.CREATE),
    title: 'Create note',
    description: 'Add a note to a notebook (the resource list changes)',
    inputSchema: z.object({ category: z.enum(CATEGORIES), title: z.string().min(1), body: z.string().default('') }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  }, async ({ category, title, body }, ctx) => {
    const note: Note = { category, id: Math.max(0, ...notes.filter((n) => n.category === category).map((n) => n.id)) + 1, title, body };
    notes.push(note);
    server.sendResourceListChanged();
    await log(ctx, 'notice', `created ${noteUri(note)}`);
    return { content: [{ type: 'resource_link', uri: noteUri(note), name: `${category}-${note.id}`, title, mimeType: 'text/markdown' }] };
  });

  server.registerTool('reindex_notes', {
    icons: icon(ICONS.REINDEX),
    title: 'Reindex notes',
    description: 'Rebuild the search index. Slow on purpose: reports progress and can be cancelled',
    inputSchema: z.object({ seconds: z.number().min(1).max(60).default(5).describe('How long it takes') }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, async ({ seconds }, ctx) => {
    const token = ctx.mcpReq._meta?.progressToken;
    const steps = Math.max(1, Math.round(seconds * 4));
    await log(ctx, 'info', `reindexing ${notes.length} notes in ${steps} steps`);
    for (let step = 1; step <= steps; step++) {
      await sleep(250, ctx.mcpReq.signal);
      if (token !== undefined) {
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken: token, progress: step, total: steps, message: `Indexed ${Math.round((step / steps) * notes.length)} of ${notes.length} notes` },
        });
      }
    }
    await log(ctx, 'notice', 'reindex finished');
    return { content: [{ type: 'text', text: `Reindexed ${notes.length} notes in ${seconds} s.` }] };
  });

  return server;
}

/** Waits `ms`, rejecting as soon as the request is cancelled. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => { signal.removeEventListener('abort', onAbort); resolve(); }, ms);
    const onAbort = () => { clearTimeout(timer); reject(signal.reason); };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

// One factory serves both eras: 2026-07-28 (server/discover) and the 2025 initialize handshake.
serveStdio(({ era }) => {
  process.stderr.write(`demo-notes: serving a ${era}-era connection\n`);
  return createServer(era);
}, { onerror: (error) => process.stderr.write(`demo-notes: ${error.message}\n`) });
