// Activation loads only the light part of the extension; the contributions follow just after it
// (src/activation/contributionLoader.ts). Every contributed command must exist once they have, and a
// command used before they have must load them and run the real command with its arguments.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ContributionLoader } from '../../../src/activation/contributionLoader';
import type { ActivationHost, Contributions } from '../../../src/activation/contributions';

describe('Activation and the contributions bundle', () => {
  it('registers every contributed command', async () => {
    const extension = vscode.extensions.getExtension('mcp-client.mcp-client')!;
    await extension.activate();
    const contributed = (extension.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands.map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(contributed.filter((id) => !registered.has(id)), []);
  });

  it('runs a command used before the contributions load: they load once and the real command gets the arguments', async () => {
    const id = 'mcpClientTest.standIn';
    const calls: unknown[][] = [];
    let loads = 0;
    const contributions = { disposables: [] as vscode.Disposable[] } as unknown as Contributions;
    const loader = new ContributionLoader({} as ActivationHost, [id], () => ({
      activateContributions: () => {
        loads++;
        contributions.disposables.push(vscode.commands.registerCommand(id, (...args: unknown[]) => (calls.push(args), `real ${args.length}`)));
        return contributions;
      },
    }));
    try {
      assert.equal(loads, 0, 'nothing loads until the command is used');
      const node = { name: 'a tree node, passed as is' };
      assert.equal(await vscode.commands.executeCommand(id, node, 2), 'real 2');
      assert.equal(await vscode.commands.executeCommand(id), 'real 0');
      assert.equal(loads, 1);
      assert.equal(calls[0][0], node, 'the very object, not a copy');
      assert.equal(loader.load(), contributions);
    } finally {
      loader.dispose();
    }
    assert.ok(!(await vscode.commands.getCommands(true)).includes(id), 'disposing removes the real command');
  });
});
