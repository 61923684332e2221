// Form elicitation fields from a flat requestedSchema, and the answers turned into content.
import * as assert from 'node:assert/strict';
import { formFields, parseAnswer } from '../../../src/elicitation/formSchema';

const fields = formFields({
  properties: {
    email: { type: 'string', format: 'email', title: 'Email' },
    site: { type: 'string', format: 'uri' },
    born: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    nick: { type: 'string', minLength: 2, maxLength: 4, default: 'ada' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    ratio: { type: 'number' },
    ok: { type: 'boolean', default: true },
    color: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] },
    pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cat', 'Dog'] },
    size: { type: 'string', enum: ['s', 'm'] },
    tags: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['a', 'b', 'c'] } },
    fish: { type: 'array', items: { anyOf: [{ const: 'f1', title: 'Tuna' }] } },
  },
  required: ['email', 'age'],
});
const field = (name: string) => fields.find((f) => f.name === name)!;

describe('elicitation form fields', () => {
  it('reads every supported kind, with titles, defaults and required', () => {
    assert.deepEqual(fields.map((f) => [f.name, f.kind, f.required]), [
      ['email', 'string', true], ['site', 'string', false], ['born', 'string', false], ['at', 'string', false], ['nick', 'string', false],
      ['age', 'integer', true], ['ratio', 'number', false], ['ok', 'boolean', false], ['color', 'enum', false], ['pet', 'enum', false],
      ['size', 'enum', false], ['tags', 'multi', false], ['fish', 'multi', false],
    ]);
    assert.equal(field('email').title, 'Email');
    assert.equal(field('site').title, 'site', 'the name when there is no title');
    assert.deepEqual(field('color').choices, [{ value: 'r', title: 'Red' }, { value: 'g', title: 'Green' }]);
    assert.deepEqual(field('pet').choices, [{ value: 'p1', title: 'Cat' }, { value: 'p2', title: 'Dog' }]);
    assert.deepEqual(field('fish').choices, [{ value: 'f1', title: 'Tuna' }]);
    assert.equal(field('ok').default, true);
  });

  it('validates string formats and lengths', () => {
    assert.deepEqual(parseAnswer(field('email'), 'ada@example.com'), { value: 'ada@example.com', error: undefined });
    assert.match(parseAnswer(field('email'), 'ada').error!, /email address/);
    assert.match(parseAnswer(field('site'), 'example.com').error!, /full URI/);
    assert.equal(parseAnswer(field('site'), 'https://example.com/x').error, undefined);
    assert.equal(parseAnswer(field('born'), '1815-12-10').error, undefined);
    assert.match(parseAnswer(field('born'), '10/12/1815').error!, /YYYY-MM-DD/);
    assert.equal(parseAnswer(field('at'), '2025-06-01T10:00:00Z').error, undefined);
    assert.match(parseAnswer(field('at'), '2025-06-01').error!, /date and time/);
    assert.match(parseAnswer(field('nick'), 'a').error!, /At least 2/);
    assert.match(parseAnswer(field('nick'), 'abcde').error!, /At most 4/);
  });

  it('validates numbers, booleans, enums and multi-selects, and leaves optional blanks out', () => {
    assert.deepEqual(parseAnswer(field('age'), '36'), { value: 36 });
    assert.match(parseAnswer(field('age'), '3.5').error!, /whole number/);
    assert.match(parseAnswer(field('age'), '200').error!, /maximum is 150/);
    assert.match(parseAnswer(field('age'), '').error!, /required/);
    assert.deepEqual(parseAnswer(field('ratio'), '0.5'), { value: 0.5 });
    assert.deepEqual(parseAnswer(field('ratio'), ''), {});
    assert.deepEqual(parseAnswer(field('ok'), 'false'), { value: false });
    assert.deepEqual(parseAnswer(field('color'), 'g'), { value: 'g' });
    assert.match(parseAnswer(field('color'), 'Green').error!, /one of r, g/);
    assert.deepEqual(parseAnswer(field('tags'), ['a', 'c']), { value: ['a', 'c'] });
    assert.match(parseAnswer(field('tags'), ['a', 'b', 'c']).error!, /at most 2/);
    assert.match(parseAnswer(field('tags'), []).error!, /at least 1/);
    assert.match(parseAnswer(field('tags'), ['z']).error!, /Not a choice: z/);
    assert.deepEqual(parseAnswer(field('fish'), []), {});
  });
});
