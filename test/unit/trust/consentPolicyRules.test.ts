// The finer rules of workspace-server consent (src/trust/consentPolicy.ts), as the user meets them: the
// check at every start, which server a remembered approval belongs to, what the question says the first
// time, and the words when a command is missing.
import * as assert from 'node:assert/strict';
import type { LoadedDefinition, ServerDefinition } from '../../../src/mcp/serverDefinition';
import { consentHash } from '../../../src/trust/consentMaterial';
import { CHANGED_REASON, ConsentError, ConsentPolicy, serverOf, UNTRUSTED_REASON, type ConsentHost, type ConsentRequest } from '../../../src/trust/consentPolicy';
import { definition } from '../helpers';

/** A host that remembers in memory, answers every question with `answer`, and finds only `found` commands. */
function host(answer: 'allow' | 'deny' | 'dismissed', found: string[] = ['node']) {
  const store = new Map<string, 'allow' | 'deny'>();
  const requests: ConsentRequest[] = [];
  const h: ConsentHost & { trusted: boolean; requests: ConsentRequest[]; store: typeof store } = {
    trusted: true,
    requests,
    store,
    isTrusted: () => h.trusted,
    recall: (hash) => store.get(hash),
    remember: async (hash, a) => void store.set(hash, a),
    recallAllowed: () => undefined,
    rememberAllowed: async () => undefined,
    ask: async (asked) => (requests.push(...asked), asked.map(() => answer)),
    commandExists: async (d) => d.transport.type !== 'stdio' || found.includes(d.transport.command),
  };
  return h;
}
const workspaceServer = (command = 'node', scope: ServerDefinition['scope'] = 'workspace') => definition('repo', { type: 'stdio', command, args: ['server.js'], env: {} }, { scope });

describe('workspace consent: finer rules', () => {
  it('lets a user server start at every check, and holds a workspace server in an untrusted workspace', () => {
    const h = host('allow');
    h.trusted = false;
    const policy = new ConsentPolicy(h, async (d) => d as LoadedDefinition);
    assert.equal(policy.check(workspaceServer('node', 'user') as LoadedDefinition), undefined);
    assert.equal(policy.check(workspaceServer() as LoadedDefinition), UNTRUSTED_REASON);
  });

  it('lets an allowed workspace server start at the check, and holds one whose configuration is not the allowed one', () => {
    const h = host('allow');
    const policy = new ConsentPolicy(h, async (d) => d as LoadedDefinition);
    const allowed = workspaceServer() as LoadedDefinition;
    h.store.set(consentHash(allowed), 'allow');
    assert.equal(policy.check(allowed), undefined);
    assert.equal(policy.check(workspaceServer('python') as LoadedDefinition), CHANGED_REASON);
  });

  it('keeps approvals apart per scope, folder and name', () => {
    assert.equal(serverOf(definition('repo', { type: 'stdio', command: 'node', args: [], env: {} }, { scope: 'folder', folder: 'web' })), 'folder:web:repo');
    assert.equal(serverOf(workspaceServer()), 'workspace::repo');
  });

  it('asks about a server never allowed without calling it asked again', async () => {
    const h = host('allow');
    assert.equal(await new ConsentPolicy(h, async (d) => d as LoadedDefinition).mayStart(workspaceServer(), false), true);
    assert.deepEqual(Object.keys(h.requests[0]!), ['definition']);
  });

  it('names the missing command, and where to fix it, without asking', async () => {
    const h = host('allow', []);
    const reason = await new ConsentPolicy(h, async (d) => d as LoadedDefinition).mayStart(workspaceServer('nodee'), false);
    assert.equal(reason, `Not started: the command 'nodee' was not found (not on the PATH, and no such file). Check the server's "command" in the workspace settings.`);
    assert.equal(h.requests.length, 0);
  });

  it('takes a server confirmed elsewhere as confirmed even when its env file cannot be read a second time', async () => {
    const h = host('deny');
    let loads = 0;
    const policy = new ConsentPolicy(h, async (d) => {
      if (++loads > 1) throw new Error('env file gone');
      return d as LoadedDefinition;
    });
    policy.confirmNextStart(workspaceServer());
    assert.equal(await policy.mayStart(workspaceServer(), false), true);
    assert.equal(h.requests.length, 0, 'not asked again');
  });

  it('marks a start that consent does not cover with its own code', () => {
    assert.equal(new ConsentError('no').code, 'MCP_CONSENT');
  });
});
