// A server cannot bury the user in questions: one open at a time per server, a few waiting, a cap a minute.
import * as assert from 'node:assert/strict';
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/client';
import { ElicitationCapability, type ElicitationPrompter } from '../../../src/elicitation/elicitationCapability';
import { ELICITATIONS_PER_MINUTE, ElicitationLimits, MAX_WAITING_ELICITATIONS } from '../../../src/elicitation/elicitationLimits';

const params: ElicitRequestFormParams = { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: {} } };

/** A prompter whose dialogs stay open until the test answers them; it counts what is open at once. */
class HeldPrompter implements ElicitationPrompter {
  open = 0;
  mostOpen = 0;
  asked = 0;
  private readonly answers: (() => void)[] = [];
  form(): Promise<ElicitResult> {
    this.asked++;
    this.mostOpen = Math.max(this.mostOpen, ++this.open);
    return new Promise((resolve) => this.answers.push(() => (this.open--, resolve({ action: 'decline' }))));
  }
  url(): Promise<ElicitResult> {
    return this.form();
  }
  completed(): void {}
  answerNext(): void {
    this.answers.shift()?.();
  }
}

describe('elicitation limits', () => {
  it('shows one question of a server at a time, lets a few wait and refuses the rest at once', async () => {
    const prompter = new HeldPrompter();
    const capability = new ElicitationCapability(prompter, new ElicitationLimits(() => 0));
    const signal = new AbortController().signal;
    const results = Array.from({ length: 8 }, () => capability.ask('flood', params, signal).then((r) => r.action, (e: Error) => e.message));
    // The user answers each dialog as it opens.
    for (let answered = 0; answered < 1 + MAX_WAITING_ELICITATIONS; answered++) {
      while (prompter.open === 0) await new Promise((r) => setImmediate(r));
      prompter.answerNext();
    }
    const final = await Promise.all(results);
    assert.equal(prompter.mostOpen, 1, 'never two dialogs of one server at once');
    assert.equal(final.filter((r) => r === 'decline').length, 1 + MAX_WAITING_ELICITATIONS);
    assert.equal(final.filter((r) => /Too many questions at once/.test(String(r))).length, 8 - 1 - MAX_WAITING_ELICITATIONS);
  });

  it(`starts at most ${ELICITATIONS_PER_MINUTE} questions of a server a minute`, async () => {
    let now = 0;
    const answered: ElicitationPrompter = { form: async () => ({ action: 'decline' }), url: async () => ({ action: 'decline' }), completed: () => undefined };
    const capability = new ElicitationCapability(answered, new ElicitationLimits(() => now));
    const signal = new AbortController().signal;
    const outcomes: string[] = [];
    for (let i = 0; i < ELICITATIONS_PER_MINUTE + 5; i++) outcomes.push(await capability.ask('chatty', params, signal).then((r) => r.action, (e: Error) => e.message));
    assert.equal(outcomes.filter((o) => o === 'decline').length, ELICITATIONS_PER_MINUTE);
    assert.match(outcomes.at(-1)!, /at most 10 elicitation requests a minute from 'chatty'/);
    assert.equal((await capability.ask('other', params, signal)).action, 'decline', 'another server is not held back');
    now += 60_001;
    assert.equal((await capability.ask('chatty', params, signal)).action, 'decline', 'a minute later it may ask again');
  });
});
