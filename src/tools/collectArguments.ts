// The input of "Call Tool…": one quick-input step per property for flat schemas, otherwise a JSON
// document pre-filled with a skeleton (argumentDocuments.ts). Either way the arguments are validated against the tool's
// inputSchema with the SDK's validator before anything is sent; invalid input is refused with the
// reason and the user may correct it. Every answer goes through UserAnswers (host tests answer there).
import type { Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { showError, showWarning } from '../common/userMessages';
import { getDisplayName } from '../mcp/displayName';
import { askUntilValid } from '../common/askUntilValid';
import { askFieldStep, type StepAnswer } from './fieldSteps';
import { parseField, simpleFields, skeleton, type SimpleField } from './inputSchema';
import { schemaErrors, schemaProblem } from './schemaValidation';
import type { UserAnswers } from '../common/userAnswers';
import type { ArgumentDocuments } from './argumentDocuments';

export type Arguments = Record<string, unknown>;

/**
 * The validated arguments, or undefined when the user gave up. `previous`: the arguments of the last call
 * the server refused, which the steps and the document start from instead of the schema's defaults.
 * `edit`: open the arguments document even when the preset is complete (history's "Edit and Run").
 */
export async function collectArguments(
  answers: UserAnswers,
  documents: ArgumentDocuments,
  server: string,
  tool: Tool,
  preset?: Arguments,
  options: { previous?: Arguments; edit?: boolean } = {},
): Promise<Arguments | undefined> {
  const previous = options.previous;
  const schema = tool.inputSchema as Record<string, unknown>;
  const problem = schemaProblem(schema);
  if (problem) {
    void showError(vscode.l10n.t("the tool '{0}' of '{1}' has an unusable input schema. {2}", tool.name, server, problem));
    return undefined;
  }
  // A value of several lines (a default, or what the user gave last time) needs the document, not a step.
  const multiLine = Object.values(previous ?? {}).some((v) => typeof v === 'string' && /[\r\n]/.test(v));
  const fields = preset || multiLine ? undefined : simpleFields(schema)?.map((f) => (previous && f.name in previous ? { ...f, default: previous[f.name] } : f));
  let args: Arguments | undefined = preset;
  if (fields) {
    const asked = await askFields(answers, server, tool, fields);
    if (!asked) return undefined;
    if (asked.asJson) {
      const sofar = { ...(skeleton(schema) as Arguments), ...asked.args };
      return editJson(answers, documents, server, tool, JSON.stringify(sofar, null, 2));
    }
    args = asked.args;
    const errors = schemaErrors(schema, args);
    if (!errors) return args;
    // Constraints the steps do not check (patterns, ranges, formats): continue in the JSON editor.
    void showWarning(vscode.l10n.t("the arguments do not match the tool's schema: {0}", errors));
    return editJson(answers, documents, server, tool, JSON.stringify(args, null, 2), errors);
  }
  const presetErrors = args && schemaErrors(schema, args);
  if (args && !presetErrors && !options.edit) return args;
  return editJson(answers, documents, server, tool, JSON.stringify(args ?? previous ?? skeleton(schema) ?? {}, null, 2), presetErrors);
}

/** The steps' answers, or `{ json }` when the user switched to the JSON document half-way (with what they gave so far). */
async function askFields(answers: UserAnswers, server: string, tool: Tool, fields: SimpleField[]): Promise<{ args: Arguments; asJson: boolean } | undefined> {
  const args: Arguments = {};
  for (const [index, field] of fields.entries()) {
    const fieldName = field.required ? (field.title ?? field.name) : vscode.l10n.t('{0} (optional)', field.title ?? field.name);
    const title = `${getDisplayName(tool)} (${server}) · ${fieldName} · ${index + 1}/${fields.length}`;
    let switched: string | undefined;
    const parsed = await askUntilValid(
      async (problem) => {
        const answer = await answers.decide<StepAnswer>({ kind: 'tool.argument', server, tool: tool.name, field: field.name, problem }, () => askFieldStep(field, title));
        if (typeof answer !== 'object') return answer;
        switched = answer.json;
        return undefined;
      },
      (text) => parseField(field, text),
    );
    if (switched !== undefined) {
      // What was typed in this step comes along too, as text or as its value when it parses.
      if (switched !== '') args[field.name] = parseField(field, switched).value ?? switched;
      return { args, asJson: true };
    }
    if (!parsed) return undefined;
    if (parsed.value !== undefined) args[field.name] = parsed.value;
  }
  return { args, asJson: false };
}

/**
 * The JSON editor (argumentDocuments.ts): a document pre-filled with `initial`, sent when the user
 * chooses Send, refused (and left open for correction) while invalid, closed when done either way.
 */
async function editJson(answers: UserAnswers, documents: ArgumentDocuments, server: string, tool: Tool, initial: string, firstProblem?: string): Promise<Arguments | undefined> {
  let editor: Awaited<ReturnType<ArgumentDocuments['open']>> | undefined;
  const edit = async (): Promise<string | undefined> => {
    editor ??= await documents.open(server, tool.name, tool.inputSchema, initial);
    return editor.edit();
  };
  try {
    for (let problem = firstProblem; ; ) {
      const text = await answers.decide<string | undefined>({ kind: 'tool.json', server, tool: tool.name, skeleton: initial, problem }, edit);
      if (text === undefined) return undefined;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        problem = vscode.l10n.t('Not valid JSON: {0}', (error as Error).message);
        void showError(problem);
        continue;
      }
      const errors = typeof value === 'object' && value !== null && !Array.isArray(value) ? schemaErrors(tool.inputSchema, value) : vscode.l10n.t('the arguments must be a JSON object');
      if (!errors) return value as Arguments;
      problem = vscode.l10n.t("The arguments do not match the tool's input schema: {0}", errors);
      void showError(vscode.l10n.t('{0}. Nothing was sent.', problem));
    }
  } finally {
    await editor?.close();
  }
}
