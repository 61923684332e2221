// "Did you mean …?": the nearest name for a typo.
import * as assert from 'node:assert/strict';
import { closestMatch } from '../../../src/common/closestMatch';

describe('closest match', () => {
  it('suggests the nearest name for typos, transpositions, case and prefixes', () => {
    const names = ['greet', 'review_code', 'describe_image', 'conversation'];
    assert.equal(closestMatch('gret', names), 'greet');
    assert.equal(closestMatch('geret', names), 'greet');
    assert.equal(closestMatch('REVIEW_CODE', names), 'review_code');
    assert.equal(closestMatch('review', names), 'review_code');
    assert.equal(closestMatch('converstion', names), 'conversation');
  });

  it('suggests nothing when nothing is close', () => {
    assert.equal(closestMatch('deploy', ['greet', 'review_code']), undefined);
    assert.equal(closestMatch('x', []), undefined);
  });
});
