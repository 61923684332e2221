// When the consent question is asked, and what a start is told when it cannot be: no empty question,
// a dialog that fails or answers short counts as dismissed, a command lookup that fails asks anyway,
// the same server in two folders is asked about twice, and a registry confirmation is remembered.
import * as assert from 'node:assert/strict';
import type { ServerDefinition } from '../../../src/mcp/serverDefinition';
import { ConsentPolicy, DISMISSED_REASON, type ConsentAnswer, type ConsentHost } from '../../../src/trust/consentPolicy';
import { definition } from '../helpers';

class Host implements ConsentHost {
  questions: string[][] = [];
  store = new Map<string, 'allow' | 'deny'>();
  answers: (definitions: readonly ServerDefinition[]) => Promise<ConsentAnswer[]> = async (ds) => ds.map(() => 'allow');
  exists: (d: ServerDefinition) => Promise<boolean> = async () => true;
  isTrusted = () => true;
  recall = (hash: string) => this.store.get(hash);
  remember = async (hash: string, answer: 'allow' | 'deny') => void this.store.set(hash, answer);
  commandExists = (d: ServerDefinition) => this.exists(d);
  ask = (ds: readonly ServerDefinition[]) => (this.questions.push(ds.map((d) => d.name)), this.answers(ds));
}

const server = (name: string, command = 'node', folder?: string) =>
  definition(name, { type: 'stdio', command, args: ['s.js'], env: {} }, { scope: folder ? 'folder' : 'workspace', ...(folder ? { folder } : {}) });

describe('consent questions', () => {
  it('asks nothing when every server starting is missing its command, and says so in words', async () => {
    const host = new Host();
    host.exists = async () => false;
    assert.equal(
      await new ConsentPolicy(host).mayStart(server('typo', 'nodee'), false),
      `Not started: the command 'nodee' was not found (not on the PATH, and no such file). Check the server's "command" in the workspace settings.`,
    );
    assert.deepEqual(host.questions, []);
  });

  it('asks anyway when the command lookup itself fails', async () => {
    const host = new Host();
    host.exists = async () => {
      throw new Error('EPERM');
    };
    assert.equal(await new ConsentPolicy(host).mayStart(server('odd'), false), true);
    assert.deepEqual(host.questions, [['odd']]);
  });

  it('takes a question that fails, or answers for fewer servers, as dismissed', async () => {
    const failing = new Host();
    failing.answers = async () => {
      throw new Error('the window closed');
    };
    assert.equal(await new ConsentPolicy(failing).mayStart(server('a'), false), DISMISSED_REASON);
    assert.equal(failing.store.size, 0);
    const short = new Host();
    short.answers = async () => ['allow'];
    const policy = new ConsentPolicy(short);
    const verdicts = await Promise.all([policy.mayStart(server('a'), false), policy.mayStart(server('b'), false)]);
    assert.deepEqual(verdicts, [true, DISMISSED_REASON]);
  });

  it('asks about the same server in two folders separately', async () => {
    const host = new Host();
    const policy = new ConsentPolicy(host);
    await policy.mayStart(server('repo', 'node', 'app'), false);
    await policy.mayStart(server('repo', 'node', 'lib'), false);
    assert.deepEqual(host.questions, [['repo'], ['repo']]);
  });

  it('remembers a registry confirmation as an Allow for the starts after it', async () => {
    const host = new Host();
    const policy = new ConsentPolicy(host);
    policy.confirmNextStart('repo');
    assert.equal(await policy.mayStart(server('repo'), false), true);
    assert.equal(await policy.mayStart(server('repo'), false), true);
    assert.deepEqual(host.questions, [], 'never asked');
  });
});
