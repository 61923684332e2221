// Workspace servers in a real VS Code: one consent question for every workspace server that starts
// together (issue 16.4), each with its exact command, allowing some; workspace HTTP servers asked too,
// with host and header names but no header values (19.4); no question for a command that does not exist;
// a workspace server that takes a user server's name is flagged (19.3). Issue 24: oauth.workloadIdentity in
// workspace settings is refused with a message that names the setting, the scope and what to do; adding
// `oauth` to an allowed workspace server asks again, saying what changed; the files of a workspace server
// that was not allowed to start are not watched (dev.watch). In this suite, before its `after` removes
// .vscode: the settings file must still be there when these tests write it.
import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { HttpFixture } from '../../fixtures/servers/httpFixtures';
import { until } from '../../shared/until';
import { answer, hooks, questions, serverState, serverTreeItem, stateOf } from '../helpers';

interface ConsentQuestion {
  kind: string;
  servers: { name: string; where: string; runs: string; facts: string[]; askedAgain?: { changed?: string[] } }[];
  detail: string;
}

const notifications = async () => (await vscode.commands.executeCommand<{ severity: string; message: string }[]>(hooks.notifications)) ?? [];

describe('Workspace server consent', function () {
  this.timeout(90_000);
  const config = () => vscode.workspace.getConfiguration('mcpClient');
  const fixtures = join(__dirname, '..', '..', 'fixtures', 'servers');
  let http: HttpFixture;

  before(async () => {
    const { startStreamableHttpFixture } = require(join(fixtures, 'httpFixtures.js')) as typeof import('../../fixtures/servers/httpFixtures');
    http = await startStreamableHttpFixture();
    await questions();
  });

  after(async () => {
    await config().update('servers', undefined, vscode.ConfigurationTarget.Workspace);
    rmSync(join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, '.vscode'), { recursive: true, force: true });
    await vscode.commands.executeCommand('mcpClient.test.unqueueAnswers');
    await http.close();
  });

  it('asks once for all pending workspace servers (stdio and HTTP), each with what it runs, and starts only those allowed', async () => {
    const script = join(fixtures, 'fixtureServer.js');
    // As `${workspaceFolder}/../…` resolves: a path with `..` in it, which the question shows as the file it names.
    const dotted = `${fixtures}/../servers/fixtureServer.js`;
    await answer({ kind: 'workspaceConsent', answer: ['wsAllowed', 'wsHttp'] });
    await config().update(
      'servers',
      {
        wsAllowed: { command: process.execPath, args: [dotted, '--era=legacy'] },
        wsDeclined: { command: process.execPath, args: [dotted, '--era=legacy', '--name with space'] },
        wsTypo: { command: 'nodee', args: ['server.js'] },
        wsHttp: { url: http.url, headers: { 'X-Api-Key': 'ws-header-secret-value' } },
      },
      vscode.ConfigurationTarget.Workspace,
    );
    await until('wsAllowed and wsHttp to run', async () => (await stateOf('wsAllowed')) === 'running' && (await stateOf('wsHttp')) === 'running', 60_000);
    const asked = (await questions()).filter((q) => q.kind === 'workspaceConsent') as unknown as ConsentQuestion[];
    assert.equal(asked.length, 1, `one question, not one per server: ${JSON.stringify(asked)}`);
    const servers = asked[0]!.servers;
    assert.deepEqual(servers.map((s) => s.name).sort(), ['wsAllowed', 'wsDeclined', 'wsHttp'], 'the missing command is not asked about');
    // Issue 25: the script's path (…/host/trust/../../fixtures/…) as the file it names, and what each answer does.
    assert.equal(servers.find((s) => s.name === 'wsAllowed')!.runs, `${process.execPath} ${script} --era=legacy`);
    assert.equal(servers.find((s) => s.name === 'wsDeclined')!.runs, `${process.execPath} ${script} --era=legacy '--name with space'`);
    assert.match(asked[0]!.detail, /Don’t Allow: not started, and remembered; Start in the Servers view asks again\./);
    assert.match(asked[0]!.detail, /Cancel: nothing is decided; you are asked again the next time it starts\./);
    const httpQuestion = servers.find((s) => s.name === 'wsHttp')!;
    assert.ok(httpQuestion.facts.includes(`host: ${new URL(http.url).host}`), JSON.stringify(httpQuestion));
    assert.ok(httpQuestion.facts.includes('headers: X-Api-Key'), JSON.stringify(httpQuestion));
    assert.ok(!JSON.stringify(asked).includes('ws-header-secret-value'), 'header values are not shown');

    const declined = await serverState('wsDeclined');
    assert.equal(declined?.kind, 'stopped');
    assert.match((declined as { reason: string }).reason, /you declined/);
    const typo = await until('wsTypo to say its command is missing', async () => {
      const s = (await serverState('wsTypo')) as { kind: string; reason?: string } | undefined;
      return s?.reason ? s : undefined;
    });
    assert.match(typo.reason!, /the command 'nodee' was not found/);
    // Issue 25, defect 9: as loud as the same mistake in user settings: an error in the view, a notification
    // with Open Settings and Show Output, and the reason in its output channel.
    const item = await until('wsTypo shown as an error', async () => ((await serverTreeItem('wsTypo'))?.description.includes('command not found') ? serverTreeItem('wsTypo') : undefined));
    assert.equal(item!.icon, 'error');
    const told = await until('the notification about wsTypo', async () => (await notifications()).find((n) => n.message.includes("'wsTypo'")));
    assert.equal(told.severity, 'error');
    assert.match(told.message, /server 'wsTypo' failed: Not started: the command 'nodee' was not found/);
  });

  it("flags a workspace server that takes the name of a user server, and asks before it runs", async () => {
    await answer({ kind: 'workspaceConsent', answer: 'none' });
    const current = config().inspect<Record<string, unknown>>('servers')!.workspaceValue ?? {};
    await config().update('servers', { ...current, fixture: { command: process.execPath, args: [join(fixtures, 'fixtureServer.js'), '--era=legacy', '--evil'] } }, vscode.ConfigurationTarget.Workspace);
    const item = await until('the shadowing server to be flagged', async () => {
      const i = await serverTreeItem('fixture');
      return i?.description.includes('shadows your user server') ? i : undefined;
    });
    assert.match(item.tooltip, /named like one in your user settings/);
    await until('the shadowing server to be declined', async () => /you declined/.test(((await serverState('fixture')) as { reason?: string }).reason ?? ''));
    await config().update('servers', current, vscode.ConfigurationTarget.Workspace);
    await until('the user fixture to run again', async () => (await stateOf('fixture')) === 'running', 30_000);
  });

  describe('what a repository\'s settings may no longer do unasked (issue 24)', () => {
    const setWorkspaceServers = (servers: Record<string, unknown> | undefined) => config().update('servers', servers, vscode.ConfigurationTarget.Workspace);
    before(() => questions());

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
});
