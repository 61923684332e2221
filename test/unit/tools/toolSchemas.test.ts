// The Call Tool… input (flat schemas as steps, a skeleton for the JSON editor), the SDK validator
// behind every check, the outputSchema verdict and the result document, and model tool names.
import * as assert from 'node:assert/strict';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { modelToolNames, mostRelevant } from '../../../src/chat/toolNames';
import { parseField, simpleFields, skeleton } from '../../../src/tools/inputSchema';
import { schemaErrors, schemaProblem } from '../../../src/tools/schemaValidation';
import { checkStructuredContent, renderToolResultMarkdown } from '../../../src/tools/toolResult';

const echoSchema = {
  type: 'object',
  properties: {
    text: { type: 'string', description: 'What to repeat' },
    times: { type: 'integer', default: 1 },
    loud: { type: 'boolean' },
    mood: { type: 'string', enum: ['calm', 'happy'] },
  },
  required: ['text'],
};

describe('tool input schemas', () => {
  it('turns a flat object schema into steps, with required, defaults and enums', () => {
    assert.deepEqual(simpleFields(echoSchema), [
      { name: 'text', kind: 'string', required: true, title: undefined, description: 'What to repeat', default: undefined, values: undefined },
      { name: 'times', kind: 'integer', required: false, title: undefined, description: undefined, default: 1, values: undefined },
      { name: 'loud', kind: 'boolean', required: false, title: undefined, description: undefined, default: undefined, values: undefined },
      { name: 'mood', kind: 'enum', required: false, title: undefined, description: undefined, default: undefined, values: ['calm', 'happy'] },
    ]);
    assert.deepEqual(simpleFields({ type: 'object' }), [], 'no properties: nothing to ask');
  });

  it('leaves nested objects, arrays, unions and references to the JSON editor', () => {
    for (const property of [{ type: 'object' }, { type: 'array', items: { type: 'string' } }, { anyOf: [{ type: 'string' }] }, { $ref: '#/x' }, { type: ['string', 'null'] }]) {
      assert.equal(simpleFields({ type: 'object', properties: { p: property } }), undefined, JSON.stringify(property));
    }
    assert.equal(simpleFields({ type: 'object', properties: {}, required: ['ghost'] }), undefined);
  });

  it('parses typed values and says why a value is wrong', () => {
    const [text, times, loud, mood] = simpleFields(echoSchema)!;
    assert.deepEqual(parseField(times!, '3'), { value: 3 });
    assert.deepEqual(parseField(times!, '2.5'), { error: 'times must be a whole number.' });
    assert.deepEqual(parseField(times!, 'x'), { error: 'times must be a number.' });
    assert.deepEqual(parseField(times!, ''), {}, 'an optional value may be left out');
    assert.deepEqual(parseField(text!, ''), { error: 'text is required.' });
    assert.deepEqual(parseField(loud!, 'false'), { value: false });
    assert.deepEqual(parseField(mood!, 'sad'), { error: 'mood must be one of calm, happy.' });
  });

  it('builds a skeleton of required and defaulted properties', () => {
    const schema = {
      type: 'object',
      properties: {
        title: { type: 'string' },
        when: { type: 'object', properties: { day: { type: 'string', format: 'date' }, hour: { type: 'integer', minimum: 9 } }, required: ['day', 'hour'] },
        tags: { type: 'array', items: { type: 'string' } },
        people: { type: 'array', minItems: 1, items: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] } },
        kind: { enum: ['a', 'b'] },
        notes: { type: 'string' },
        level: { type: 'number', default: 2 },
        either: { oneOf: [{ type: 'boolean' }, { type: 'string' }] },
      },
      required: ['title', 'when', 'tags', 'people', 'kind', 'either'],
    };
    assert.deepEqual(skeleton(schema), { title: '', when: { day: '', hour: 9 }, tags: [''], people: [{ email: '' }], kind: 'a', level: 2, either: false });
  });

  it('shows one item of a required array with the fields the items require (server-memory create_entities)', () => {
    const entity = { type: 'object', properties: { name: { type: 'string' }, entityType: { type: 'string' }, observations: { type: 'array', items: { type: 'string' } } }, required: ['name', 'entityType', 'observations'] };
    const schema = { type: 'object', properties: { entities: { type: 'array', items: entity } }, required: ['entities'] };
    assert.deepEqual(skeleton(schema), { entities: [{ name: '', entityType: '', observations: [''] }] });
  });

  it('validates with the SDK validator, formats included, and reports unusable schemas', () => {
    const schema = { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] };
    assert.equal(schemaErrors(schema, { email: 'ada@example.com' }), undefined);
    assert.match(schemaErrors(schema, { email: 'nope' }) ?? '', /email/);
    assert.match(schemaErrors(schema, {}) ?? '', /required property 'email'/);
    assert.match(schemaProblem({ type: 'no-such-type' }) ?? '', /cannot be used/);
  });
});

