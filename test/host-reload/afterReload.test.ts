// After the reload (see index.ts): the task the first window started is in the Tasks view again, under
// its server and tool, and is followed on the server to its result.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { until } from '../shared/until';
import { markerPath, RELOAD_SERVER, RELOAD_STEPS, taskRows } from './index';

describe('Window reload', () => {
  it('finds a task left running before a window reload and follows it to its result', async () => {
    const { taskId } = JSON.parse(readFileSync(markerPath(), 'utf8')) as { taskId: string };
    const restored = await until('the task in the Tasks view again', async () => (await taskRows()).find((r) => r.taskId === taskId), 30_000);
    assert.equal(restored.server, RELOAD_SERVER);
    assert.equal(restored.tool, 'slow_job');
    const ended = await until('the restored task to end', async () => (await taskRows()).find((r) => r.taskId === taskId && /completed|failed|cancelled/.test(r.status)), 90_000);
    assert.equal(ended.status, 'completed', ended.error);
    assert.equal(ended.resultText, `Report for nobody: ${RELOAD_STEPS} steps done.`);
  });
});
