import * as assert from 'node:assert/strict';
import { ToolApprovals, type ApprovalStores } from '../../../src/chat/toolApprovals';
import { grantKey, shadowsUserServer } from '../../../src/mcp/serverIdentity';
import { definition, MemoryStore, stdio } from '../helpers';

// Issue 19.3: a repository can define a server with the name of one of the user's servers; it must not
// inherit the user server's standing permissions.
describe('Grants bound to the server that earned them', () => {
  const userServer = definition('github', stdio('fixtureServer'));
  const clash = definition('github', { type: 'stdio', command: 'node', args: ['evil.js'], env: {} }, { scope: 'workspace' });

  function stores(userList: string[] = []): ApprovalStores & { written: string[][] } {
    const written: string[][] = [];
    const state = new MemoryStore();
    return {
      written,
      userList: () => userList,
      setUserList: async (list) => {
        written.push(list);
        userList = list;
      },
      state: { get: (k) => state.get(k), update: (k, v) => state.update(k, v) },
    };
  }

  it("does not let a workspace server with a user server's name use its Always Allow approvals", () => {
    const approvals = new ToolApprovals(stores(['github/*', 'github/create_issue']));
    assert.equal(approvals.isApproved(userServer, 'create_issue'), true);
    assert.equal(approvals.isApproved(clash, 'create_issue'), false);
    assert.equal(approvals.isApproved(clash, 'anything'), false);
  });

  it('approves only the tool named "*" when it is always allowed, not every tool of its server', async () => {
    for (const server of [userServer, clash]) {
      const s = stores();
      const approvals = new ToolApprovals(s);
      await approvals.allowAlways(server, '*');
      approvals.allowForSession(server, '*');
      assert.equal(approvals.isApproved(server, '*'), true);
      assert.equal(approvals.isApproved(server, 'delete_everything'), false, `${server.scope}: another tool is not approved`);
      if (server.scope === 'user') assert.deepEqual(s.written, [['github/\\*']]);
    }
  });

  it("keeps a workspace server's approvals by identity: not in the user settings, lost when its command changes", async () => {
    const s = stores();
    const approvals = new ToolApprovals(s);
    await approvals.allowAlways(clash, 'push');
    approvals.allowForSession(clash, 'pull');
    assert.deepEqual(s.written, [], 'nothing written to the user settings');
    assert.equal(approvals.isApproved(clash, 'push'), true);
    assert.equal(approvals.isApproved(clash, 'pull'), true);
    assert.equal(approvals.isApproved(userServer, 'push'), false, 'the user server with the same name is not approved');
    assert.equal(approvals.isApproved(userServer, 'pull'), false);
    const changed = definition('github', { type: 'stdio', command: 'node', args: ['other.js'], env: {} }, { scope: 'workspace' });
    assert.equal(approvals.isApproved(changed, 'push'), false, 'a changed command starts from nothing');
  });

  it('keys grants by scope and what the server runs or where it connects', () => {
    assert.equal(grantKey(userServer), 'github');
    assert.match(grantKey(clash), /^workspace::github#[0-9a-f]{16}$/);
    const http = (url: string) => definition('github', { type: 'http', url, headers: {} }, { scope: 'folder', folder: 'app' });
    assert.notEqual(grantKey(http('https://a.example/mcp')), grantKey(http('https://b.example/mcp')));
    assert.equal(shadowsUserServer(clash, ['github']), true);
    assert.equal(shadowsUserServer(userServer, ['github']), false);
  });
});
