import * as assert from 'node:assert/strict';
import { LogRateLimiter } from '../../../src/mcp/logRateLimiter';

describe('LogRateLimiter', () => {
  it('admits a number per second, then counts and summarises the rest', () => {
    let now = 0;
    const summaries: number[] = [];
    const limiter = new LogRateLimiter(3, () => now);
    const admitted = Array.from({ length: 10 }, () => limiter.admit((n) => summaries.push(n)));
    assert.deepEqual(admitted, [true, true, true, false, false, false, false, false, false, false]);
    now = 1000;
    assert.equal(limiter.admit((n) => summaries.push(n)), true);
    assert.deepEqual(summaries, [7]);
    limiter.admit(() => undefined);
    limiter.admit(() => undefined);
    limiter.admit(() => undefined);
    limiter.flush((n) => summaries.push(n));
    assert.deepEqual(summaries, [7, 1]);
  });

  it('keeps one window for a whole second, and reports drops only when there were some, once', () => {
    let now = 5000;
    const summaries: number[] = [];
    const limiter = new LogRateLimiter(1, () => now);
    assert.equal(limiter.admit((n) => summaries.push(n)), true);
    now = 5999;
    assert.equal(limiter.admit((n) => summaries.push(n)), false, 'still the same second');
    now = 6999;
    assert.equal(limiter.admit((n) => summaries.push(n)), true, 'a new second');
    assert.deepEqual(summaries, [1]);
    now = 8000;
    assert.equal(limiter.admit((n) => summaries.push(n)), true);
    assert.deepEqual(summaries, [1], 'nothing was dropped in the second before: no summary');
    limiter.flush((n) => summaries.push(n));
    assert.deepEqual(summaries, [1], 'nothing to flush');
    limiter.admit(() => undefined);
    limiter.flush((n) => summaries.push(n));
    limiter.flush((n) => summaries.push(n));
    assert.deepEqual(summaries, [1, 1], 'flushed once');
  });
});
