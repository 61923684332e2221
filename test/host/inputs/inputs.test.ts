// `${input:…}` in a real VS Code: a server that needs an input asks for it once (an input box), keeps
// it in SecretStorage, and starts again later without asking. The server and the input are added to
// the user settings here and removed afterwards, so the other suites see the settings they expect.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { api, stateOf } from '../helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Inputs in the extension host', () => {
  const config = () => vscode.workspace.getConfiguration('mcpClient');
  let servers: Record<string, unknown>;

  before(async () => {
    servers = config().inspect<Record<string, unknown>>('servers')!.globalValue!;
    const fixture = servers.fixture as { command: string; args: string[] };
    await config().update('inputs', [{ type: 'promptString', id: 'token', description: 'Fixture token', default: 'host-token-value' }], vscode.ConfigurationTarget.Global);
    await config().update(
      'servers',
      { ...servers, needsInput: { command: fixture.command, args: [...fixture.args, '--label=${input:token}'], env: { TOKEN: '${input:token}' }, autoStart: false } },
      vscode.ConfigurationTarget.Global,
    );
    await until('needsInput to be listed', async () => (await stateOf('needsInput')) === 'stopped');
  });

  after(async () => {
    await vscode.commands.executeCommand('mcpClient.stopServer', 'needsInput');
    await config().update('servers', servers, vscode.ConfigurationTarget.Global);
    await config().update('inputs', undefined, vscode.ConfigurationTarget.Global);
  });

  it('asks for the value the first time the server starts', async () => {
    const started = vscode.commands.executeCommand('mcpClient.startServer', 'needsInput');
    // The input box shows the default; accepting it is what a user pressing Enter does.
    await until('the value to be asked for and the server to run', async () => {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await sleep(200);
      return (await stateOf('needsInput')) === 'running';
    });
    await started;
    const session = (await api()).getSession('needsInput')!;
    assert.equal(session.state.kind, 'running');
  });

  it('starts again later without asking (the value is in secret storage, not in settings)', async () => {
    await vscode.commands.executeCommand('mcpClient.stopServer', 'needsInput');
    assert.equal(await stateOf('needsInput'), 'stopped');
    // Nothing answers an input box now: a second question would leave the server starting forever.
    await vscode.commands.executeCommand('mcpClient.startServer', 'needsInput');
    assert.equal(await stateOf('needsInput'), 'running');
    // (The input's `default` is in the inputs setting because this test put it there; the server entry still holds only the reference.)
    const servers = JSON.stringify(config().inspect('servers'));
    assert.ok(servers.includes('${input:token}') && !servers.includes('host-token-value'), 'the value is not written to the server settings');
  });
});
