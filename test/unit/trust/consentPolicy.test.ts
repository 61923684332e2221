import * as assert from 'node:assert/strict';
import type { ServerDefinition } from '../../../src/mcp/serverDefinition';
import { ConsentPolicy, consentHash, DENIED_REASON, DISMISSED_REASON, missingCommandReason, UNTRUSTED_REASON, type ConsentAnswer, type ConsentHost } from '../../../src/trust/consentPolicy';
import { definition } from '../helpers';

class FakeHost implements ConsentHost {
  trusted = true;
  answers: ConsentAnswer[] = [];
  asked: string[] = [];
  /** The servers of each question, one array per question. */
  questions: string[][] = [];
  missing = new Set<string>();
  store = new Map<string, 'allow' | 'deny'>();
  isTrusted() {
    return this.trusted;
  }
  recall(hash: string) {
    return this.store.get(hash);
  }
  async remember(hash: string, answer: 'allow' | 'deny') {
    this.store.set(hash, answer);
  }
  async commandExists(d: ServerDefinition) {
    return !(d.transport.type === 'stdio' && this.missing.has(d.transport.command));
  }
  async ask(ds: readonly ServerDefinition[]) {
    this.asked.push(...ds.map((d) => d.name));
    this.questions.push(ds.map((d) => d.name));
    await new Promise((r) => setTimeout(r, 10));
    return ds.map(() => this.answers.shift() ?? 'dismissed');
  }
}

const stdioDef = (scope: ServerDefinition['scope'], args = ['server.js'], env: Record<string, string> = {}) =>
  definition('repo', { type: 'stdio', command: 'node', args, env }, { scope });

describe('ConsentPolicy (workspace trust and consent)', () => {
  it('starts user-level servers without asking, even in an untrusted workspace', async () => {
    const host = new FakeHost();
    host.trusted = false;
    assert.equal(await new ConsentPolicy(host).mayStart(stdioDef('user'), false), true);
    assert.deepEqual(host.asked, []);
  });

  it('never starts workspace or folder servers in an untrusted workspace, and does not ask', async () => {
    const host = new FakeHost();
    host.trusted = false;
    const policy = new ConsentPolicy(host);
    assert.equal(await policy.mayStart(stdioDef('workspace'), true), UNTRUSTED_REASON);
    assert.equal(await policy.mayStart(definition('remote', { type: 'http', url: 'https://x.test/mcp', headers: {} }, { scope: 'folder' }), true), UNTRUSTED_REASON);
    assert.deepEqual(host.asked, []);
  });

  it('asks once per configuration and remembers the answer', async () => {
    const host = new FakeHost();
    host.answers = ['allow'];
    const policy = new ConsentPolicy(host);
    // Two starts at once share one question.
    const [a, b] = await Promise.all([policy.mayStart(stdioDef('workspace'), false), policy.mayStart(stdioDef('workspace'), false)]);
    assert.equal(a, true);
    assert.equal(b, true);
    assert.equal(await policy.mayStart(stdioDef('workspace'), false), true);
    assert.deepEqual(host.asked, ['repo']);
  });

  it('asks again when the command, args or env change', async () => {
    const host = new FakeHost();
    host.answers = ['allow', 'allow', 'allow'];
    const policy = new ConsentPolicy(host);
    await policy.mayStart(stdioDef('workspace'), false);
    await policy.mayStart(stdioDef('workspace', ['other.js']), false);
    await policy.mayStart(stdioDef('workspace', ['other.js'], { TOKEN: 'x' }), false);
    assert.equal(host.asked.length, 3);
    assert.notEqual(consentHash(stdioDef('workspace', ['a'])), consentHash(stdioDef('workspace', ['b'])));
  });

  it('remembers a denial for automatic starts but asks again when the user starts it', async () => {
    const host = new FakeHost();
    host.answers = ['deny', 'allow'];
    const policy = new ConsentPolicy(host);
    assert.equal(await policy.mayStart(stdioDef('folder'), false), DENIED_REASON);
    assert.equal(await policy.mayStart(stdioDef('folder'), false), DENIED_REASON);
    assert.equal(host.asked.length, 1);
    assert.equal(await policy.mayStart(stdioDef('folder'), true), true);
    assert.equal(host.asked.length, 2);
  });

  it('does not remember a dismissed question', async () => {
    const host = new FakeHost();
    host.answers = ['dismissed', 'allow'];
    const policy = new ConsentPolicy(host);
    assert.equal(await policy.mayStart(stdioDef('workspace'), false), DISMISSED_REASON);
    assert.equal(host.store.size, 0);
    assert.equal(await policy.mayStart(stdioDef('workspace'), false), true);
  });

  it('asks for workspace HTTP servers too, again when the URL or a header changes (issue 19.4)', async () => {
    const host = new FakeHost();
    host.answers = ['allow', 'allow'];
    const policy = new ConsentPolicy(host);
    const http = (headers: Record<string, string>) => definition('remote', { type: 'http', url: 'https://x.test/mcp', headers }, { scope: 'workspace' });
    assert.equal(await policy.mayStart(http({ 'X-Key': 'a' }), false), true);
    assert.equal(await policy.mayStart(http({ 'X-Key': 'a' }), false), true);
    assert.equal(await policy.mayStart(http({ 'X-Key': 'b' }), false), true);
    assert.deepEqual(host.asked, ['remote', 'remote']);
    assert.notEqual(consentHash(http({ 'X-Key': 'a' })), consentHash(http({ 'X-Key': 'b' })));
  });

  it('asks once for all servers starting together, allowing some (issue 16.4)', async () => {
    const host = new FakeHost();
    host.answers = ['allow', 'deny', 'allow'];
    const policy = new ConsentPolicy(host);
    const servers = ['a', 'b', 'c'].map((n) => definition(n, { type: 'stdio', command: 'node', args: [`${n}.js`], env: {} }, { scope: 'workspace' }));
    const verdicts = await Promise.all(servers.map((d) => policy.mayStart(d, false)));
    assert.deepEqual(host.questions, [['a', 'b', 'c']]);
    assert.deepEqual(verdicts, [true, DENIED_REASON, true]);
  });

  it('does not ask about a command that does not exist, and says it is missing', async () => {
    const host = new FakeHost();
    host.missing.add('nodee');
    host.answers = ['allow'];
    const policy = new ConsentPolicy(host);
    const typo = definition('typo', { type: 'stdio', command: 'nodee', args: ['x.js'], env: {} }, { scope: 'workspace' });
    const fine = stdioDef('workspace');
    const [a, b] = await Promise.all([policy.mayStart(typo, false), policy.mayStart(fine, false)]);
    assert.equal(a, missingCommandReason('nodee'));
    assert.equal(b, true);
    assert.deepEqual(host.questions, [['repo']]);
  });

  it('does not ask again for a workspace server the user just confirmed with its exact command (registry install)', async () => {
    const host = new FakeHost();
    const policy = new ConsentPolicy(host);
    policy.confirmNextStart('repo');
    assert.equal(await policy.mayStart(stdioDef('workspace'), false), true);
    assert.deepEqual(host.asked, [], 'one confirmation, not two');
    assert.equal(host.store.size, 1, 'remembered like an Allow');
    host.trusted = false;
    policy.confirmNextStart('repo');
    assert.equal(await policy.mayStart(stdioDef('workspace', ['changed.js']), false), UNTRUSTED_REASON, 'trust still comes first');
  });
});
