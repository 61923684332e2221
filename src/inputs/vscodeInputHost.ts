// Asks for an `${input:…}` value the way VS Code's mcp.json does: an input box (masked for
// `password`) or a quick pick. The question names the server, so the user knows who asks.
import * as vscode from 'vscode';
import type { InputDefinition } from './inputDefinitions';
import type { InputHost } from './inputResolver';
import { askText, pickOne } from '../common/shownUi';
import { l10n } from '../common/shownL10n';
import { shownArg, shownLine, TextCaps } from '../common/serverText';

export class VscodeInputHost implements InputHost {
  async ask(input: InputDefinition, servers: readonly string[]): Promise<string | undefined> {
    const title = l10n.t('{0}: {1}', shownLine(askerOf(servers)), shownLine(input.description, TextCaps.rowDescription));
    if (input.type === 'pickString') {
      // The default first: a single-choice pick starts on its first row, so Enter takes the default.
      const options = [...input.options].sort((a, b) => Number(b.value === input.default) - Number(a.value === input.default));
      const items = options.map((o) => ({ label: shownLine(o.label), description: shownLine(o.description ?? (o.value !== o.label ? o.value : undefined), TextCaps.rowDescription), value: o.value }));
      const picked = await pickOne(items, { title, placeHolder: shownLine(input.description, TextCaps.rowDescription), ignoreFocusOut: true });
      return picked?.value;
    }
    return askText({
      title,
      prompt: l10n.t('{0} ({1}). Kept in VS Code\'s secret storage; "MCP Client: Clear Stored Inputs…" forgets it.', shownArg(input.description), shownArg(`\${input:${input.id}}`)),
      value: input.password ? undefined : input.default,
      password: input.password,
      ignoreFocusOut: true,
    });
  }
}

/** Who asks: the server(s) that need the value, or the extension itself (Edit Stored Input… with no user). */
function askerOf(servers: readonly string[]): string {
  if (servers.length === 0) return vscode.l10n.t('MCP Client');
  const quoted = servers.map((s) => `'${s}'`).join(', ');
  return servers.length === 1 ? vscode.l10n.t('MCP server {0}', quoted) : vscode.l10n.t('MCP servers {0}', quoted);
}
