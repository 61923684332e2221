// How the conformance wrapper (test/conformance/run.mjs) turns the suite's summary into verdicts:
// a warning is shown but passes, a failure fails, a scenario with no check fails.
import * as assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(__dirname, '..', '..', '..', '..');
interface Verdict { name: string; passed: number; failed: number; warnings: string[]; failures: string[] }
const load = () =>
  import(pathToFileURL(join(root, 'test', 'conformance', 'run.mjs')).href) as Promise<{ verdicts(summary: string, checks?: Map<string, object[]>): Verdict[] }>;

// The suite's own summary, as 0.1.16 prints it on a busy machine.
const SUMMARY = `=== SUITE SUMMARY ===

✓ initialize: 1 passed, 0 failed
✗ sse-retry: 2 passed, 0 failed, 1 warnings
✗ auth/dpop: 3 passed, 2 failed
✓ sep-2640-client-skills: 0 passed, 0 failed

Total: 6 passed, 2 failed, 1 warnings`;

describe('conformance verdicts', () => {
  it('keeps a warning as a pass with its text, a failure as a failure, and reads every scenario', async () => {
    const { verdicts } = await load();
    const checks = new Map<string, object[]>([
      ['sse-retry', [
        { id: 'client-sse-graceful-reconnect', status: 'SUCCESS', description: 'reconnects' },
        { id: 'client-sse-retry-timing', status: 'WARNING', description: 'timing', errorMessage: 'Client reconnected slightly late (773ms instead of 500ms).' },
      ]],
      ['auth/dpop', [{ id: 'dpop-proof', status: 'FAILURE', description: 'DPoP proof in the token request' }]],
    ]);
    const result = verdicts(SUMMARY, checks);
    assert.deepEqual(result.map((v) => v.name), ['initialize', 'sse-retry', 'auth/dpop', 'sep-2640-client-skills']);
    const retry = result.find((v) => v.name === 'sse-retry')!;
    assert.equal(retry.failed, 0);
    assert.deepEqual(retry.warnings, ['client-sse-retry-timing: Client reconnected slightly late (773ms instead of 500ms).']);
    assert.deepEqual(result.find((v) => v.name === 'auth/dpop')!.failures, ['dpop-proof: DPoP proof in the token request']);
    assert.equal(result.find((v) => v.name === 'sep-2640-client-skills')!.passed, 0);
  });

  it('finds no scenario in the output of a suite that crashed', async () => {
    const { verdicts } = await load();
    assert.deepEqual(verdicts('TypeError: Cannot read properties of undefined\n    at file:///…/index.js:2:1'), []);
  });
});
