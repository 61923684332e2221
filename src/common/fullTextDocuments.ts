// "Show Full Text…": where a dialog had to cut a server's text (tool-call arguments, an elicitation's
// message, a description), the whole of it opens as a read-only plain-text document, invisible
// characters written out as escapes (serverText.fullText), nothing rendered. One provider, registered on
// first use, for every dialog.
import * as vscode from 'vscode';
import { ResultDocuments } from './resultDocuments';
import { fullText, shownLine } from './serverText';

let documents: ResultDocuments | undefined;

/** Opens `text` whole, read-only, in a tab named `name` under `server`. */
export async function showFullText(server: string, name: string, text: string): Promise<void> {
  documents ??= new ResultDocuments({
    scheme: 'mcp-client-full-text',
    readonlyNotice: vscode.l10n.t('This is the full text a server sent, shown read-only.'),
    expired: vscode.l10n.t('This text is no longer kept. Repeat the action to see it again.'),
  });
  await documents.show(fullText(text), shownLine(server, 60), shownLine(name, 60), { preview: false, extension: 'txt' });
}
