// What an app may ask the editor to do on its behalf, done the way VS Code does it for anything else:
// a link goes through VS Code's external opener (which asks before opening a site the user has not
// trusted), and a message goes into the chat input, addressed to @mcp, for the user to send or not.
import * as vscode from 'vscode';
import { openInBrowser } from '../common/browserHandOff';
import { VscodeCommandIds } from '../common/commandIds';

/** Opens a web or mail link; anything else (command:, file:, vscode: …, this computer, a private network) is refused. */
export async function openLink(url: string): Promise<boolean> {
  return openInBrowser(url, { purpose: 'app link', schemes: ['https:', 'http:', 'mailto:'] });
}

/** Puts the text in the chat input (never sends it). */
export async function proposeMessage(text: string): Promise<boolean> {
  await vscode.commands.executeCommand(VscodeCommandIds.openChat, { query: `@mcp ${text}`, isPartialQuery: true });
  return true;
}
