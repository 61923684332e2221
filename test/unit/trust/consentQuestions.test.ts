// When the consent question is asked, and what a start is told when it cannot be: no empty question,
// a dialog that fails or answers short counts as dismissed, a command lookup that fails asks anyway,
// the same server in two folders is asked about twice, and a registry confirmation is remembered.
import * as assert from 'node:assert/strict';
import type { LoadedDefinition, ServerDefinition } from '../../../src/mcp/serverDefinition';
import { ConsentPolicy, DISMISSED_REASON, type ConsentAnswer, type ConsentHost, type ConsentRequest } from '../../../src/trust/consentPolicy';
import { definition } from '../helpers';

class Host implements ConsentHost {
  questions: string[][] = [];
  store = new Map<string, 'allow' | 'deny'>();
  allowed = new Map<string, Record<string, string>>();
  answers: (requests: readonly ConsentRequest[]) => Promise<ConsentAnswer[]> = async (rs) => rs.map(() => 'allow');
  exists: (d: ServerDefinition) => Promise<boolean> = async () => true;
  isTrusted = () => true;
  recall = (hash: string) => this.store.get(hash);
  remember = async (hash: string, answer: 'allow' | 'deny') => void this.store.set(hash, answer);
  recallAllowed = (server: string) => this.allowed.get(server);
  rememberAllowed = async (server: string, fingerprints: Record<string, string>) => void this.allowed.set(server, fingerprints);
  commandExists = (d: ServerDefinition) => this.exists(d);
  ask = (rs: readonly ConsentRequest[]) => (this.questions.push(rs.map((r) => r.definition.name)), this.answers(rs));
}

/** The policy with a loader that has no env file to read: the definition as it is. */
const policyOf = (host: Host) => new ConsentPolicy(host, async (d) => d as LoadedDefinition);

const server = (name: string, command = 'node', folder?: string) =>
  definition(name, { type: 'stdio', command, args: ['s.js'], env: {} }, { scope: folder ? 'folder' : 'workspace', ...(folder ? { folder } : {}) });

describe('consent questions', () => {
  it('asks nothing when every server starting is missing its command, and says so in words', async () => {
    const host = new Host();
    host.exists = async () => false;
    assert.equal(
      await policyOf(host).mayStart(server('typo', 'nodee'), false),
      `Not started: the command 'nodee' was not found (not on the PATH, and no such file). Check the server's "command" in the workspace settings.`,
    );
    assert.deepEqual(host.questions, []);
  });

  it('asks anyway when the command lookup itself fails', async () => {
    const host = new Host();
    host.exists = async () => {
      throw new Error('EPERM');
    };
    assert.equal(await policyOf(host).mayStart(server('odd'), false), true);
    assert.deepEqual(host.questions, [['odd']]);
  });

  it('takes a question that fails, or answers for fewer servers, as dismissed', async () => {
    const failing = new Host();
    failing.answers = async () => {
      throw new Error('the window closed');
    };
    assert.equal(await policyOf(failing).mayStart(server('a'), false), DISMISSED_REASON);
    assert.equal(failing.store.size, 0);
    const short = new Host();
    short.answers = async () => ['allow'];
    const policy = policyOf(short);
    const verdicts = await Promise.all([policy.mayStart(server('a'), false), policy.mayStart(server('b'), false)]);
    assert.deepEqual(verdicts, [true, DISMISSED_REASON]);
  });

  it('asks about the same server in two folders separately', async () => {
    const host = new Host();
    const policy = policyOf(host);
    await policy.mayStart(server('repo', 'node', 'app'), false);
    await policy.mayStart(server('repo', 'node', 'lib'), false);
    assert.deepEqual(host.questions, [['repo'], ['repo']]);
  });

  it('remembers a registry confirmation as an Allow for the starts after it', async () => {
    const host = new Host();
    const policy = policyOf(host);
    policy.confirmNextStart(server('repo'));
    assert.equal(await policy.mayStart(server('repo'), false), true);
    assert.equal(await policy.mayStart(server('repo'), false), true);
    assert.deepEqual(host.questions, [], 'never asked');
  });
});
