// The argument steps over a scripted input (as the quick pick would answer), suggestions from the real
// fixture server (`completion/complete`, with context), and the debounced, cancelling suggestion feed.
import * as assert from 'node:assert/strict';
import type { Prompt } from '@modelcontextprotocol/client';
import type { McpSession } from '../../../src/mcp/session';
import {
  argumentStep,
  argumentsToAsk,
  runSteps,
  type ArgumentAnswer,
  type ArgumentInput,
  type ArgumentQuestion,
  type ArgumentState,
  type Step,
  type Suggestions,
} from '../../../src/prompts/steps';
import { completeArgument, SuggestionFeed, suggestFor } from '../../../src/prompts/suggestions';
import { definition, newSession, stdio } from '../helpers';
import { until } from '../../shared/until';

/** Answers each question with the next scripted answer, and keeps the questions for the assertions. */
class ScriptedInput implements ArgumentInput {
  readonly questions: ArgumentQuestion[] = [];
  constructor(private readonly answers: ((q: ArgumentQuestion) => ArgumentAnswer | Promise<ArgumentAnswer>)[]) {}
  async ask(question: ArgumentQuestion): Promise<ArgumentAnswer> {
    this.questions.push(question);
    const next = this.answers.shift();
    if (!next) throw new Error(`unexpected question for ${question.argument.name}`);
    return next(question);
  }
}
const value = (v: string) => (): ArgumentAnswer => ({ kind: 'value', value: v });
const kind = (k: 'skip' | 'back' | 'cancel') => (): ArgumentAnswer => ({ kind: k });
const noSuggestions = () => async (): Promise<Suggestions> => ({ values: [], hasMore: false, supported: false });

const greet: Prompt = { name: 'greet', arguments: [{ name: 'name', required: true, description: 'Who' }, { name: 'style' }, { name: 'mood' }] };

async function fill(prompt: Prompt, input: ArgumentInput, given: Record<string, string> = {}, mode: 'all' | 'missingRequired' = 'all') {
  const state: ArgumentState = { server: 's', prompt, values: { ...given } };
  const steps = argumentsToAsk(prompt, given, mode).map((a) => argumentStep(state, a, input, noSuggestions));
  return { done: await runSteps(() => steps), values: state.values };
}

describe('prompt argument steps', () => {
  it('asks every argument in order with a step counter, skipping optional ones on request', async () => {
    const input = new ScriptedInput([value('Ada'), kind('skip'), value('happy')]);
    assert.deepEqual(await fill(greet, input), { done: true, values: { name: 'Ada', mood: 'happy' } });
    assert.deepEqual(input.questions.map((q) => [q.argument.name, q.position.step, q.position.totalSteps, q.position.canGoBack]), [
      ['name', 1, 3, false],
      ['style', 2, 3, true],
      ['mood', 3, 3, true],
    ]);
  });

  it('does not accept an empty required value, and says why', async () => {
    const input = new ScriptedInput([value(''), kind('skip'), value('Ada'), kind('skip'), kind('skip')]);
    assert.deepEqual(await fill(greet, input), { done: true, values: { name: 'Ada' } });
    assert.deepEqual(input.questions.slice(0, 3).map((q) => q.validationMessage), [undefined, 'name is required.', 'name is required.']);
  });

  it('goes back one step with the earlier value filled in, and forward again', async () => {
    const input = new ScriptedInput([value('Ada'), value('formal'), kind('back'), kind('back'), value('Grace'), (q) => ({ kind: 'value', value: q.value }), value('calm')]);
    assert.deepEqual(await fill(greet, input), { done: true, values: { name: 'Grace', style: 'formal', mood: 'calm' } });
    assert.deepEqual(input.questions.map((q) => `${q.argument.name}=${q.value}`), ['name=', 'style=', 'mood=', 'style=formal', 'name=Ada', 'style=formal', 'mood=']);
  });

  it('cancels on Escape without finishing', async () => {
    const input = new ScriptedInput([value('Ada'), kind('cancel')]);
    assert.equal((await fill(greet, input)).done, false);
  });

  it('asks only the missing required arguments when some were given', async () => {
    const prompt: Prompt = { name: 'p', arguments: [{ name: 'a', required: true }, { name: 'b', required: true }, { name: 'c' }] };
    const input = new ScriptedInput([value('2')]);
    assert.deepEqual(await fill(prompt, input, { a: '1' }, 'missingRequired'), { done: true, values: { a: '1', b: '2' } });
    assert.deepEqual(argumentsToAsk(prompt, { a: '1', b: '2' }, 'missingRequired'), []);
  });

  it('re-reads the plan after each step (a picked prompt decides what follows)', async () => {
    const seen: string[] = [];
    let picked = false;
    const pick: Step = async () => ((picked = true), 'next');
    const after: Step = async (p) => (seen.push(`${p.step}/${p.totalSteps}`), 'next');
    assert.equal(await runSteps(() => (picked ? [pick, after, after] : [pick])), true);
    assert.deepEqual(seen, ['2/3', '3/3']);
  });
});

