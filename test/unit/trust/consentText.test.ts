// What the consent question says about a workspace server: its exact command line, one argument per word,
// with nothing in an argument able to add lines or reorder the text (issue 24, finding 6).
import * as assert from 'node:assert/strict';
import { summarize } from '../../../src/trust/consentText';
import { definition } from '../helpers';

const labels = { workspace: 'workspace', folder: (name: string) => `folder '${name}'` };

describe('consent text', () => {
  it('writes newlines, bidi controls and invisible characters of an argument as escapes, on one line', () => {
    const server = definition('evil', { type: 'stdio', command: 'node', args: ['safe.js\n\n    node ok.js', 'a\u202Eb', `x${String.fromCodePoint(0xe0041)}`, "it's"], env: {} }, { scope: 'workspace' });
    const { runs } = summarize(server, labels);
    assert.equal(runs, `node $'safe.js\\n\\n    node ok.js' $'a\\u202Eb' $'x\\u{E0041}' 'it'\\''s'`);
    assert.ok(!/[\n\u202E\u{E0041}]/u.test(runs), runs);
  });

  it('leaves plain arguments as they are', () => {
    const server = definition('ok', { type: 'stdio', command: 'npx', args: ['-y', '@scope/pkg@1.0.0', '--port=3000', 'two words'], env: {} }, { scope: 'workspace' });
    assert.equal(summarize(server, labels).runs, "npx -y @scope/pkg@1.0.0 --port=3000 'two words'");
  });
});
