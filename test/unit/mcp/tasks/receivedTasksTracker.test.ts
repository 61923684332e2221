// ReceivedTasks as the Tasks view and the asking servers see it, through its own seam (the connection a
// task belongs to, as receivedTasksCapability.ts gives it): the TTL it grants, the list's order, each
// server's own tasks, lookups of unknown ids, a cancel after the end, what tasks/result answers for a
// cancelled task, Clear, and the watch that ends the tasks of a server that disconnected, then stops.
// The protocol side (the requests a real server sends) is receivedTasks.test.ts, against a fixture.
import * as assert from 'node:assert/strict';
import { ReceivedTasks, RELATED_TASK_META_KEY, type ReceivedTask, type ReceiverConnection, type WireTask } from '../../../../src/mcp/tasks/receivedTasks';
import type { TaskInputRequest } from '../../../../src/mcp/tasks/taskWire';
import { until } from '../../../shared/until';

/** A server's connection: records the status notifications sent on it, and can close. */
class Connection implements ReceiverConnection {
  readonly notified: WireTask[] = [];
  open = true;
  notify(task: WireTask): void {
    this.notified.push(task);
  }
  isOpen(): boolean {
    return this.open;
  }
}

interface Work {
  request: TaskInputRequest;
  signal: AbortSignal;
  answer(value: unknown): void;
  fail(error: unknown): void;
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const ELICIT = { mode: 'form', message: 'City?', requestedSchema: { type: 'object', properties: {} } };

describe('ReceivedTasks, its own bookkeeping', () => {
  let work: Work[];
  let received: ReceivedTasks;
  const runner = (_server: string, request: TaskInputRequest, signal: AbortSignal) =>
    new Promise<unknown>((answer, fail) => {
      work.push({ request, signal, answer, fail });
      signal.addEventListener('abort', () => fail(new Error('The dialog was closed.')));
    });
  const createWith = (server: string, connection: Connection, task: unknown) => received.create(server, connection, 'elicitation/create', { ...ELICIT, task }).task;
  const create = (server: string, connection = new Connection()) => createWith(server, connection, { ttl: 60_000 });
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(() => {
    work = [];
    received = new ReceivedTasks(runner);
  });
  afterEach(() => received.dispose());

  it('grants the TTL a server asks for when it is a whole number of milliseconds, else none (null)', () => {
    const ttl = (task: unknown) => createWith('s', new Connection(), task).ttl;
    assert.equal(ttl({ ttl: 60_000 }), 60_000);
    assert.equal(ttl({ ttl: 0 }), 0);
    for (const asked of [{ ttl: -1 }, { ttl: 1.5 }, { ttl: '60000' }, {}, undefined]) assert.equal(ttl(asked), null, JSON.stringify(asked));
  });

  it('lists tasks newest first; tasks/list and lookups answer for the asking server only', async () => {
    const ids: string[] = [];
    for (const server of ['a', 'b', 'a']) {
      const now = Date.now();
      await until('the clock to move on', () => Date.now() > now);
      ids.push(create(server).taskId);
    }
    assert.deepEqual(received.list().map((t) => [t.server, t.taskId]), [['a', ids[2]], ['b', ids[1]], ['a', ids[0]]]);
    assert.deepEqual(received.listFor('a').tasks.map((t) => t.taskId), [ids[0], ids[2]]);
    assert.equal(received.find('b', ids[1]!)?.server, 'b');
    assert.equal(received.find('a', ids[1]!), undefined, "another server's task is not found");
    assert.throws(() => received.get('a', ids[1]!), { code: -32602, message: `Task not found: ${ids[1]}` });
  });

  it('a cancel from the server ends the task saying so, and a second one is refused; tasks/result reports the cancel', async () => {
    const connection = new Connection();
    const { taskId } = create('s', connection);
    assert.deepEqual(received.cancelFromServer('s', taskId).statusMessage, 'Cancelled by the server.');
    assert.equal(received.find('s', taskId)?.error, 'Cancelled by the server.');
    assert.throws(() => received.cancelFromServer('s', taskId), { code: -32602, message: `Task ${taskId} is already cancelled.` });
    await assert.rejects(received.result('s', taskId), { code: -32603, message: 'Cancelled by the server.' });
    assert.deepEqual(connection.notified.map((t) => [t.status, t.statusMessage]), [['cancelled', 'Cancelled by the server.']]);
  });

  it('the work of a cancelled task failing afterwards (its dialog closed) leaves it cancelled', async () => {
    const { taskId } = create('s');
    received.cancel(received.find('s', taskId)!);
    assert.equal(work[0]!.signal.aborted, true, 'the dialog is told to close');
    await settled();
    assert.equal(received.get('s', taskId).status, 'cancelled');
    assert.equal(received.find('s', taskId)?.error, 'Cancelled by the user.');
    await assert.rejects(received.result('s', taskId), { code: -32603, message: 'Cancelled by the user.' });
  });

  it('a cancel by the user after the end changes nothing; one of a forgotten task is ignored', async () => {
    const { taskId } = create('s');
    work[0]!.answer({ action: 'accept', content: { city: 'Rome' }, _meta: { 'example/trace': 'x1' } });
    await settled();
    const task = received.find('s', taskId)!;
    received.cancel(task);
    assert.equal(task.status, 'completed');
    assert.equal(task.error, undefined);
    // The answer's own _meta is kept, next to the related-task key the spec asks for.
    assert.deepEqual((await received.result('s', taskId))._meta, { 'example/trace': 'x1', [RELATED_TASK_META_KEY]: { taskId } });
    received.clearEnded();
    assert.doesNotThrow(() => received.cancel(task));
  });

  it('Clear forgets the ended tasks and keeps the running ones', async () => {
    const changes: (ReceivedTask | undefined)[] = [];
    const done = create('s');
    const running = create('s');
    work[0]!.answer({ action: 'decline' });
    await settled();
    received.onDidChange((t) => changes.push(t));
    received.clearEnded();
    assert.deepEqual(received.list().map((t) => t.taskId), [running.taskId]);
    assert.equal(received.find('s', done.taskId), undefined);
    assert.deepEqual(changes, [undefined], 'the view is told the list changed');
  });

  it('a task that ends after its connection closed sends no notification on it', async () => {
    const connection = new Connection();
    create('s', connection);
    connection.open = false;
    work[0]!.answer({ action: 'decline' });
    await settled();
    assert.deepEqual(connection.notified, []);
  });

  it('the tasks of a server that disconnected end as failed; the watch (one for all) stops when none runs', async () => {
    await settled(); // mocha's own timer for this test starts with its first wait
    const before = timers();
    const [a, b, c] = [new Connection(), new Connection(), new Connection()];
    const finished = create('c', c);
    work[0]!.answer({ action: 'decline' });
    await settled();
    c.open = false; // a completed task whose server then went away stays completed
    const first = create('a', a);
    const second = create('b', b);
    assert.equal(timers(), before + 1, 'one watch for all the tasks');
    a.open = false;
    await until('the watch to look', () => received.find('a', first.taskId)?.status === 'failed', 10_000);
    assert.equal(received.find('a', first.taskId)?.error, 'The server disconnected.');
    assert.equal(work[1]!.signal.aborted, true, 'its dialog is told to close');
    assert.equal(received.find('b', second.taskId)?.status, 'working', 'a task whose server is still there keeps running');
    assert.equal(received.find('c', finished.taskId)?.status, 'completed');
    assert.equal(timers(), before + 1, 'still watching the running task');
    b.open = false;
    await until('the watch to look again', () => received.find('b', second.taskId)?.status === 'failed', 10_000);
    assert.equal(timers(), before, 'nothing runs: the watch stopped');
  });

  it('dispose closes the dialogs of running tasks and stops the watch', () => {
    const before = timers();
    create('s');
    assert.equal(timers(), before + 1);
    received.dispose();
    assert.equal(work[0]!.signal.aborted, true);
    assert.equal(timers(), before);
  });
});
