// Tool results as read-only Markdown documents on `mcp-client-tool-result:` (see ResultDocuments), a
// scheme of their own so a tab says what it holds.
import * as vscode from 'vscode';
import { ResultDocuments } from '../common/resultDocuments';

export const TOOL_RESULT_SCHEME = 'mcp-client-tool-result';

export class ToolResultDocuments extends ResultDocuments {
  /** `storage`: where results are kept for the next window (see ResultDocuments). */
  constructor(storage?: vscode.Uri) {
    super({
      scheme: TOOL_RESULT_SCHEME,
      readonlyNotice: vscode.l10n.t('A tool result: call the tool again to get a new one.'),
      expired: vscode.l10n.t('only recent tool results are kept. Call the tool again.'),
    }, storage);
  }
}
