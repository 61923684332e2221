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
});
