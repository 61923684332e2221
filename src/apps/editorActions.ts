// What an app may ask the editor to do on its behalf, done the way VS Code does it for anything else:
// a link goes through VS Code's external opener (which asks before opening a site the user has not
// trusted), and a message goes into the chat input, addressed to @mcp, for the user to send or not.
import * as vscode from 'vscode';
import { VscodeCommandIds } from '../common/commandIds';

const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);

/** Opens a web or mail link; anything else (command:, file:, vscode: …) is refused. */
export async function openLink(url: string): Promise<boolean> {
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(url, true);
  } catch {
    return false;
  }
  if (!LINK_SCHEMES.has(uri.scheme)) return false;
  return vscode.env.openExternal(uri);
}

/** Puts the text in the chat input (never sends it). */
export async function proposeMessage(text: string): Promise<boolean> {
  await vscode.commands.executeCommand(VscodeCommandIds.openChat, { query: `@mcp ${text}`, isPartialQuery: true });
  return true;
}
