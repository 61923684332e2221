// `mcpClient.inputs`: the same shape as the `inputs` of VS Code's mcp.json, checked by hand (a short
// list whose messages name the setting path), and `${input:id}` references. No `vscode` import.
import { SettingKeys } from '../common/settingKeys';

export interface PickOption {
  label: string;
  value: string;
  description?: string;
}

export type InputDefinition =
  | { type: 'promptString'; id: string; description: string; password: boolean; default?: string }
  | { type: 'pickString'; id: string; description: string; options: PickOption[]; default?: string };

export interface ParsedInputs {
  inputs: InputDefinition[];
  /** One message per entry that could not be used, naming the setting path. */
  errors: string[];
}

const SETTING = SettingKeys.inputs;

export function parseInputDefinitions(raw: unknown): ParsedInputs {
  const inputs: InputDefinition[] = [];
  const errors: string[] = [];
  if (raw === undefined || raw === null) return { inputs, errors };
  if (!Array.isArray(raw)) return { inputs, errors: [`${SETTING}: must be a list of inputs`] };
  raw.forEach((entry: unknown, i) => {
    const at = `${SETTING}[${i}]`;
    if (typeof entry !== 'object' || entry === null) return errors.push(`${at}: must be an object`);
    const e = entry as Record<string, unknown>;
    if (typeof e.id !== 'string' || !/^[\w.-]+$/.test(e.id)) return errors.push(`${at}.id: must be a name of letters, digits, ".", "-" or "_"`);
    if (inputs.some((x) => x.id === e.id)) return errors.push(`${at}.id: "${e.id}" is defined twice`);
    const description = typeof e.description === 'string' ? e.description : e.id;
    const fallback = typeof e.default === 'string' ? { default: e.default } : {};
    if (e.type === 'promptString') {
      inputs.push({ type: 'promptString', id: e.id, description, password: e.password === true, ...fallback });
    } else if (e.type === 'pickString') {
      const options = Array.isArray(e.options) ? e.options.flatMap(toOption) : [];
      if (options.length === 0) return errors.push(`${at}.options: a pickString input needs a list of options`);
      inputs.push({ type: 'pickString', id: e.id, description, options, ...fallback });
    } else {
      errors.push(`${at}.type: must be "promptString" or "pickString"${e.type === 'command' ? ' ("command" inputs are not supported)' : ''}`);
    }
  });
  return { inputs, errors };
}

/**
 * The inputs of several settings scopes, least specific (user) first. An id defined in user settings keeps
 * its user definition: a workspace can add inputs but not redefine one of the user's (whose value is in
 * secret storage already). So a server installed into user settings finds its inputs in every workspace.
 */
export function mergeInputDefinitions(scopes: readonly ParsedInputs[]): ParsedInputs {
  const inputs: InputDefinition[] = [];
  for (const scope of scopes) for (const input of scope.inputs) if (!inputs.some((i) => i.id === input.id)) inputs.push(input);
  return { inputs, errors: scopes.flatMap((s) => s.errors) };
}

function toOption(option: unknown): PickOption[] {
  if (typeof option === 'string') return [{ label: option, value: option }];
  if (typeof option === 'object' && option !== null && typeof (option as { value?: unknown }).value === 'string') {
    const o = option as { value: string; label?: unknown; description?: unknown };
    return [{ value: o.value, label: typeof o.label === 'string' ? o.label : o.value, ...(typeof o.description === 'string' ? { description: o.description } : {}) }];
  }
  return [];
}

const INPUT_REFERENCE = /\$\{input:([^{}]+)\}/g;

/** The input ids a string refers to, in order of appearance. */
export function inputReferences(value: string): string[] {
  return [...value.matchAll(INPUT_REFERENCE)].map((m) => m[1]!);
}

/** Replaces `${input:id}` with values from `lookup`; references it has no value for stay as written. */
export function substituteInputs(value: string, lookup: (id: string) => string | undefined): string {
  return value.replace(INPUT_REFERENCE, (match, id: string) => lookup(id) ?? match);
}
