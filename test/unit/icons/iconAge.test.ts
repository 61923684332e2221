// When an icon file is fetched again and when it is deleted (src/icons/iconAge.ts).
import * as assert from 'node:assert/strict';
import { ICON_PRUNE_MS, ICON_REFRESH_MS, iconsToPrune, needsRefresh } from '../../../src/icons/iconAge';

describe('Icon file age', () => {
  const now = Date.UTC(2026, 10, 23);
  const day = 24 * 60 * 60 * 1000;

  it('fetches an https icon again once it is a week old, not before', () => {
    assert.equal(ICON_REFRESH_MS, 7 * day);
    assert.equal(needsRefresh(now - 6 * day, now), false);
    assert.equal(needsRefresh(now - 7 * day, now), true);
    assert.equal(needsRefresh(now - 40 * day, now), true);
  });

  it('deletes only the files nobody has written or refreshed for 30 days', () => {
    assert.equal(ICON_PRUNE_MS, 30 * day);
    const files = [
      { name: 'fresh.png', modifiedAt: now - day },
      { name: 'week-old.webp', modifiedAt: now - 8 * day },
      { name: 'month-old.png', modifiedAt: now - 30 * day },
      { name: 'year-old.gif', modifiedAt: now - 365 * day },
    ];
    assert.deepEqual(iconsToPrune(files, now), ['month-old.png', 'year-old.gif']);
    assert.deepEqual(iconsToPrune([], now), []);
  });
});
