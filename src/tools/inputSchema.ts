// A tool's inputSchema, read for the "Call Tool…" input: a flat object of strings, numbers, integers,
// booleans and string enums becomes one quick-input step per property; anything else (nested objects,
// arrays, unions, references) is edited as a JSON document pre-filled with `skeleton()`. So is a schema
// with a string default of several lines (issue 25, defect 3): an input box holds one line, and the
// default must reach the server exactly as the schema gives it. No `vscode`.

export type SimpleFieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum';

export interface SimpleField {
  name: string;
  kind: SimpleFieldKind;
  required: boolean;
  title?: string;
  description?: string;
  default?: unknown;
  /** For `enum`: the allowed values (strings, numbers or booleans, as the schema gives them). */
  values?: readonly unknown[];
  /** For numbers: the schema's bounds, shown in the step's hint. */
  minimum?: number;
  maximum?: number;
}

type Schema = Record<string, unknown>;
const COMPOUND = ['anyOf', 'oneOf', 'allOf', 'not', '$ref', 'if', 'patternProperties', 'dependentSchemas'];

/** The fields of a flat object schema, or undefined when the schema needs the JSON editor. */
export function simpleFields(schema: Schema | undefined): SimpleField[] | undefined {
  if (!schema || (schema.type !== undefined && schema.type !== 'object') || COMPOUND.some((k) => k in schema)) return undefined;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const fields: SimpleField[] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (typeof property !== 'object' || property === null || COMPOUND.some((k) => k in property)) return undefined;
    const kind = kindOf(property);
    if (!kind) return undefined;
    // A value of several lines cannot be typed in (or shown by) a one-line step.
    if (typeof property.default === 'string' && /[\r\n]/.test(property.default)) return undefined;
    fields.push({
      name,
      kind,
      required: required.has(name),
      title: typeof property.title === 'string' ? property.title : undefined,
      description: typeof property.description === 'string' ? property.description : undefined,
      default: property.default,
      values: kind === 'enum' ? (property.enum as unknown[]) : undefined,
      ...(typeof property.minimum === 'number' ? { minimum: property.minimum } : {}),
      ...(typeof property.maximum === 'number' ? { maximum: property.maximum } : {}),
    });
  }
  // A required property the schema does not describe cannot be asked for step by step.
  for (const name of required) if (!(name in properties)) return undefined;
  return fields;
}

function kindOf(property: Schema): SimpleFieldKind | undefined {
  if (Array.isArray(property.enum) && property.enum.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) return 'enum';
  if (property.const !== undefined) return undefined;
  switch (property.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return property.type;
    default:
      return undefined;
  }
}

/** Turns what the user typed into the field's value, or says why it cannot be. Empty text means "leave out". */
export function parseField(field: SimpleField, text: string): { value?: unknown; error?: string } {
  if (text === '') return field.required ? { error: `${field.name} is required.` } : {};
  switch (field.kind) {
    case 'string':
      return { value: text };
    case 'number':
    case 'integer': {
      const n = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(n)) return { error: `${field.name} must be a number.` };
      if (field.kind === 'integer' && !Number.isInteger(n)) return { error: `${field.name} must be a whole number.` };
      return { value: n };
    }
    case 'boolean':
      if (text === 'true' || text === 'false') return { value: text === 'true' };
      return { error: `${field.name} must be true or false.` };
    case 'enum': {
      const match = field.values?.find((v) => String(v) === text);
      return match === undefined ? { error: `${field.name} must be one of ${field.values?.map(String).join(', ')}.` } : { value: match };
    }
  }
}

/**
 * A starting document for the JSON editor: every required property (and every property with a
 * default) with its default or a placeholder of the right type, recursively.
 */
export function skeleton(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 8) return null;
  const s = schema as Schema;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(s[key]) && (s[key] as unknown[]).length) return skeleton((s[key] as unknown[])[0], depth + 1);
  if (Array.isArray(s.allOf)) return Object.assign({}, ...(s.allOf as unknown[]).map((part) => skeleton(part, depth + 1) ?? {}));
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : s.type;
  switch (type ?? (s.properties ? 'object' : undefined)) {
    case 'object': {
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
        if (required.has(name) || property?.default !== undefined) out[name] = skeleton(property, depth + 1);
      }
      return out;
    }
    case 'array':
      // One item, with its own required fields, shows the shape the array wants (it is required, or the whole input).
      return typeof s.items === 'object' && s.items !== null && !Array.isArray(s.items) ? [skeleton(s.items, depth + 1)] : [];
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return typeof s.minimum === 'number' ? s.minimum : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}
