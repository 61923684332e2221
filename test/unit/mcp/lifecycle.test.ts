// Events and disposal for the core (no `vscode` here): a faulty listener or disposable must not stop
// the others, resources are released newest first, and one added after disposal is released at once.
import * as assert from 'node:assert/strict';
import { Disposable, DisposableStore, Emitter, type IDisposable } from '../../../src/mcp/lifecycle';

/** Runs `body` with console.error captured, so expected failures are checked rather than printed. */
function capturingErrors(body: () => void): unknown[][] {
  const logged: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    body();
  } finally {
    console.error = original;
  }
  return logged;
}

describe('core events and disposal', () => {
  it('delivers an event to every listener, past one that throws, and stops after a listener is disposed', () => {
    const emitter = new Emitter<number>();
    const seen: string[] = [];
    const first = emitter.event((v) => seen.push(`a${v}`));
    emitter.event(() => {
      throw new Error('faulty');
    });
    emitter.event((v) => seen.push(`c${v}`));
    const logged = capturingErrors(() => emitter.fire(1));
    assert.deepEqual(seen, ['a1', 'c1']);
    assert.equal(logged.length, 1);
    assert.match(String(logged[0]![0]), /event listener failed/);
    first.dispose();
    capturingErrors(() => emitter.fire(2));
    assert.deepEqual(seen, ['a1', 'c1', 'c2']);
    emitter.dispose();
    emitter.fire(3);
    assert.deepEqual(seen, ['a1', 'c1', 'c2']);
  });

  it('lets a listener remove itself while the event is being delivered, without skipping the next one', () => {
    const emitter = new Emitter<void>();
    const seen: string[] = [];
    const self: IDisposable = emitter.event(() => (seen.push('self'), self.dispose()));
    emitter.event(() => seen.push('next'));
    emitter.fire();
    emitter.fire();
    assert.deepEqual(seen, ['self', 'next', 'next']);
  });

  it('disposes newest first, goes on past a failing one, and disposes at once what is added afterwards', () => {
    const order: string[] = [];
    const item = (name: string, fail = false): IDisposable => ({
      dispose: () => {
        order.push(name);
        if (fail) throw new Error(name);
      },
    });
    const store = new DisposableStore();
    const added = store.add(item('first'));
    assert.equal(typeof added.dispose, 'function', 'add returns the item');
    store.add(item('failing', true));
    store.add(item('last'));
    const logged = capturingErrors(() => store.dispose());
    assert.deepEqual(order, ['last', 'failing', 'first']);
    assert.equal(logged.length, 1);
    assert.match(String(logged[0]![0]), /dispose failed/);
    assert.equal((logged[0]![1] as Error).message, 'failing', 'the error is logged with it');
    store.dispose();
    assert.deepEqual(order, ['last', 'failing', 'first'], 'nothing is disposed twice');
    store.add(item('late'));
    assert.deepEqual(order, ['last', 'failing', 'first', 'late']);
  });

  it("ties what a Disposable registers to its own life", () => {
    const order: string[] = [];
    class Owner extends Disposable {
      constructor() {
        super();
        this._register({ dispose: () => order.push('a') });
        this._register({ dispose: () => order.push('b') });
      }
    }
    const owner = new Owner();
    assert.deepEqual(order, []);
    owner.dispose();
    assert.deepEqual(order, ['b', 'a']);
  });
});
