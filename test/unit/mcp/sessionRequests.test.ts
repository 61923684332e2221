// McpSession's requests as their callers see them (src/mcp/session.ts): the sentence a refused or failed
// request ends in (it names the server and the method), what is listed for a feature the server does not
// offer (nothing, and nothing is asked), the cache hints a 2026-07-28 server sends, the log level such a
// server gets with each request, and a server that keeps losing the session. Real fixture servers.
import * as assert from 'node:assert/strict';
import { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import { McpSession } from '../../../src/mcp/session';
import { skillName, type Skill } from '../../../src/mcp/skills/serverSkills';
import { TasksCapability } from '../../../src/mcp/tasks/tasksCapability';
import { ToolTasks } from '../../../src/mcp/tasks/toolTasks';
import type { HttpExchange } from '../../../src/mcp/protocolTap';
import { startStreamableHttpFixture } from '../../fixtures/servers/httpFixtures';
import { startSessionHttpFixture, type SessionHttpFixture } from '../../fixtures/servers/sessionHttpFixture';
import { until } from '../../shared/until';
import { definition, MemoryLogger, newSession, stdio, textOf } from '../helpers';
import { watchingTap } from './watchingTap';

type Request = [method: string, send: (s: McpSession, signal?: AbortSignal) => Promise<unknown>];
const skill: Skill = { name: 'pdf-forms', uri: 'skill://pdf-forms/SKILL.md', description: '', type: 'skill' } as unknown as Skill;
// Every request a caller can make, with the method its messages name.
const requests: Request[] = [
  ['ping', (s, signal) => s.ping({ signal })],
  ['tools/list', (s, signal) => s.listTools({ signal })],
  ['prompts/list', (s, signal) => s.listPrompts({ signal })],
  ['resources/list', (s, signal) => s.listResources({ signal })],
  ['resources/templates/list', (s, signal) => s.listResourceTemplates({ signal })],
  ['resources/list', (s, signal) => s.listResourcesPage(undefined, { signal })],
  ['prompts/get greet', (s, signal) => s.getPrompt({ name: 'greet', arguments: { name: 'Ada' } }, { signal })],
  ['resources/read fixture://item/0', (s, signal) => s.readResource('fixture://item/0', { signal })],
  ['tools/call pid', (s, signal) => s.callTool({ name: 'pid', arguments: {} }, { signal })],
  ['completion/complete', (s, signal) => s.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'A' } }, { signal })],
];
const notRunning: Request[] = [
  ...requests,
  ['resources/subscribe', (s) => s.subscribeResource('fixture://item/0')],
  ['skills/list', (s) => s.listSkills()],
  ['resources/read', (s) => s.loadSkill(skill)],
];
const failureOf = (p: Promise<unknown>) => p.then(() => assert.fail('the request did not fail'), (e: Error & { code?: unknown }) => e);

