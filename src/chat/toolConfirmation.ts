// Asking before a model's tool call runs: which server, which tool, the exact arguments (editable),
// and Allow once / for this session / always, or Deny. A modal dialog, so it cannot be missed or
// answered by a stray keystroke in the chat; the server's own text is shown as plain detail text.
import type { Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { cleanServerLine, cleanServerText, TextCaps } from '../common/serverText';
import type { ServerDefinition } from '../mcp/serverDefinition';
import { schemaErrors } from '../tools/schemaValidation';
import type { UserAnswers } from '../common/userAnswers';
import type { ToolApprovals } from './toolApprovals';

export type Confirmation = { allowed: true; args: Record<string, unknown> } | { allowed: false };
type Answer = 'once' | 'session' | 'always' | 'deny' | { arguments: Record<string, unknown> } | undefined;

export async function confirmToolCall(
  answers: UserAnswers,
  approvals: ToolApprovals,
  definition: ServerDefinition,
  tool: Tool,
  args: Record<string, unknown>,
): Promise<Confirmation> {
  const server = definition.name;
  if (approvals.isApproved(definition, tool.name)) return { allowed: true, args };
  for (let current = args; ; ) {
    const answer = await answers.decide<Answer>({ kind: 'tool.confirm', server, tool: tool.name, arguments: current }, () => ask(server, tool, current));
    if (answer === 'once') return { allowed: true, args: current };
    if (answer === 'session') {
      approvals.allowForSession(definition, tool.name);
      return { allowed: true, args: current };
    }
    if (answer === 'always') {
      await approvals.allowAlways(definition, tool.name);
      return { allowed: true, args: current };
    }
    if (answer === undefined || answer === 'deny') return { allowed: false };
    // Edited arguments are confirmed again, as edited.
    current = answer.arguments;
  }
}

async function ask(server: string, tool: Tool, args: Record<string, unknown>): Promise<Answer> {
  const json = JSON.stringify(args, null, 2);
  // The server's description is its own text: invisible characters stripped and capped, the cut said.
  const description = tool.description ? cleanServerText(tool.description, TextCaps.description) : '';
  const detail = [
    vscode.l10n.t('The model wants to call it with these arguments:'),
    json,
    description ? `${vscode.l10n.t('The server describes it as:')}\n${description.split('\n').map((l) => `│ ${l}`).join('\n')}` : '',
  ].join('\n\n');
  const once = vscode.l10n.t('Allow Once');
  const session = vscode.l10n.t('Allow for This Session');
  const always = vscode.l10n.t('Always Allow');
  const edit = vscode.l10n.t('Edit Arguments…');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t("Run the tool '{0}' of MCP server '{1}'?", cleanServerLine(tool.name, TextCaps.name), server),
    { modal: true, detail },
    once,
    session,
    always,
    edit,
    vscode.l10n.t('Deny'),
  );
  switch (choice) {
    case once:
      return 'once';
    case session:
      return 'session';
    case always:
      return 'always';
    case edit: {
      const edited = await vscode.window.showInputBox({
        title: vscode.l10n.t("Arguments for '{0}' ({1})", tool.name, server),
        value: JSON.stringify(args),
        ignoreFocusOut: true,
        validateInput: (text) => {
          try {
            return schemaErrors(tool.inputSchema, JSON.parse(text));
          } catch (error) {
            return vscode.l10n.t('Not valid JSON: {0}', (error as Error).message);
          }
        },
      });
      return edited === undefined ? { arguments: args } : { arguments: JSON.parse(edited) as Record<string, unknown> };
    }
    default:
      return 'deny';
  }
}