describe('tool results', () => {
  const tool: Tool = { name: 'stats', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { mean: { type: 'number' } }, required: ['mean'] } };
  const result = (structuredContent?: Record<string, unknown>, isError = false): CallToolResult => ({ content: [{ type: 'text', text: 'x' }], structuredContent, isError });

  it('checks structured content against the output schema', () => {
    assert.equal(checkStructuredContent(tool, result({ mean: 2 })), undefined);
    assert.match(checkStructuredContent(tool, result({ mean: 'high' }))!, /does not match the tool's output schema: .*mean/);
    assert.equal(checkStructuredContent(tool, result(undefined)), 'The tool declares an output schema but returned no structured content.');
    assert.equal(checkStructuredContent(tool, result(undefined, true)), undefined, 'an error result need not match');
    assert.equal(checkStructuredContent({ outputSchema: undefined }, result({ any: 1 })), undefined);
  });

  it('renders the arguments, every content block, the verdict and the error flag', () => {
    const markdown = renderToolResultMarkdown({
      server: 'srv',
      tool: { ...tool, title: 'Statistics' },
      args: { values: [1, 3] },
      result: {
        content: [
          { type: 'text', text: 'Mean is <b>2</b>' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'resource_link', uri: 'file:///data.csv', name: 'data' },
        ],
        structuredContent: { mean: 'two' },
        isError: true,
      },
      outputProblem: 'The structured content does not match the tool\'s output schema: mean must be number',
      resourceHref: (uri) => `mcp-client-resource:/srv/${encodeURIComponent(uri)}`,
    });
    assert.match(markdown, /^# Statistics\n/);
    assert.match(markdown, /The tool reported an error/);
    assert.match(markdown, /⚠ The structured content does not match/);
    assert.match(markdown, /"values": \[\n\s+1,\n\s+3\n\s+\]/);
    assert.match(markdown, /Mean is &lt;b>2&lt;\/b>/, 'server HTML is not rendered');
    assert.match(markdown, /!\[Image \(image\/png/);
    assert.match(markdown, /\[data\]\(<mcp-client-resource:\/srv\/file%3A%2F%2F%2Fdata\.csv>\)/, 'a link that opens the resource');
    assert.match(markdown, /## Structured content \(does not match the output schema\)/);
  });
});

describe('tool names for models', () => {
  it('makes names valid, unique and maps them back exactly', () => {
    const names = modelToolNames([
      { server: 'my server', name: 'search.files', value: 1 },
      { server: 'my-server', name: 'search files', value: 2 },
      { server: 'x'.repeat(40), name: 'y'.repeat(40), value: 3 },
      { server: 'x'.repeat(40), name: `${'y'.repeat(40)}!`, value: 4 },
    ]);
    for (const name of names.keys()) assert.match(name, /^[a-zA-Z0-9_-]{1,64}$/);
    assert.deepEqual([...names.values()].map((t) => t.value), [1, 2, 3, 4]);
    assert.equal(names.get('my_server_search_files')?.name, 'search.files');
    assert.equal(names.get('my-server_search_files')?.name, 'search files');
    assert.equal(names.size, 4, 'a clash gets a suffix');
  });

  it('keeps the tools most related to the request when there are too many', () => {
    const tools = ['alpha', 'weather_forecast', 'beta', 'search_web', 'gamma'].map((name) => ({ name, description: name === 'gamma' ? 'Looks up the weather' : undefined }));
    assert.deepEqual(mostRelevant(tools, 'What is the weather tomorrow?', 2).map((t) => t.name), ['weather_forecast', 'gamma']);
    assert.equal(mostRelevant(tools, 'anything', 10).length, 5);
  });
});
