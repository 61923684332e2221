// The VS Code side of the consent policy: Workspace Trust, a modal question, answers in globalState.
import * as vscode from 'vscode';
import type { ServerDefinition } from '../mcp/serverDefinition';
import type { ConsentAnswer, ConsentHost } from './consentPolicy';

const KEY_PREFIX = 'mcpClient.consent.';

export class VscodeConsentHost implements ConsentHost {
  constructor(private readonly state: vscode.Memento) {}

  isTrusted(): boolean {
    return vscode.workspace.isTrusted;
  }

  recall(hash: string): 'allow' | 'deny' | undefined {
    return this.state.get<'allow' | 'deny'>(KEY_PREFIX + hash);
  }

  remember(hash: string, answer: 'allow' | 'deny'): Promise<void> {
    return Promise.resolve(this.state.update(KEY_PREFIX + hash, answer));
  }

  /** Forgets every remembered answer; the next start of each workspace server asks again. */
  async forgetAll(): Promise<number> {
    const keys = this.state.keys().filter((k) => k.startsWith(KEY_PREFIX));
    for (const key of keys) await this.state.update(key, undefined);
    return keys.length;
  }

  async ask(definition: ServerDefinition): Promise<ConsentAnswer> {
    const t = definition.transport;
    if (t.type !== 'stdio') return 'allow';
    const where = definition.scope === 'folder' ? `the settings of folder '${definition.folder}'` : 'this workspace’s settings';
    const env = Object.keys(t.env);
    const detail = [
      `Defined in ${where}, it will run:`,
      '',
      [t.command, ...t.args].join(' '),
      '',
      `Working folder: ${t.cwd ?? '(default)'}`,
      env.length ? `Environment variables: ${env.join(', ')}` : '',
      '',
      'Only allow servers from repositories you trust. You will be asked again if the command changes.',
    ].join('\n');
    const choice = await vscode.window.showWarningMessage(
      `Start the MCP server '${definition.name}'?`,
      { modal: true, detail },
      'Allow',
      'Don’t Allow',
    );
    if (choice === 'Allow') return 'allow';
    if (choice === 'Don’t Allow') return 'deny';
    return 'dismissed';
  }
}
