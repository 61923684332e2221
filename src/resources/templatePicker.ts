// Filling a resource template: one quick pick per RFC 6570 variable, with suggestions from the server's
// `completion/complete` (ref/resource, the variables filled so far as context, debounced while typing),
// Back to the previous variable, and the typed value always available. Returns the expanded URI.
import * as vscode from 'vscode';
import type { ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import { showError } from '../common/userMessages';
import { describeError } from '../mcp/errors';
import type { McpSession } from '../mcp/session';
import { expandTemplate, filledValues, templateVariables, type TemplateValues } from './templateExpansion';
import { l10n } from '../common/shownL10n';
import { shownArg, shownLine } from '../common/serverText';
import { createPicker, ShownPickItem } from '../common/shownUi';

const COMPLETION_DEBOUNCE_MS = 150;

interface ValueItem extends ShownPickItem {
  value: string;
}

/** What the open template picker shows; read by the host tests' hook, nothing else. */
export let activeTemplatePicker: { title?: string; step?: number; value: string; items: string[]; busy: boolean } | undefined;

export async function fillTemplate(session: McpSession, template: ResourceTemplate): Promise<string | undefined> {
  let variables: string[];
  try {
    variables = templateVariables(template.uriTemplate);
  } catch (error) {
    void showError(l10n.t("'{0}' has a malformed template {1}: {2}", shownArg(session.name), shownArg(template.uriTemplate), shownArg(describeError(error))));
    return undefined;
  }
  const values: TemplateValues = {};
  for (let i = 0; i < variables.length; ) {
    const answer = await askVariable(session, template, variables, i, values);
    if (answer === undefined) return undefined;
    if (answer === back) {
      i--;
      continue;
    }
    values[variables[i]!] = answer;
    i++;
  }
  return expandTemplate(template.uriTemplate, values);
}

const back = Symbol('back');

function askVariable(session: McpSession, template: ResourceTemplate, variables: string[], index: number, values: TemplateValues): Promise<string | typeof back | undefined> {
  const name = variables[index]!;
  const canComplete = Boolean(session.capabilities?.completions);
  const picker = createPicker<ValueItem>();
  picker.title = shownArg(`${template.title || template.name}: ${template.uriTemplate}`);
  picker.step = index + 1;
  picker.totalSteps = variables.length;
  // The braces go in as part of the argument: vscode.l10n.t reads every {…} in the message as a placeholder.
  picker.placeholder = shownArg(canComplete
    ? vscode.l10n.t('Value of {0} (suggestions from the server); Enter to continue', `{${name}}`)
    : vscode.l10n.t('Value of {0}; Enter to continue', `{${name}}`));
  picker.value = values[name] ?? '';
  picker.buttons = index > 0 ? [vscode.QuickInputButtons.Back] : [];
  picker.ignoreFocusOut = true;
  let suggestions: string[] = [];
  const optional = new RegExp(`\\{[?&#][^}]*\\b${name.replace(/[^\w]/g, '\\$&')}\\b`).test(template.uriTemplate);
  let request = 0;
  let timer: NodeJS.Timeout | undefined;

  const render = () => {
    const typed = picker.value;
    const items: ValueItem[] = suggestions.map((value) => ({ label: shownLine(value), value, alwaysShow: true }));
    if (typed && !suggestions.includes(typed)) items.push({ label: shownLine(typed), value: typed, description: l10n.t('as typed'), alwaysShow: true });
    // Only a query or fragment variable (`{?q}`, `{&q}`, `{#f}`) may be left out; a path part needs a value:
    // instead of a "Leave empty" row it gets a row saying so, which Enter does not accept.
    if (!typed && optional) items.push({ label: l10n.t('$(circle-slash) {0}', l10n.t('Leave empty')), value: '', alwaysShow: true });
    else if (!typed && !items.length) items.push({ label: l10n.t('$(info) {0}', l10n.t('Type a value for {0}: it is part of the path', shownArg(`{${name}}`))), value: '', alwaysShow: true });
    picker.items = items;
    activeTemplatePicker = { title: picker.title, step: picker.step, value: typed, items: items.map((i) => i.value), busy: picker.busy };
  };
  const complete = async () => {
    const mine = ++request;
    picker.busy = true;
    try {
      const result = await session.complete({
        ref: { type: 'ref/resource', uri: template.uriTemplate },
        argument: { name, value: picker.value },
        context: { arguments: filledValues(Object.fromEntries(variables.slice(0, index).map((v) => [v, values[v] ?? '']))) },
      });
      if (mine === request) suggestions = result.completion.values;
    } catch {
      // Suggestions are a convenience: a server that cannot complete still takes typed values.
      if (mine === request) suggestions = [];
    } finally {
      if (mine === request) {
        picker.busy = false;
        render();
      }
    }
  };

  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: string | typeof back | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      activeTemplatePicker = undefined;
      resolve(answer);
      picker.dispose();
    };
    picker.onDidChangeValue(() => {
      render();
      if (!canComplete) return;
      clearTimeout(timer);
      timer = setTimeout(() => void complete(), COMPLETION_DEBOUNCE_MS);
    });
    picker.onDidAccept(() => {
      const value = picker.selectedItems[0]?.value ?? picker.value;
      if (value !== '' || optional) finish(value);
    });
    picker.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish(back));
    picker.onDidHide(() => finish(undefined));
    render();
    picker.show();
    if (canComplete) void complete();
  });
}
