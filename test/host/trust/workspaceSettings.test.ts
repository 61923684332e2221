// Issue 24 in a real VS Code: what a repository's settings may no longer do unasked.
// - 24.1: oauth.workloadIdentity in workspace settings is refused (it would read a local file and send it),
//   with a message that names the setting, the scope and what to do, on the server's node;
// - 24.1: adding `oauth` to an allowed workspace server asks again, and the question says what changed;
// - 24.13: the files of a workspace server that was not allowed to start are not watched (dev.watch).
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { HttpFixture } from '../../fixtures/servers/httpFixtures';
import { until } from '../../shared/until';
import { answer, questions, serverState, serverTreeItem, stateOf } from '../helpers';

interface ConsentQuestion {
  kind: string;
  servers: { name: string; where: string; runs: string; facts: string[]; askedAgain?: { changed?: string[] } }[];
}

describe('Workspace settings that need the user', function () {
  this.timeout(90_000);
  const config = () => vscode.workspace.getConfiguration('mcpClient');
  const fixtures = join(__dirname, '..', '..', 'fixtures', 'servers');
  const setWorkspaceServers = (servers: Record<string, unknown> | undefined) => config().update('servers', servers, vscode.ConfigurationTarget.Workspace);
  let http: HttpFixture;

  before(async () => {
    const { startStreamableHttpFixture } = require(join(fixtures, 'httpFixtures.js')) as typeof import('../../fixtures/servers/httpFixtures');
    http = await startStreamableHttpFixture();
    await questions();
  });

  after(async () => {
    await setWorkspaceServers(undefined);
    await vscode.commands.executeCommand('mcpClient.test.unqueueAnswers');
    await http.close();
  });

  it('refuses oauth.workloadIdentity from workspace settings, naming the setting, the scope and what to do', async () => {
    await setWorkspaceServers({ wsWorkload: { url: http.url, oauth: { clientId: 'c', workloadIdentity: { tokenFile: '/etc/hostname' } } } });
    const state = await until('wsWorkload to be refused', async () => {
      const s = await serverState('wsWorkload');
      return s?.kind === 'invalid' && s;
    });
    assert.equal(
      (state as { message: string }).message,
      'mcpClient.servers.wsWorkload.oauth.workloadIdentity: not allowed in workspace settings: it makes MCP Client read a local file and send it as a credential. ' +
        'Set "workloadIdentity" for this server in your user settings instead (Preferences: Open User Settings (JSON)), if you trust it.',
    );
    const item = await until('the refusal on the node', async () => {
      const i = await serverTreeItem('wsWorkload');
      return i?.tooltip.includes('not allowed in workspace settings') && i;
    });
    assert.match(item.tooltip.replace(/\\/g, ''), /oauth\.workloadIdentity: not allowed in workspace settings/);
    assert.equal(
      (await questions()).filter((q) => q.kind === 'workspaceConsent').length,
      0,
      'nothing is asked about a server that cannot start',
    );
  });

  it('asks again when oauth is added to an allowed workspace server, and says what changed', async () => {
    await answer({ kind: 'workspaceConsent', answer: 'all' });
    await setWorkspaceServers({ wsOauth: { url: http.url } });
    await until('wsOauth to run', async () => (await stateOf('wsOauth')) === 'running', 60_000);
    const first = (await questions()).filter((q) => q.kind === 'workspaceConsent') as unknown as ConsentQuestion[];
    assert.equal(first.length, 1);
    assert.equal(first[0]!.servers[0]!.askedAgain, undefined, 'the first question is not "again"');

    await answer({ kind: 'workspaceConsent', answer: 'all' });
    await setWorkspaceServers({ wsOauth: { url: http.url, oauth: { scopes: ['repo'] } } });
    const again = await until('the second question', async () => {
      const asked = ((await questions()).filter((q) => q.kind === 'workspaceConsent') as unknown as ConsentQuestion[]);
      return asked.length > 0 && asked;
    });
    const server = again[0]!.servers.find((s) => s.name === 'wsOauth')!;
    assert.deepEqual(server.askedAgain, { changed: ['oauth.scopes (added)'] });
    assert.ok(server.facts.includes('oauth.scopes: repo'), JSON.stringify(server.facts));
    await until('wsOauth to run again', async () => (await stateOf('wsOauth')) === 'running', 60_000);
  });

  it('does not watch the files of a workspace server that was not allowed to start', async () => {
    await answer({ kind: 'workspaceConsent', answer: 'none' });
    await setWorkspaceServers({ wsDev: { command: process.execPath, args: [join(fixtures, 'fixtureServer.js')], dev: { watch: ['src/**/*.js'] } } });
    await until('wsDev to be declined', async () => /you declined/.test(((await serverState('wsDev')) as { reason?: string } | undefined)?.reason ?? ''));
    const item = await until('the dev note', async () => {
      const i = await serverTreeItem('wsDev');
      return i?.tooltip.includes('src/') && i;
    });
    assert.match(item.tooltip.replace(/\\/g, ''), /not watching src\/\*\*\/\*\.js yet: files are watched once the server has been allowed to start/);
  });
});
