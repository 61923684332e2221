import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDefinition } from '../../../src/mcp/envFile';
import type { LoadedDefinition, ServerDefinition } from '../../../src/mcp/serverDefinition';
import { consentHash, legacyConsentHash } from '../../../src/trust/consentMaterial';
import {
  CHANGED_REASON,
  ConsentPolicy,
  DENIED_REASON,
  DISMISSED_REASON,
  missingCommandReason,
  UNTRUSTED_REASON,
  type ConsentAnswer,
  type ConsentHost,
  type ConsentRequest,
} from '../../../src/trust/consentPolicy';
import { definition } from '../helpers';

class FakeHost implements ConsentHost {
  trusted = true;
  answers: ConsentAnswer[] = [];
  asked: string[] = [];
  /** The servers of each question, one array per question. */
  questions: string[][] = [];
  /** Every request asked about, in order. */
  requests: ConsentRequest[] = [];
  missing = new Set<string>();
  store = new Map<string, 'allow' | 'deny'>();
  allowed = new Map<string, Record<string, string>>();
  recallAllowed(server: string) {
    return this.allowed.get(server);
  }
  async rememberAllowed(server: string, fingerprints: Record<string, string>) {
    this.allowed.set(server, fingerprints);
  }
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
  async ask(requests: readonly ConsentRequest[]) {
    this.requests.push(...requests);
    this.asked.push(...requests.map((r) => r.definition.name));
    this.questions.push(requests.map((r) => r.definition.name));
    await new Promise((r) => setTimeout(r, 10));
    return requests.map(() => this.answers.shift() ?? 'dismissed');
  }
}

/** The policy with the real env-file loader, counting its reads. */
function policyFor(host: FakeHost): ConsentPolicy & { loads: number } {
  const counter = { loads: 0 };
  const policy = new ConsentPolicy(host, (d) => {
    counter.loads++;
    return loadDefinition(d);
  });
  return Object.assign(policy, counter);
}
const loaded = (d: ServerDefinition) => d as LoadedDefinition;

const stdioDef = (scope: ServerDefinition['scope'], args = ['server.js'], env: Record<string, string> = {}) =>
  definition('repo', { type: 'stdio', command: 'node', args, env }, { scope });