describe('McpSession requests: what their callers see', function () {
  this.timeout(30_000);
  const sessions: McpSession[] = [];
  const fixtures: SessionHttpFixture[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    await Promise.all(fixtures.splice(0).map((f) => f.close()));
  });

  it('refuses every request while the server is not running, naming the server, its state and the method', async () => {
    const session = newSession(definition('idle', stdio('fixtureServer')), {}, sessions);
    for (const [method, send] of notRunning) {
      const error = await failureOf(send(session));
      assert.equal(error.message, `Server 'idle' is not running (stopped); cannot send ${method}.`);
      assert.equal(error.code, 'not-running', method);
    }
  });

  for (const era of ['modern', 'legacy'] as const) {
    it(`names the server and the method when a request fails (${era} server)`, async () => {
      const session = newSession(definition('fx', stdio('fixtureServer', [`--era=${era}`])), {}, sessions);
      await session.start();
      for (const [method, send] of requests) {
        const error = (await failureOf(send(session, AbortSignal.abort(new Error('the caller gave up'))))) as Error & { reason?: string };
        assert.match(error.message, new RegExp(`^fx: ${method.replace(/[/.]/g, '\\$&')} failed: `), method);
        // The reason alone, for callers that name the server and the method themselves; the SDK's error kept behind it.
        assert.deepEqual([`fx: ${method} failed: ${error.reason}`, error.cause instanceof Error], [error.message, true]);
      }
      assert.equal(session.state.kind, 'running', 'a failed request leaves the server running');
    });
  }

  it('reports an answered error as the server gave it, not blamed on stray output the connection reported meanwhile', async () => {
    const session = newSession(definition('fx', stdio('fixtureServer', ['--stray-output'])), {}, sessions);
    await session.start();
    const error = (await failureOf(session.getPrompt({ name: 'stray' }))) as Error & { reason?: string };
    assert.equal(error.message, `fx: prompts/get stray failed: ${error.reason}`);
    assert.equal(error.reason, 'this prompt always fails (internal error, -32603)');
    assert.equal(session.state.kind, 'running');
  });

  it('keeps a call alive while its server reports progress, past the server\'s request timeout', async () => {
    // 20 steps of 200 ms, each with a progress notification: 4 s in all against a 3 s timeout.
    const session = newSession(definition('progressing', stdio('toolsFixture'), { timeoutMs: 3000 }), {}, sessions);
    await session.start();
    const reported: number[] = [];
    const result = await session.callTool({ name: 'slow', arguments: { steps: 20 } }, { onprogress: (p) => reported.push(p.progress) });
    assert.equal(textOf(result), 'done after 20 steps');
    assert.deepEqual(reported.slice(0, 3), [1, 2, 3], 'the progress reached the caller too');
  });

  it('names the server and the skill when a skills request fails', async () => {
    const session = newSession(definition('sk', stdio('skillsFixture')), {}, sessions);
    await session.start();
    const listed = (await session.listSkills()).skills.find((s) => skillName(s) === 'pdf-forms')!;
    const aborted = AbortSignal.abort(new Error('the caller gave up'));
    assert.match((await failureOf(session.listSkills({ signal: aborted }))).message, /^sk: skills\/list failed: /);
    assert.match((await failureOf(session.loadSkill(listed, { signal: aborted }))).message, new RegExp(`^sk: skill ${listed.uri.replace(/[/.]/g, '\\$&')} failed: `));
    assert.match(JSON.stringify((await session.loadSkill(listed)).manifest), /# PDF forms/, 'and works again once the caller lets it');
  });

  it('refuses a task handle as a plain call’s result: the caller did not start a task', async () => {
    const tasks = new ToolTasks({ session: () => undefined, answerInput: async () => ({ action: 'decline' }) });
    try {
      const session = newSession(definition('tasks', stdio('tasksFixture', ['--era=modern'])), { capabilities: [new TasksCapability(tasks)] }, sessions);
      await session.start();
      const error = await failureOf(session.callTool({ name: 'slow_job', arguments: { steps: 1 } }));
      assert.equal(error.message, 'tasks: tools/call slow_job failed: the server runs this call as a task, which this caller does not follow.');
      assert.equal(error.code, 'task');
    } finally {
      tasks.dispose();
    }
  });

  it('says in the log when ending a subscription fails, and ends it on this side all the same', async () => {
    const logger = new MemoryLogger();
    const session = newSession(definition('keeps', stdio('resourcesFixture', ['--era=legacy', '--resources=3', '--unsubscribe=fails'])), { logger }, sessions);
    await session.start();
    const subscription = (await session.subscribeResource('fixture://item/0'))!;
    await subscription.dispose();
    await subscription.dispose();
    assert.equal(await subscription.ended, 'disposed');
    const refused = logger.lines.filter((l) => /^warn resources\/unsubscribe failed: .*keeps every subscription/.test(l));
    assert.equal(refused.length, 1, `one resources/unsubscribe, not one per dispose:\n${logger.lines.join('\n')}`);
  });

  it('sends the arguments a tool declares as headers (x-mcp-header) when the caller passes the tool', async () => {
    const server = await startStreamableHttpFixture();
    try {
      const exchanges: HttpExchange[] = [];
      const tap = watchingTap({ http: (e) => void exchanges.push(e) });
      const session = newSession(definition('headers', { type: 'http', url: server.url, headers: {} }), { tap }, sessions);
      await session.start();
      assert.equal(session.protocolVersion, '2026-07-28');
      const [tool] = await session.listTools();
      const declared = { ...tool!, inputSchema: { type: 'object' as const, properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } } };
      await session.callTool({ name: tool!.name, arguments: { region: 'eu' } }, { tool: declared }).catch(() => undefined);
      const call = exchanges.find((e) => e.requestHeaders['Mcp-Method'] === 'tools/call' || e.requestHeaders['mcp-method'] === 'tools/call');
      assert.ok(call, JSON.stringify(exchanges.map((e) => e.requestHeaders)));
      assert.ok(Object.keys(call.requestHeaders).some((h) => /^mcp-param-region$/i.test(h)), JSON.stringify(call.requestHeaders));
    } finally {
      await server.close();
    }
  });

  it('names the resource when a subscription is refused, in both eras', async () => {
    const modern = newSession(definition('mod', stdio('fixtureServer', ['--era=modern', '--max-subscriptions=0'])), {}, sessions);
    const legacy = newSession(definition('leg', stdio('fixtureServer', ['--era=legacy'])), {}, sessions);
    await Promise.all([modern.start(), legacy.start()]);
    assert.match((await failureOf(modern.subscribeResource('fixture://item/0'))).message, /^mod: subscriptions\/listen fixture:\/\/item\/0 failed: /);
    assert.match((await failureOf(legacy.subscribeResource('fixture://item/0'))).message, /^leg: resources\/subscribe fixture:\/\/item\/0 failed: /);
  });

  it('reads a resource from the server every time, even one the server says may be cached', async () => {
    const session = newSession(definition('reads', stdio('skillsFixture')), {}, sessions);
    await session.start();
    const reads = async () => JSON.parse(textOf(await session.callTool({ name: 'skill_reads', arguments: {} }))) as string[];
    const before = (await reads()).length;
    for (let i = 0; i < 2; i++) assert.match(JSON.stringify(await session.readResource('skill://pdf-forms/SKILL.md')), /# PDF forms/);
    assert.deepEqual((await reads()).slice(before), ['skill://pdf-forms/SKILL.md', 'skill://pdf-forms/SKILL.md']);
  });

  it('lists nothing and asks nothing for what the server does not offer', async () => {
    const fixture = await startSessionHttpFixture('notFound', { withoutTools: true });
    fixtures.push(fixture);
    const session = newSession(definition('nothing', { type: 'http', url: fixture.url, headers: {} }), {}, sessions);
    await session.start();
    // The SDK's own list helpers would answer empty too, but write a console.debug line per call, in the host's log.
    const debugged: unknown[] = [];
    const debug = console.debug;
    console.debug = (...args: unknown[]) => void debugged.push(args);
    try {
      assert.deepEqual(
        [await session.listTools(), await session.listPrompts(), await session.listResources(), await session.listResourceTemplates(), await session.listResourcesPage(), await session.subscribeResource('x://y')],
        [[], [], [], [], { items: [] }, undefined],
      );
    } finally {
      console.debug = debug;
    }
    assert.deepEqual(debugged, []);
    assert.deepEqual(
      fixture.methods.filter((m) => /^(tools|prompts|resources)\//.test(m)),
      [],
    );
  });

  it('keeps the cache hints of each list, from its first page, and no hint a server did not send', async () => {
    const hinted = newSession(definition('hinted', stdio('catalogFixture', ['--ttl=60000'])), {}, sessions);
    await hinted.start();
    const hint = { ttlMs: 60_000, cacheScope: 'private' };
    await hinted.listResourcesPage();
    assert.deepEqual(hinted.cacheHint('resources/list'), hint, 'the first page carries the hint');
    await Promise.all([hinted.listTools(), hinted.listPrompts(), hinted.listResourceTemplates()]);
    assert.deepEqual(
      (['tools/list', 'prompts/list', 'resources/templates/list'] as const).map((m) => hinted.cacheHint(m)),
      [hint, hint, hint],
    );
    // A 2025 server sends no hints (a 2026-07-28 server always does: ttlMs 0 by default).
    // A list's hint is its first page's: a later page's own hint does not replace it.
    const paged = newSession(definition('paged', stdio('fixtureServer', ['--era=modern', '--page-hints'])), {}, sessions);
    await paged.start();
    const first = await paged.listResourcesPage();
    await paged.listResourcesPage(first.nextCursor);
    assert.deepEqual(paged.cacheHint('resources/list'), { ttlMs: 60_000, cacheScope: 'private' });
    const plain = newSession(definition('plain', stdio('fixtureServer', ['--era=legacy'])), {}, sessions);
    await plain.start();
    await Promise.all([plain.listTools(), plain.listResources()]);
    assert.deepEqual([plain.cacheHint('tools/list'), plain.cacheHint('resources/list'), plain.cacheHint('prompts/list')], [{}, {}, undefined]);
  });

  it('sends its log level with each request to a 2026-07-28 server, which then logs only at that level', async () => {
    const logger = new MemoryLogger();
    const session = newSession(definition('modernLog', stdio('fixtureServer', ['--era=modern'])), { logger, logLevel: 'error' }, sessions);
    await session.start();
    assert.equal(session.protocolVersion, '2026-07-28');
    await session.callTool({ name: 'log', arguments: { level: 'info', text: 'chatter' } });
    await session.callTool({ name: 'log', arguments: { level: 'error', text: 'broken' } });
    await until('the error', () => logger.lines.includes('error [fixture] broken'), 5000);
    assert.ok(!logger.lines.some((l) => l.includes('chatter')), logger.lines.join('\n'));
    // A 2025 server has logging/setLevel: its requests carry no level.
    const sent: unknown[] = [];
    const tap = watchingTap({ message: (d, m) => void (d === 'out' && 'params' in m && sent.push(m.params)) });
    const legacy = newSession(definition('legacyLog', stdio('fixtureServer', ['--era=legacy'])), { tap, logLevel: 'error' }, sessions);
    await legacy.start();
    await legacy.listTools();
    assert.ok(sent.length > 0 && !JSON.stringify(sent).includes(LOG_LEVEL_META_KEY), JSON.stringify(sent));
  });

  it('starts one new session for a request the server keeps refusing as from a lost session, then says so', async () => {
    const fixture = await startSessionHttpFixture('notFound', { loseSessionOn: 'tools/list' });
    fixtures.push(fixture);
    const session = newSession(definition('forgetful', { type: 'http', url: fixture.url, headers: {} }, { timeoutMs: 5000 }), {}, sessions);
    await session.start();
    const error = (await failureOf(session.listTools())) as Error & { code?: unknown; cause?: unknown; reason?: string };
    assert.match(error.message, /^forgetful: tools\/list failed: the server had lost the session \(it may have restarted\); a new session was started/);
    assert.deepEqual([error.code, typeof error.cause, error.reason?.startsWith('the server had lost the session')], ['session-renewed', 'object', true]);
    // The first session, one after the refusal, one after the refused repeat (for the requests to come): no more repeats.
    assert.equal(fixture.methods.filter((m) => m === 'initialize').length, 3);
    assert.equal(fixture.methods.filter((m) => m === 'tools/list').length, 2, 'sent, and repeated once');
    assert.equal(session.state.kind, 'running');
  });

  it('never repeats a request made through withClient (a task request may have effects) after a lost session', async () => {
    const fixture = await startSessionHttpFixture('notFound', { loseSessionOn: 'tools/call' });
    fixtures.push(fixture);
    const session = newSession(definition('once', { type: 'http', url: fixture.url, headers: {} }, { timeoutMs: 5000 }), {}, sessions);
    await session.start();
    const error = await failureOf(session.withClient('tools/call count', (client, options) => client.callTool({ name: 'count', arguments: {} }, options)));
    assert.equal(error.code, 'session-renewed');
    assert.equal(fixture.methods.filter((m) => m === 'tools/call').length, 1);
  });
});
