// The flat requestedSchema of a form elicitation, field by field: strings (with the formats email,
// uri, date, date-time and length limits), numbers, integers, booleans, single-select enums (plain,
// titled with oneOf/const, or legacy enumNames) and multi-select enums (arrays of such), with
// defaults and required. parseAnswer() turns typed text into the value the server expects. No `vscode`.

export interface Choice {
  value: string;
  title: string;
}

export interface FormField {
  name: string;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi';
  required: boolean;
  title: string;
  description?: string;
  format?: string;
  default?: unknown;
  choices?: Choice[];
  min?: number;
  max?: number;
}

type Schema = Record<string, unknown>;

export function formFields(requested: { properties?: Record<string, unknown>; required?: string[] }): FormField[] {
  const required = new Set(requested.required ?? []);
  return Object.entries(requested.properties ?? {}).map(([name, raw]) => {
    const p = (raw ?? {}) as Schema;
    const base = {
      name,
      required: required.has(name),
      title: typeof p.title === 'string' ? p.title : name,
      description: typeof p.description === 'string' ? p.description : undefined,
      default: p.default,
    };
    const single = choicesOf(p);
    if (single) return { ...base, kind: 'enum', choices: single };
    if (p.type === 'array') {
      const items = (p.items ?? {}) as Schema;
      return { ...base, kind: 'multi', choices: choicesOf(items) ?? [], min: num(p.minItems), max: num(p.maxItems) };
    }
    if (p.type === 'boolean') return { ...base, kind: 'boolean' };
    if (p.type === 'number' || p.type === 'integer') return { ...base, kind: p.type, min: num(p.minimum), max: num(p.maximum) };
    return { ...base, kind: 'string', format: typeof p.format === 'string' ? p.format : undefined, min: num(p.minLength), max: num(p.maxLength) };
  });
}

function choicesOf(p: Schema): Choice[] | undefined {
  const titled = (p.oneOf ?? p.anyOf) as { const?: unknown; title?: string }[] | undefined;
  if (Array.isArray(titled)) return titled.map((o) => ({ value: String(o.const), title: o.title ?? String(o.const) }));
  if (Array.isArray(p.enum)) {
    const names = Array.isArray(p.enumNames) ? (p.enumNames as string[]) : [];
    return (p.enum as unknown[]).map((v, i) => ({ value: String(v), title: names[i] ?? String(v) }));
  }
  return undefined;
}

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** The value for what the user entered (text, or the chosen values of a multi-select), or why not. */
export function parseAnswer(field: FormField, answer: string | string[]): { value?: unknown; error?: string } {
  if (field.kind === 'multi') {
    const values = Array.isArray(answer) ? answer : answer === '' ? [] : answer.split(',').map((s) => s.trim());
    const unknown = values.filter((v) => !field.choices?.some((c) => c.value === v));
    if (unknown.length) return { error: `Not a choice: ${unknown.join(', ')}` };
    if (field.min !== undefined && values.length < field.min) return { error: `Choose at least ${field.min}.` };
    if (field.max !== undefined && values.length > field.max) return { error: `Choose at most ${field.max}.` };
    if (values.length === 0 && !field.required) return {};
    return { value: values };
  }
  const text = Array.isArray(answer) ? answer.join(',') : answer;
  if (text === '') return field.required ? { error: `${field.title} is required.` } : {};
  switch (field.kind) {
    case 'boolean':
      return text === 'true' || text === 'false' ? { value: text === 'true' } : { error: 'Answer true or false.' };
    case 'enum':
      return field.choices?.some((c) => c.value === text) ? { value: text } : { error: `Choose one of ${field.choices?.map((c) => c.value).join(', ')}.` };
    case 'number':
    case 'integer': {
      const n = Number(text.trim());
      if (!Number.isFinite(n)) return { error: 'Enter a number.' };
      if (field.kind === 'integer' && !Number.isInteger(n)) return { error: 'Enter a whole number.' };
      if (field.min !== undefined && n < field.min) return { error: `The minimum is ${field.min}.` };
      if (field.max !== undefined && n > field.max) return { error: `The maximum is ${field.max}.` };
      return { value: n };
    }
    default:
      return { value: text, error: stringError(field, text) };
  }
}

function stringError(field: FormField, text: string): string | undefined {
  if (field.min !== undefined && text.length < field.min) return `At least ${field.min} characters.`;
  if (field.max !== undefined && text.length > field.max) return `At most ${field.max} characters.`;
  switch (field.format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? undefined : 'Enter an email address (name@example.com).';
    case 'uri':
      return URL.canParse(text) ? undefined : 'Enter a full URI (https://…).';
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? undefined : 'Enter a date as YYYY-MM-DD.';
    case 'date-time':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)) ? undefined : 'Enter a date and time as YYYY-MM-DDTHH:MM:SSZ.';
    default:
      return undefined;
  }
}
