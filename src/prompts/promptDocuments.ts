// Prompt results as read-only Markdown documents on `mcp-client-prompt:` (see ResultDocuments).
import * as vscode from 'vscode';
import { ResultDocuments } from '../common/resultDocuments';

export const PROMPT_SCHEME = 'mcp-client-prompt';

export class PromptDocuments extends ResultDocuments {
  /** `storage`: where results are kept for the next window (see ResultDocuments). */
  constructor(storage?: vscode.Uri) {
    super({
      scheme: PROMPT_SCHEME,
      readonlyNotice: vscode.l10n.t('A prompt result: run the prompt again to change it.'),
      expired: vscode.l10n.t('only recent prompt results are kept. Run the prompt again.'),
    }, storage);
  }
}
