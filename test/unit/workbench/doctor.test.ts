// The connection doctor's checks against servers that misbehave as real ones do: a stdio server that
// prints a banner to stdout before JSON-RPC and lists a malformed tool; a command that does not exist; an
// HTTP server whose auth metadata is broken (wrong issuer, no PKCE S256, no way to register); and the
// fixture over Streamable HTTP, which passes. Each failed step says what to do.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { StdioTransportConfig } from '../../../src/mcp/serverDefinition';
import { diagnoseHttp } from '../../../src/workbench/doctor/httpChecks';
import { renderReport, type Step } from '../../../src/workbench/doctor/report';
import { diagnoseStdio, firstBytesStep } from '../../../src/workbench/doctor/stdioChecks';
import { startBrokenAuthServer } from '../../fixtures/servers/doctorFixtures';
import { startLegacySseFixture, startStreamableHttpFixture } from '../../fixtures/servers/httpFixtures';
import { definition, fixture } from '../helpers';

const step = (steps: Step[], title: RegExp) => steps.find((s) => title.test(s.title));
const noProxy = { env: {} };

describe('the connection doctor', function () {
  this.timeout(30_000);

  it('catches a banner on stdout, names the malformed tool, and still reads the era and capabilities', async () => {
    const config: StdioTransportConfig = { type: 'stdio', command: process.execPath, args: [join(__dirname, '..', '..', 'fixtures', 'servers', 'doctorFixtures.js'), '--banner'], env: {} };
    const steps = await diagnoseStdio(definition('weather', config), config, undefined);
    assert.equal(step(steps, /command is found/)!.status, 'ok');
    assert.match(step(steps, /command is found/)!.details.join(' '), /Node\.js: v\d+/);
    const bytes = step(steps, /first bytes on stdout/)!;
    assert.equal(bytes.status, 'fail');
    assert.deepEqual(bytes.output, ['Weather MCP server v0.3.1 starting…', '[info] listening on stdio']);
    assert.match(bytes.fix!, /print banners and logs to stderr/);
    assert.equal(step(steps, /Era probe/)!.status, 'ok');
    assert.match(step(steps, /Era probe/)!.details.join(' '), /initialize → answered/);
    const tools = step(steps, /tools\/list/)!;
    assert.equal(tools.status, 'fail');
    assert.match(tools.output!.join('\n'), /tools\.1/);
    assert.ok(steps.every((s) => s.ms !== undefined), 'every step is timed');
    const report = renderReport('weather', [], steps, new Date(0));
    assert.match(report, /## \d+\. The first bytes on stdout are JSON\\-RPC: FAILED · \d+ ms/);
    assert.match(report, /\| \d+ \| The first bytes on stdout are JSON\\-RPC \| \*\*FAILED\*\* \| \d+ ms \|/);
    assert.match(report, /```text\nWeather MCP server v0\.3\.1 starting…/);
  });

  it('stops at a command that cannot be found, saying what to do, without spawning anything', async () => {
    const config: StdioTransportConfig = { type: 'stdio', command: 'no-such-command-4711', args: [], env: {} };
    const steps = await diagnoseStdio(definition('missing', config), config, undefined);
    assert.equal(steps[0]!.status, 'fail');
    assert.match(steps[0]!.fix!, /Fix "command"/);
    assert.equal(step(steps, /Spawn/), undefined);
  });

  it('passes a healthy stdio server, with the 2026 era negotiated', async () => {
    const config: StdioTransportConfig = { type: 'stdio', command: process.execPath, args: [fixture('fixtureServer')], env: {} };
    const steps = await diagnoseStdio(definition('fixture', config), config, undefined);
    assert.deepEqual(steps.filter((s) => s.status === 'fail').map((s) => s.title), []);
    assert.match(step(steps, /Era probe/)!.details.join(' '), /server\/discover → answered.*2026-07-28/);
    assert.match(step(steps, /stderr/)!.output!.join('\n'), /^fixture server/);
  });

  it('reads broken auth metadata step by step: what is wrong and what to do', async () => {
    const server = await startBrokenAuthServer();
    try {
      const config = { type: 'http' as const, url: server.url, headers: {} };
      const steps = await diagnoseHttp(definition('auth', config), config, noProxy);
      assert.equal(step(steps, /DNS/)!.status, 'ok');
      assert.equal(step(steps, /TCP/)!.status, 'ok');
      assert.match(step(steps, /First response/)!.details[0]!, /→ 401/);
      assert.equal(step(steps, /protected-resource/)!.status, 'ok');
      const as = step(steps, /authorization-server metadata/)!;
      assert.equal(as.status, 'fail');
      assert.match(as.details.join(' '), /issuer is "https:\/\/login\.example\.com\/"/);
      assert.match(as.details.join(' '), /PKCE S256/);
      assert.equal(step(steps, /registration/)!.status, 'fail');
      assert.equal(step(steps, /Era probe/)!.status, 'skip');
    } finally {
      await server.close();
    }
  });

  it('passes the fixture over Streamable HTTP, listing its tools, prompts and resources', async () => {
    const server = await startStreamableHttpFixture();
    try {
      const config = { type: 'http' as const, url: server.url, headers: { Authorization: 'Bearer abc' } };
      const steps = await diagnoseHttp(definition('http', config), config, noProxy);
      assert.deepEqual(steps.filter((s) => s.status === 'fail').map((s) => `${s.title}: ${s.details.join(' ')}`), []);
      assert.ok(step(steps, /tools\/list/) && step(steps, /prompts\/list/) && step(steps, /resources\/list/));
      assert.equal(step(steps, /protected-resource/)!.status, 'info');
    } finally {
      await server.close();
    }
  });

  it('passes a legacy HTTP+SSE server configured as "type": "sse" (its first response is the event stream)', async () => {
    const server = await startLegacySseFixture();
    try {
      const config = { type: 'sse' as const, url: server.url, headers: {} };
      const steps = await diagnoseHttp(definition('sse', config), config, noProxy);
      assert.deepEqual(steps.filter((s) => s.status === 'fail').map((s) => `${s.title}: ${s.details.join(' ')}`), []);
      assert.match(step(steps, /First response/)!.details[0]!, /^GET .* → 200 .*text\/event-stream/);
      assert.equal(step(steps, /Era probe/)!.status, 'ok');
    } finally {
      await server.close();
    }
  });

  it('flags non-JSON-RPC lines on stdout only when they are whole lines', () => {
    assert.equal(firstBytesStep('{"jsonrpc":"2.0","id":1,"result":{}}\n{"jsonrpc":"2.0","id":2,"res').status, 'ok');
    assert.equal(firstBytesStep('').status, 'info');
    assert.equal(firstBytesStep('{"jsonrpc":"2.0","id":1,"result":{}}\nDEBUG: ready\n').status, 'fail');
  });

  it('judges a line on stdout as the session does: JSON with "jsonrpc": "2.0" that is no message fails too', () => {
    const step = firstBytesStep('{"jsonrpc":"2.0","level":30,"msg":"listening"}\n{"jsonrpc":"2.0","id":1,"result":{}}\n');
    assert.equal(step.status, 'fail');
    assert.deepEqual(step.output, ['{"jsonrpc":"2.0","level":30,"msg":"listening"}']);
  });
});
