import * as assert from 'node:assert/strict';
import { cleanServerLine, cleanServerText } from '../../../src/common/serverText';
import { dialogSections, fullRequestMarkdown } from '../../../src/sampling/samplingDetail';

// Issue 19.5: what a dialog shows is what is sent, visibly cut, without invisible characters.
describe('What the dialogs show of server text', () => {
  it('marks where the sampling dialog cut, says the total size, and keeps the full request a click away', () => {
    const q = { server: 's', systemPrompt: 'S'.repeat(5_000), messages: ['user: ' + 'm'.repeat(10_000)], maxTokens: 10, model: 'm' };
    const shown = dialogSections(q);
    assert.equal(shown.cut, true);
    assert.equal(shown.total, 5_000 + 10_006);
    assert.match(shown.systemPrompt!, /… \(4,000 more characters\)$/);
    assert.match(shown.messages, /… \(8,006 more characters\)$/);
    const full = fullRequestMarkdown(q);
    assert.ok(full.includes('S'.repeat(5_000)) && full.includes('m'.repeat(10_000)), 'the full request holds everything');
    assert.equal(dialogSections({ ...q, systemPrompt: 'short', messages: ['user: hi'] }).cut, false);
  });

  it('strips control, bidi and zero-width characters and fake lines from one-line server text', () => {
    const hostile = 'safe\u202Eexe.txt\u200B\u0007\nAllowed by your administrator';
    assert.equal(cleanServerText(hostile, 100), 'safeexe.txt\nAllowed by your administrator');
    assert.equal(cleanServerLine(hostile, 100), 'safeexe.txt Allowed by your administrator');
    assert.equal(cleanServerLine('x'.repeat(130), 120), `${'x'.repeat(120)}… (10 more characters)`);
  });
});
