// How the conformance wrapper (test/conformance/run.mjs) turns one scenario's checks and the suite's
// output into a verdict: a warning is shown but passes; a failure, a client error or timeout, a scenario
// that ran no check, and a suite that wrote no results fail.
import * as assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(__dirname, '..', '..', '..', '..');
interface Verdict { name: string; passed: number; failures: string[]; warnings: string[] }
interface RunModule {
  verdict(name: string, checks: object[] | undefined, output: string): Verdict;
  parseScenarioList(text: string): string[];
}
const load = () => import(pathToFileURL(join(root, 'test', 'conformance', 'run.mjs')).href) as Promise<RunModule>;

const success = (id: string) => ({ id, status: 'SUCCESS', description: id });

describe('conformance verdicts', () => {
  it('passes a scenario with a warning and shows the warning’s text', async () => {
    const { verdict } = await load();
    const result = verdict('sse-retry', [
      success('client-sse-graceful-reconnect'),
      { id: 'client-sse-retry-timing', status: 'WARNING', description: 'timing', errorMessage: 'Client reconnected slightly late (773ms instead of 500ms).' },
    ], 'Warning Checks:\n❌ OVERALL: FAILED');
    assert.deepEqual(result.failures, []);
    assert.deepEqual(result.warnings, ['client-sse-retry-timing: Client reconnected slightly late (773ms instead of 500ms).']);
  });

  it('fails a scenario with a failed check, naming the check', async () => {
    const { verdict } = await load();
    const result = verdict('auth/dpop', [success('a'), { id: 'dpop-proof', status: 'FAILURE', description: 'DPoP proof in the token request' }], '');
    assert.deepEqual(result.failures, ['dpop-proof: DPoP proof in the token request']);
  });

  it('fails a scenario whose client exited with an error or timed out, though every check passed', async () => {
    const { verdict } = await load();
    const exited = verdict('json-schema-ref-no-deref', [success('ref-kept')], 'Client exited with code 1\nStderr:\nMethod not found\n⚠️  CLIENT EXITED WITH ERROR (code 1) - Test may be incomplete');
    assert.match(exited.failures[0], /^the client exited with an error: .*Method not found/);
    assert.deepEqual(verdict('x', [success('a')], '⚠️  CLIENT TIMED OUT - Test incomplete').failures, ['the client timed out']);
  });

  it('fails a scenario that ran no check, and one whose suite wrote no results', async () => {
    const { verdict } = await load();
    assert.deepEqual(verdict('sep-2640-client-no-prefetch', [{ id: 'skills', status: 'SKIPPED', description: 'skills/list never called' }], '').failures, ['no check ran']);
    assert.match(verdict('initialize', undefined, 'TypeError: boom\n    at index.js:2:1').failures[0], /^the suite wrote no results: TypeError: boom/);
  });

  it('reads the client scenarios from the suite’s list', async () => {
    const { parseScenarioList } = await load();
    const listed = 'Server scenarios (test against a server):\n  - ping [2025-06-18]\n\nClient scenarios (test against a client):\n  - initialize [2025-06-18,2025-11-25]\n  - auth/dpop [extension]\n';
    assert.deepEqual(parseScenarioList(listed), ['initialize', 'auth/dpop']);
    assert.deepEqual(parseScenarioList('Error: boom'), []);
  });
});
