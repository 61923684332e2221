import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { readYourWrites } from '../../../src/common/readYourWritesMemento';

/** A Memento like the extension host's: its cache can be replaced whole by a late echo of an older state. */
class EchoingMemento implements vscode.Memento {
  value: Record<string, unknown> = {};
  keys() {
    return Object.keys(this.value);
  }
  get<T>(key: string, defaultValue?: T): T | undefined {
    return key in this.value ? (this.value[key] as T) : defaultValue;
  }
  async update(key: string, value: unknown) {
    if (value === undefined) delete this.value[key];
    else this.value = { ...this.value, [key]: value };
  }
}

describe('readYourWrites (globalState as the extension reads it)', () => {
  it('reads back what it wrote after a late echo of an older state replaced the cache', async () => {
    const inner = new EchoingMemento();
    const state = readYourWrites(inner);
    await state.update('a', 1);
    const older = inner.value;
    await state.update('b', { allowed: true });
    await state.update('a', undefined);
    inner.value = { ...older, other: 'x' }; // the echo: 'a' back, 'b' gone, another writer's key
    assert.deepEqual(state.get('b'), { allowed: true });
    assert.equal(state.get('a'), undefined);
    assert.equal(state.get('a', 7), 7, 'a deleted key gives the default');
    assert.equal(state.get('other'), 'x', 'keys it did not write come from the store');
    assert.deepEqual([...state.keys()].sort(), ['b', 'other']);
  });

  it('writes again what a late echo dropped, at its next write, so the stale state is not what persists', async () => {
    const inner = new EchoingMemento();
    const state = readYourWrites(inner);
    await state.update('told', true);
    await state.update('gone', 1);
    await state.update('gone', undefined);
    inner.value = { gone: 1 }; // the echo of an older state: 'told' missing, 'gone' back
    await state.update('other', 2);
    assert.deepEqual(inner.value, { told: true, other: 2 });
  });

  it('passes writes through to the store', async () => {
    const inner = new EchoingMemento();
    await readYourWrites(inner).update('k', 'v');
    assert.equal(inner.get('k'), 'v');
  });
});
