// Tool sets (issue 27, part 2): `#name` references taken out of the request, whole servers and single tools.
import * as assert from 'node:assert/strict';
import { inToolSets, parseToolSets, toolSetReferences } from '../../../src/chat/toolSets';

describe('tool sets', () => {
  const sets = parseToolSets({ docs: { tools: ['context7', 'github/search_code', 'jira/*'] }, broken: { tools: 'x' }, 'bad name': { tools: [] } });

  it('keeps well-formed sets only', () => {
    assert.deepEqual(Object.keys(sets), ['docs']);
  });

  it('takes #name references out of the request; other hashtags stay words', () => {
    assert.deepEqual(toolSetReferences('#docs what changed in #42 and #docs?', sets), { names: ['docs'], unknown: ['42'], prompt: 'what changed in #42 and #docs?' });
    assert.deepEqual(toolSetReferences('explain this #docs', sets), { names: ['docs'], unknown: [], prompt: 'explain this' });
    assert.deepEqual(toolSetReferences('no sets here', sets).names, []);
  });

  it('matches a whole server, server/*, and one tool', () => {
    assert.ok(inToolSets('context7', 'resolve', ['docs'], sets));
    assert.ok(inToolSets('jira', 'get', ['docs'], sets));
    assert.ok(inToolSets('github', 'search_code', ['docs'], sets));
    assert.ok(!inToolSets('github', 'create_issue', ['docs'], sets));
    assert.ok(!inToolSets('context7', 'resolve', [], sets));
  });
});
