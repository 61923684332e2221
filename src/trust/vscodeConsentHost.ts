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
    const where = definition.scope === 'folder' ? vscode.l10n.t("the settings of folder '{0}'", definition.folder ?? '') : vscode.l10n.t('this workspace’s settings');
    const env = Object.keys(t.env);
    const detail = [
      vscode.l10n.t('Defined in {0}, it will run:', where),
      '',
      [t.command, ...t.args].join(' '),
      '',
      vscode.l10n.t('Working folder: {0}', t.cwd ?? vscode.l10n.t('(default)')),
      env.length ? vscode.l10n.t('Environment variables: {0}', env.join(', ')) : '',
      '',
      vscode.l10n.t('Only allow servers from repositories you trust. You will be asked again if the command changes.'),
    ].join('\n');
    const allow = vscode.l10n.t('Allow');
    const dontAllow = vscode.l10n.t('Don’t Allow');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t("Start the MCP server '{0}'?", definition.name),
      { modal: true, detail },
      allow,
      dontAllow,
    );
    if (choice === allow) return 'allow';
    if (choice === dontAllow) return 'deny';
    return 'dismissed';
  }
}