describe('argument suggestions from the fixture server', function () {
  this.timeout(30_000);
  const sessions: McpSession[] = [];
  after(async () => Promise.all(sessions.splice(0).map((s) => s.shutdown())));

  async function running(args: string[] = []): Promise<McpSession> {
    const session = newSession(definition('prompts', stdio('promptsFixture', args)), {}, sessions);
    await session.start();
    return session;
  }

  it('completes a value by prefix', async () => {
    const session = await running();
    assert.deepEqual(await completeArgument(session, 'greet', 'name', 'Al', {}), { values: ['Alan', 'Alice'], total: 2, hasMore: false, supported: true });
  });

  it('passes the arguments filled so far as context, and the steps use it', async () => {
    const session = await running(['--era=legacy']);
    const pickCity: Prompt = { name: 'pick_city', arguments: [{ name: 'country', required: true }, { name: 'city', required: true }] };
    const seen: string[][] = [];
    const input = new ScriptedInput([
      value('Italy'),
      async (q) => {
        seen.push((await q.suggest('', new AbortController().signal)).values);
        return { kind: 'value', value: 'Milan' };
      },
    ]);
    const state: ArgumentState = { server: 'prompts', prompt: pickCity, values: {} };
    const suggest = suggestFor({ sessions: { get: () => session } });
    const steps = argumentsToAsk(pickCity, {}, 'all').map((a) => argumentStep(state, a, input, suggest));
    assert.equal(await runSteps(() => steps), true);
    assert.deepEqual(seen, [['Rome', 'Milan', 'Naples']]);
    assert.deepEqual(state.values, { country: 'Italy', city: 'Milan' });
  });

  it('shows at most 100 values and says more are available', async () => {
    const session = await running();
    const result = await completeArgument(session, 'many_items', 'item', '', {});
    assert.equal(result.values.length, 100);
    assert.equal(result.total, 150);
    assert.equal(result.hasMore, true);
  });

  it('reports a server without completions as unsupported, without asking it', async () => {
    const session = await running(['--no-completions']);
    assert.equal(session.capabilities?.completions, undefined);
    assert.deepEqual(await completeArgument(session, 'greet', 'name', 'A', {}), { values: [], hasMore: false, supported: false });
  });
});

describe('SuggestionFeed', () => {
  it('debounces typing into one request for the latest value', async () => {
    const asked: string[] = [];
    const results: string[] = [];
    const feed = new SuggestionFeed(async (v) => (asked.push(v), { values: [v.toUpperCase()], hasMore: false, supported: true }), (v, s) => results.push(`${v}:${s.values[0]}`), undefined, 30);
    feed.update('a');
    feed.update('ab');
    feed.update('abc');
    await until('a result', () => results.length === 1, 5000);
    assert.deepEqual(asked, ['abc']);
    assert.deepEqual(results, ['abc:ABC']);
    feed.dispose();
  });

  it('cancels the request in flight when the value changes, and drops its answer', async () => {
    const signals: AbortSignal[] = [];
    const results: string[] = [];
    const busy: boolean[] = [];
    const feed = new SuggestionFeed(
      (v, signal) => {
        signals.push(signal);
        return new Promise((resolve) => setTimeout(() => resolve({ values: [v], hasMore: false, supported: true }), v === 'slow' ? 100 : 5));
      },
      (v) => results.push(v),
      (b) => busy.push(b),
      0,
    );
    feed.update('slow', true);
    feed.update('fast', true);
    await until('the fast result', () => results.length === 1, 5000);
    await new Promise((r) => setTimeout(r, 150));
    assert.deepEqual(results, ['fast'], 'the slow answer arrived after it was superseded and was dropped');
    assert.deepEqual(signals.map((s) => s.aborted), [true, false]);
    assert.equal(busy.at(-1), false);
    feed.dispose();
  });
});
