// JSON Schema validation with the SDK's own validator (Ajv with formats, every dialect the SDK knows),
// never a hand-written one. Compiled schemas are cached per schema object.
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';

type Check = (value: unknown) => { valid: boolean; errorMessage?: string };

let provider: { getValidator(schema: object): Check } | undefined;
const compiled = new WeakMap<object, Check | string>();

/** Why `value` does not match `schema`, or undefined when it does (or the schema cannot be compiled: reported separately). */
export function schemaErrors(schema: object, value: unknown): string | undefined {
  const check = compile(schema);
  if (typeof check === 'string') return undefined;
  const result = check(value);
  return result.valid ? undefined : (result.errorMessage ?? 'does not match the schema');
}

/** Why the schema itself is unusable, if it is (a server may send a broken one). */
export function schemaProblem(schema: object): string | undefined {
  const check = compile(schema);
  return typeof check === 'string' ? check : undefined;
}

function compile(schema: object): Check | string {
  let check = compiled.get(schema);
  if (!check) {
    provider ??= new AjvJsonSchemaValidator() as unknown as { getValidator(schema: object): Check };
    try {
      check = provider.getValidator(schema);
    } catch (error) {
      check = `The schema cannot be used: ${(error as Error).message}`;
    }
    compiled.set(schema, check);
  }
  return check;
}
