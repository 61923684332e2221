// The memory a server fills has a ceiling: the icon cache's map forgets the least recently used entries.
import * as assert from 'node:assert/strict';
import { LruMap } from '../../../src/common/lruMap';
import { MAX_REMEMBERED_ICONS } from '../../../src/icons/iconRules';

describe('LruMap', () => {
  it('keeps at most its capacity, forgetting the least recently used', () => {
    const map = new LruMap<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c'].entries()) map.set(key, i);
    assert.equal(map.get('a'), 0); // a is now the most recent
    map.set('d', 3);
    assert.equal(map.size, 3);
    assert.equal(map.has('b'), false);
    assert.deepEqual(['a', 'c', 'd'].map((k) => map.get(k)), [0, 2, 3]);
  });

  it('bounds a server that names a new icon for each of 100,000 items', () => {
    const map = new LruMap<string, string>(MAX_REMEMBERED_ICONS);
    for (let i = 0; i < 100_000; i++) map.set(`https://icons.example.com/${i}.png`, 'failed');
    assert.equal(map.size, MAX_REMEMBERED_ICONS);
  });
});
