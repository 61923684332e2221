// Which tools one `@mcp` request offers the model (issue 27, part 2): the tools of the running servers that the
// model may see (not those only apps call), less the ones turned off in the Tools view (never offered, whatever
// else), limited to the tool sets the request names (`#name`), and at most what a model accepts, chosen by
// relevance. Each narrowing is said in the answer, so the user knows what the model had.
import type { Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';
import { toolVisibility } from '../mcp/apps/uiExtension';
import type { ToolCatalog } from '../tools/toolCatalog';
import type { ToolSwitches } from '../tools/toolSwitches';
import { mostRelevant, type NamedTool } from './toolNames';
import { inToolSets, parseToolSets, toolSetReferences } from './toolSets';

/** VS Code and the common model APIs accept at most 128 tools in one request. */
export const MAX_MODEL_TOOLS = 128;

export interface ToolSelection {
  offered: NamedTool<Tool>[];
  /** What the answer says about the choice (Markdown, one line each). */
  notes: string[];
  /** The request as the model gets it: tool-set references taken out. */
  prompt: string;
}

export function selectTools(catalog: ToolCatalog, switches: Pick<ToolSwitches, 'isOn'>, prompt: string, canCallTools: boolean): ToolSelection {
  const notes: string[] = [];
  const sets = parseToolSets(vscode.workspace.getConfiguration().get(SettingKeys.chatToolSets));
  const refs = toolSetReferences(prompt, sets);
  if (!canCallTools) return { offered: [], notes, prompt: refs.prompt };
  const visible = catalog
    .servers()
    .flatMap((s) => (s.status === 'ready' ? s.items.filter((t) => toolVisibility(t).model).map((t): NamedTool<Tool> => ({ server: s.server, name: t.name, value: t })) : []));
  // The one place tools reach the model: a tool turned off in the Tools view is never among them.
  const on = visible.filter((t) => switches.isOn(t.server, t.name));
  if (on.length < visible.length) notes.push(vscode.l10n.t('{0} tools turned off in the Tools view are not offered.', visible.length - on.length));
  let available = on;
  if (refs.names.length) {
    available = on.filter((t) => inToolSets(t.server, t.name, refs.names, sets));
    notes.push(vscode.l10n.t('Limited to the tool set {0}: {1} tools.', refs.names.map((n) => `#${n}`).join(', '), available.length));
  }
  const offered = mostRelevant(
    available.map((t) => ({ ...t, description: t.value.description, title: t.value.title })),
    refs.prompt,
    MAX_MODEL_TOOLS,
  );
  if (offered.length < available.length) {
    notes.push(vscode.l10n.t('{0} MCP tools are available; the {1} most related to your request are offered to the model.', available.length, offered.length));
  }
  return { offered, notes, prompt: refs.prompt };
}