describe('ConsentPolicy (workspace trust and consent)', () => {
  it('asks once when a second start of the same server comes while the first answer is being stored', async () => {
    // VS Code reports one settings write as two changes; the second start lands while "allow" is written.
    let storing!: () => void;
    const stored = new Promise<void>((resolve) => (storing = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const host = new (class extends FakeHost {
      override async remember(hash: string, answer: 'allow' | 'deny') {
        storing();
        await gate;
        await super.remember(hash, answer);
      }
    })();
    host.answers = ['allow'];
    const policy = policyFor(host);
    const first = policy.mayStart(stdioDef('workspace'), false);
    await stored;
    const second = policy.mayStart(stdioDef('workspace'), false);
    await new Promise((r) => setTimeout(r, 20));
    release();
    assert.deepEqual([await first, await second], [true, true]);
    assert.deepEqual(host.asked, ['repo'], 'one question, not two');
  });

  it('starts user-level servers without asking, even in an untrusted workspace', async () => {
    const host = new FakeHost();
    host.trusted = false;
    assert.equal(await policyFor(host).mayStart(stdioDef('user'), false), true);
    assert.deepEqual(host.asked, []);
  });

  it('never starts workspace or folder servers in an untrusted workspace, and does not ask', async () => {
    const host = new FakeHost();
    host.trusted = false;
    const policy = policyFor(host);
    assert.equal(await policy.mayStart(stdioDef('workspace'), true), UNTRUSTED_REASON);
    assert.equal(await policy.mayStart(definition('remote', { type: 'http', url: 'https://x.test/mcp', headers: {} }, { scope: 'folder' }), true), UNTRUSTED_REASON);
    assert.deepEqual(host.asked, []);
  });

  it('asks once per configuration and remembers the answer', async () => {
    const host = new FakeHost();
    host.answers = ['allow'];
    const policy = policyFor(host);
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
    const policy = policyFor(host);
    await policy.mayStart(stdioDef('workspace'), false);
    await policy.mayStart(stdioDef('workspace', ['other.js']), false);
    await policy.mayStart(stdioDef('workspace', ['other.js'], { TOKEN: 'x' }), false);
    assert.equal(host.asked.length, 3);
    assert.notEqual(consentHash(loaded(stdioDef('workspace', ['a']))), consentHash(loaded(stdioDef('workspace', ['b']))));
  });

  it('remembers a denial for automatic starts but asks again when the user starts it', async () => {
    const host = new FakeHost();
    host.answers = ['deny', 'allow'];
    const policy = policyFor(host);
    assert.equal(await policy.mayStart(stdioDef('folder'), false), DENIED_REASON);
    assert.equal(await policy.mayStart(stdioDef('folder'), false), DENIED_REASON);
    assert.equal(host.asked.length, 1);
    assert.equal(await policy.mayStart(stdioDef('folder'), true), true);
    assert.equal(host.asked.length, 2);
  });

  it('does not remember a dismissed question', async () => {
    const host = new FakeHost();
    host.answers = ['dismissed', 'allow'];
    const policy = policyFor(host);
    assert.equal(await policy.mayStart(stdioDef('workspace'), false), DISMISSED_REASON);
    assert.equal(host.store.size, 0);
    assert.equal(await policy.mayStart(stdioDef('workspace'), false), true);
  });

  it('asks for workspace HTTP servers too, again when the URL or a header changes (issue 19.4)', async () => {
    const host = new FakeHost();
    host.answers = ['allow', 'allow'];
    const policy = policyFor(host);
    const http = (headers: Record<string, string>) => definition('remote', { type: 'http', url: 'https://x.test/mcp', headers }, { scope: 'workspace' });
    assert.equal(await policy.mayStart(http({ 'X-Key': 'a' }), false), true);
    assert.equal(await policy.mayStart(http({ 'X-Key': 'a' }), false), true);
    assert.equal(await policy.mayStart(http({ 'X-Key': 'b' }), false), true);
    assert.deepEqual(host.asked, ['remote', 'remote']);
    assert.notEqual(consentHash(loaded(http({ 'X-Key': 'a' }))), consentHash(loaded(http({ 'X-Key': 'b' }))));
  });

  it('asks once for all servers starting together, allowing some (issue 16.4)', async () => {
    const host = new FakeHost();
    host.answers = ['allow', 'deny', 'allow'];
    const policy = policyFor(host);
    const servers = ['a', 'b', 'c'].map((n) => definition(n, { type: 'stdio', command: 'node', args: [`${n}.js`], env: {} }, { scope: 'workspace' }));
    const verdicts = await Promise.all(servers.map((d) => policy.mayStart(d, false)));
    assert.deepEqual(host.questions, [['a', 'b', 'c']]);
    assert.deepEqual(verdicts, [true, DENIED_REASON, true]);
  });

  it('does not ask about a command that does not exist, and says it is missing', async () => {
    const host = new FakeHost();
    host.missing.add('nodee');
    host.answers = ['allow'];
    const policy = policyFor(host);
    const typo = definition('typo', { type: 'stdio', command: 'nodee', args: ['x.js'], env: {} }, { scope: 'workspace' });
    const fine = stdioDef('workspace');
    const [a, b] = await Promise.all([policy.mayStart(typo, false), policy.mayStart(fine, false)]);
    assert.equal(a, missingCommandReason('nodee'));
    assert.equal(b, true);
    assert.deepEqual(host.questions, [['repo']]);
  });

  it('does not ask again for a workspace server the user just confirmed with its exact command (registry install)', async () => {
    const host = new FakeHost();
    const policy = policyFor(host);
    policy.confirmNextStart(stdioDef('workspace'));
    assert.equal(await policy.mayStart(stdioDef('workspace'), false), true);
    assert.deepEqual(host.asked, [], 'one confirmation, not two');
    assert.equal(host.store.size, 1, 'remembered like an Allow');
    host.trusted = false;
    policy.confirmNextStart(stdioDef('workspace', ['changed.js']));
    assert.equal(await policy.mayStart(stdioDef('workspace', ['changed.js']), false), UNTRUSTED_REASON, 'trust still comes first');
  });

  // Issue 24.15: the confirmation was keyed by name, so any workspace server of that name started unasked.
  it('binds a registry confirmation to the definition shown: another server that takes the name is asked about', async () => {
    const host = new FakeHost();
    host.answers = ['deny'];
    const policy = policyFor(host);
    policy.confirmNextStart(stdioDef('workspace', ['reviewed.js']));
    assert.equal(await policy.mayStart(stdioDef('workspace', ['evil.js']), false), DENIED_REASON);
    assert.deepEqual(host.asked, ['repo'], 'the other definition was asked about, not let through');
    assert.equal(await policy.mayStart(stdioDef('workspace', ['reviewed.js']), false), DISMISSED_REASON, 'the confirmation was used up by the first start of that name');
  });

  // Issue 24.1: adding `oauth` (or `dev`) to an allowed workspace server started it without a question.
  it('asks again when oauth or dev is added to an allowed workspace server, and says what changed', async () => {
    const host = new FakeHost();
    host.answers = ['allow', 'allow', 'allow'];
    const policy = policyFor(host);
    const http = (extra: Partial<ServerDefinition> = {}) => definition('remote', { type: 'http', url: 'https://x.test/mcp', headers: {} }, { scope: 'workspace', ...extra });
    assert.equal(await policy.mayStart(http(), false), true);
    assert.equal(await policy.mayStart(http({ oauth: { scopes: ['repo'] } }), false), true);
    assert.deepEqual(host.asked, ['remote', 'remote'], 'adding oauth asks again');
    assert.deepEqual(host.requests[1]!.changed, ['oauth.scopes (added)']);
    const dev = { dev: { watch: ['src/**'], base: '/w' } };
    assert.equal(await policy.mayStart(http({ oauth: { scopes: ['repo'] }, ...dev }), false), true);
    assert.deepEqual(host.requests[2]!.changed, ['dev.watch (added)']);
    assert.equal(await policy.mayStart(http({ oauth: { scopes: ['repo'] }, ...dev, autoStart: false }), false), true);
    assert.equal(host.asked.length, 3, 'autoStart is presentation-only: not asked again');
  });

  it('says why an approval from before this version is asked again', async () => {
    const host = new FakeHost();
    host.answers = ['allow'];
    host.store.set(legacyConsentHash(stdioDef('workspace')), 'allow');
    assert.equal(await policyFor(host).mayStart(stdioDef('workspace'), false), true);
    assert.deepEqual(host.requests.map((r) => r.upgraded), [true]);
  });

  describe('env files (issue 24.2)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'consent-env-'));
    const withEnvFile = (file: string) =>
      definition('repo', { type: 'stdio', command: 'node', args: ['server.js'], env: {}, envFile: { path: join(dir, file), unset: [], within: [dir] } }, { scope: 'workspace' });

    it('reads no env file in an untrusted workspace', async () => {
      writeFileSync(join(dir, 'untrusted.env'), 'TOKEN=abc\n');
      const host = new FakeHost();
      host.trusted = false;
      const policy = policyFor(host);
      assert.equal(await policy.mayStart(withEnvFile('untrusted.env'), true), UNTRUSTED_REASON);
      assert.equal(policy.loads, 0, 'not read before trust');
    });

    it('covers the env file: the question names what it sets; an edit asks again; a start of an edited file is refused', async () => {
      writeFileSync(join(dir, 'a.env'), 'TOKEN=abc\nAPI_URL=https://one\n');
      const host = new FakeHost();
      host.answers = ['allow', 'allow'];
      const policy = policyFor(host);
      assert.equal(await policy.mayStart(withEnvFile('a.env'), false), true);
      const asked = host.requests[0]!.definition.transport as { env: Record<string, string>; envFile: { loaded: { names: string[] } } };
      // In alphabetical order, whatever the file's: the question and the doctor list them so.
      assert.deepEqual(asked.envFile.loaded.names, ['API_URL', 'TOKEN']);
      assert.equal(await policy.mayStart(withEnvFile('a.env'), false), true);
      assert.equal(host.asked.length, 1, 'unchanged: not asked again');
      const before = await loadDefinition(withEnvFile('a.env'));
      assert.equal(policy.check(before), undefined, 'the allowed definition may run');

      writeFileSync(join(dir, 'a.env'), 'TOKEN=abc\nAPI_URL=https://two\n');
      assert.equal(policy.check(await loadDefinition(withEnvFile('a.env'))), CHANGED_REASON, 'a start after the edit is refused');
      assert.equal(await policy.mayStart(withEnvFile('a.env'), false), true);
      assert.deepEqual(host.requests[1]!.changed, ['env.API_URL', 'the contents of envFile']);
    });

    it('does not ask about a server whose env file cannot be used, and says why', async () => {
      const host = new FakeHost();
      const verdict = await policyFor(host).mayStart(withEnvFile('missing.env'), false);
      assert.match(String(verdict), /^Not started: the env file of 'repo' \("envFile"\): cannot read .*missing\.env \(file not found\)\.$/);
      assert.deepEqual(host.asked, []);
    });
  });
});
