// Saved calls: the file format read with its places and problems, the JSON schema the editor validates
// with (it agrees with the reader on good and bad files), and each expectation checked against real
// results of the tools fixture (isError, pointers, output schema, snapshot, duration).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import type { McpSession } from '../../../src/mcp/session';
import { checkExpectations, contains, resolvePointer, snapshotOf } from '../../../src/workbench/tests/expectations';
import { parseTestFile, snapshotPathOf } from '../../../src/workbench/tests/testFile';
import { definition, sessionForSuite, stdio } from '../helpers';

const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'schemas', 'mcp-tests.schema.json'), 'utf8')) as Record<string, unknown>;
const validate = new AjvJsonSchemaValidator().getValidator(schema as never);

const good = `{
  // comments are fine, as in VS Code's own JSON files
  "server": "tools",
  "tests": [
    { "name": "echo", "tool": "echo", "arguments": { "text": "hi" }, "expect": { "isError": false, "pointers": [{ "pointer": "/content/0/text", "equals": "hi" }] } },
    { "name": "stats", "server": "other", "tool": "stats", "arguments": { "values": [1, 3] }, "expect": { "matchesOutputSchema": true, "snapshot": true, "maxDurationMs": 5000 } }
  ]
}`;

describe('saved calls', () => {
  it('reads a test file with each call at its place, and its default server', () => {
    const file = parseTestFile(good);
    assert.equal(file.problem, undefined);
    assert.deepEqual(file.tests.map((t) => [t.name, t.server, t.tool, t.problem]), [['echo', 'tools', 'echo', undefined], ['stats', 'other', 'stats', undefined]]);
    assert.ok(good.slice(file.tests[0]!.offset).startsWith('{ "name": "echo"'));
    assert.equal(snapshotPathOf('/w/calls.mcp-tests.json'), '/w/calls.mcp-tests.snap.json');
  });

  it('says what is wrong with a test, and with a file, by path', () => {
    const file = parseTestFile('{ "tests": [ { "name": "a", "tool": "t" }, { "name": "b", "server": "s", "tool": "t", "expect": { "pointers": [ { "pointer": "x" } ] } }, { "name": "b", "server": "s", "tool": "t" } ] }');
    assert.match(file.tests[0]!.problem!, /no "server" here and no default/);
    assert.match(file.tests[1]!.problem!, /tests\.1\.expect\.pointers\.0\.pointer: a JSON pointer starts with "\/"/);
    assert.match(file.tests[2]!.problem!, /another test is already named "b"/);
    assert.match(parseTestFile('{ "tests": [ }').problem!, /JSON syntax/);
    assert.match(parseTestFile('{ "server": "s" }').problem!, /needs a "tests" array/);
  });

  it('has a JSON schema that agrees with the reader', () => {
    const plain = JSON.parse(good.replace(/^\s*\/\/.*$/m, '')) as unknown;
    assert.equal(validate(plain).valid, true, validate(plain).errorMessage);
    for (const bad of [{ tests: [{ name: 'x' }] }, { tests: [{ name: 'x', tool: 't', expect: { pointers: [{ pointer: '/a' }] } }] }, { tests: [], extra: 1 }, { tests: [{ name: 'x', tool: 't', expect: { maxDurationMs: 0 } }] }]) {
      assert.equal(validate(bad).valid, false, JSON.stringify(bad));
      assert.ok(parseTestFile(JSON.stringify(bad)).problem ?? parseTestFile(JSON.stringify(bad)).tests.some((t) => t.problem), JSON.stringify(bad));
    }
  });

  it('resolves JSON pointers (RFC 6901) and "contains" for strings, arrays and objects', () => {
    const doc = { a: [{ 'b/c': 1, 'd~e': 2 }], s: 'hello' };
    assert.deepEqual(resolvePointer(doc, '/a/0/b~1c'), { ok: true, value: 1 });
    assert.deepEqual(resolvePointer(doc, '/a/0/d~0e'), { ok: true, value: 2 });
    assert.equal(resolvePointer(doc, '/a/1').ok, false);
    assert.deepEqual(resolvePointer(doc, ''), { ok: true, value: doc });
    assert.ok(contains('hello', 'ell'));
    assert.ok(contains([{ x: 1, y: 2 }], { x: 1 }));
    assert.ok(contains({ x: { y: 1, z: 2 } }, { x: { y: 1 } }));
    assert.ok(!contains([1, 2], 3));
  });

  describe('expectations against real results', () => {
    const session = sessionForSuite(definition('tools', stdio('toolsFixture')));
    const tool = async (name: string) => (await (session() as McpSession).listTools()).find((t) => t.name === name);

    it('passes what matches, and fails each broken expectation with expected beside actual', async () => {
      const echo = await session().callTool({ name: 'echo', arguments: { text: 'hi' } });
      const ok = checkExpectations({ isError: false, pointers: [{ pointer: '/content/0/text', equals: 'hi' }, { pointer: '/content/0/text', matches: '^h' }, { pointer: '/content', contains: { type: 'text' } }] }, await tool('echo'), echo, 5, undefined);
      assert.deepEqual(ok.failures, []);
      const bad = checkExpectations({ isError: true, maxDurationMs: 1, pointers: [{ pointer: '/content/0/text', equals: 'bye' }, { pointer: '/content/3', equals: 1 }] }, await tool('echo'), echo, 20, undefined);
      assert.deepEqual(bad.failures.map((f) => f.message), [
        'Expected an error result (isError: true), but the call succeeded.',
        '/content/0/text does not equal the expected value.',
        '/content/3: nothing there (no "3").',
        'The call took 20 ms, longer than the 1 ms allowed.',
      ]);
      assert.equal(bad.failures[1]!.expected, '"bye"');
      assert.equal(bad.failures[1]!.actual, '"hi"');
    });

    it('checks structured content against the tool\'s output schema', async () => {
      const verdict = checkExpectations({ matchesOutputSchema: true }, await tool('bad_stats'), await session().callTool({ name: 'bad_stats', arguments: {} }, { tool: await tool('bad_stats') }), 1, undefined);
      assert.match(verdict.failures[0]!.message, /does not match the tool's output schema/);
      const fine = checkExpectations({ matchesOutputSchema: true }, await tool('stats'), await session().callTool({ name: 'stats', arguments: { values: [1, 3] } }), 1, undefined);
      assert.deepEqual(fine.failures, []);
    });

    it('asks for a first snapshot, then compares with it and shows both sides', async () => {
      const first = await session().callTool({ name: 'echo', arguments: { text: 'one' } });
      const stored = checkExpectations({ snapshot: true }, undefined, first, 1, undefined);
      assert.equal(stored.snapshotMissing, true);
      assert.deepEqual(stored.failures, []);
      const same = checkExpectations({ snapshot: true }, undefined, await session().callTool({ name: 'echo', arguments: { text: 'one' } }), 1, stored.snapshot);
      assert.deepEqual(same.failures, []);
      const changed = checkExpectations({ snapshot: true }, undefined, await session().callTool({ name: 'echo', arguments: { text: 'two' } }), 1, stored.snapshot);
      assert.equal(changed.failures[0]!.snapshot, true);
      assert.match(changed.failures[0]!.expected!, /"one"/);
      assert.match(changed.failures[0]!.actual!, /"two"/);
      assert.deepEqual(snapshotOf(first), { content: [{ text: 'one', type: 'text' }] });
    });
  });
});
