// The one way to the user's browser or the operating system's opener for a link someone else wrote:
// every `openExternal` of the extension goes through here (the architecture test holds that), so each
// link is checked by handOffRules.ts first, and a refused one is said, not silently dropped.
import * as vscode from 'vscode';
import { checkHandOff, type HandOffRule } from './handOffRules';

/** Opens `link` when `rule` allows it; resolves false when it was refused (reason given to `refused`) or the user declined. */
export async function openInBrowser(link: string, rule: HandOffRule, refused?: (reason: string) => void): Promise<boolean> {
  const checked = checkHandOff(link, rule);
  if (!checked.ok) {
    refused?.(checked.reason);
    return false;
  }
  return vscode.env.openExternal(vscode.Uri.parse(checked.url.href, true));
}
