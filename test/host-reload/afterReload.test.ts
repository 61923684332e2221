// After the reload (see index.ts): the task the first window started is in the Tasks view again, under
// its server and tool, and is followed on the server to its result. Issue 25: the tool result's tab is
// there and reads its result; no server of the first window is left; the crash and the missing model the
// first window told about are not told again.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { isAlive } from '../../src/mcp/processTree';
import { until } from '../shared/until';
import { hooks } from '../host/helpers';
import { gaveUp, markerPath, notifications, RELOAD_SERVER, RELOAD_STEPS, taskRows, type Marker } from './index';

const marker = () => JSON.parse(readFileSync(markerPath(), 'utf8')) as Marker;

describe('Window reload', () => {
  it('finds a task left running before a window reload and follows it to its result', async () => {
    const { taskId } = marker();
    const restored = await until('the task in the Tasks view again', async () => (await taskRows()).find((r) => r.taskId === taskId), 30_000);
    assert.equal(restored.server, RELOAD_SERVER);
    assert.equal(restored.tool, 'slow_job');
    const ended = await until('the restored task to end', async () => (await taskRows()).find((r) => r.taskId === taskId && /completed|failed|cancelled/.test(r.status)), 90_000);
    assert.equal(ended.status, 'completed', ended.error);
    assert.equal(ended.resultText, `Report for nobody: ${RELOAD_STEPS} steps done.`);
  });

  it('restores the tab of a tool result, which reads its result again (issue 25, defect 5)', async () => {
    const uri = vscode.Uri.parse(marker().resultDocument);
    const tab = await until('the result tab', () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => (t.input instanceof vscode.TabInputCustom || t.input instanceof vscode.TabInputText) && t.input.uri.toString() === uri.toString()),
    );
    assert.ok(tab);
    assert.match(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), /kept across the reload/);
  });

  it('leaves no server process of the window before, server-pdf included (issue 25, defect 10)', async () => {
    const { serverPids } = marker();
    assert.ok(serverPids.length >= 2);
    await until('the servers of the first window to be gone', () => !serverPids.some(isAlive), 30_000).catch(() => undefined);
    assert.deepEqual(serverPids.filter(isAlive), [], 'left running');
  });

  it('does not tell again the crash and the missing model it told before the reload (issue 25)', async function () {
    this.timeout(120_000);
    await gaveUp('crashy');
    await until('the model check', async () => (await vscode.commands.executeCommand<boolean>(hooks.chatModelAvailable)) === false);
    const told = await notifications();
    assert.deepEqual(told.filter((m) => m.includes("'crashy'")), [], 'the crash loop is not told again');
    assert.deepEqual(told.filter((m) => m.includes('no language model')), [], 'the no-model notice is not repeated');
  });
});
