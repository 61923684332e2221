// How the sandbox launcher drives the runtime (launcherRuntime.ts), called directly: the configuration the
// sandbox enforces (the install registry only until the server has started, dev mode's debugger port, the
// workspace's protected files), each refusal told once through the runtime's own violation store, and the
// exit code a server's end becomes.
import * as assert from 'node:assert/strict';
import { SandboxViolationStore } from '@anthropic-ai/sandbox-runtime';
import type { LauncherReport } from '../../../../src/mcp/sandbox/launcherProtocol';
import { exitCodeOf, runtimeConfig, violationTeller } from '../../../../src/mcp/sandbox/launcherRuntime';
import type { SandboxDefinition } from '../../../../src/mcp/sandbox/sandboxDefinition';

const sandbox: SandboxDefinition = {
  reason: 'setting',
  filesystem: { allowWrite: ['/ws', '/own'], denyWrite: ['/ws/secrets'], denyRead: ['/home/me/.ssh'], allowRead: ['/home/me/.ssh/known_hosts'], protect: ['/ws'] },
  network: { allowedDomains: ['api.example.com'], installDomains: ['registry.npmjs.org'] },
  ownDir: '/own',
};
const tools = { bwrap: '/usr/bin/bwrap', socat: '/usr/bin/socat', rg: '/usr/bin/rg' };

describe('Sandbox launcher: what the runtime gets and what it tells (issue 28)', () => {
  it('allows the install registry while the server starts, then only its own hosts; the debugger port throughout', () => {
    const extras = { tools, debugHosts: ['127.0.0.1:9229'], protectedPaths: ['/ws/.vscode', '/ws/.git/hooks'] };
    const filesystem = { allowWrite: ['/ws', '/own'], denyWrite: ['/ws/secrets', '/ws/.vscode', '/ws/.git/hooks'], denyRead: ['/home/me/.ssh'], allowRead: ['/home/me/.ssh/known_hosts'] };
    const paths = { bwrapPath: '/usr/bin/bwrap', socatPath: '/usr/bin/socat', ripgrep: { command: '/usr/bin/rg' } };
    assert.deepEqual(runtimeConfig(sandbox, { ...extras, withInstall: true }), {
      network: { allowedDomains: ['api.example.com', 'registry.npmjs.org', '127.0.0.1:9229'], deniedDomains: [] },
      filesystem,
      ...paths,
    });
    assert.deepEqual(runtimeConfig(sandbox, { ...extras, withInstall: false }), {
      network: { allowedDomains: ['api.example.com', '127.0.0.1:9229'], deniedDomains: [] },
      filesystem,
      ...paths,
    });
  });

  it("names no tools on macOS (the runtime's Seatbelt needs none), and adds nothing the job did not ask for", () => {
    assert.deepEqual(runtimeConfig(sandbox, { withInstall: false, debugHosts: [], protectedPaths: [] }), {
      network: { allowedDomains: ['api.example.com'], deniedDomains: [] },
      filesystem: { allowWrite: ['/ws', '/own'], denyWrite: ['/ws/secrets'], denyRead: ['/home/me/.ssh'], allowRead: ['/home/me/.ssh/known_hosts'] },
    });
  });

  it("tells each refusal once as it comes, through the runtime's violation store", () => {
    const store = new SandboxViolationStore();
    const told: LauncherReport[] = [];
    store.subscribe(violationTeller(store, (r) => told.push(r)));
    assert.deepEqual(told, [], 'nothing to tell when it subscribes');
    store.addViolation({ line: 'deny openat /etc/passwd', timestamp: new Date() });
    store.addViolation({ line: 'deny network-outbound evil.test:443 (not in allowedDomains)', timestamp: new Date() });
    assert.deepEqual(told, [
      { kind: 'refused', line: 'deny openat /etc/passwd' },
      { kind: 'refused', line: 'deny network-outbound evil.test:443 (not in allowedDomains)' },
    ]);
  });

  it('tells at most the last 100 of a burst it was late for, and nothing twice when asked again', () => {
    const store = new SandboxViolationStore();
    for (let i = 0; i < 150; i++) store.addViolation({ line: `deny openat /x/${i}`, timestamp: new Date() });
    const told: string[] = [];
    const tell = violationTeller(store, (r) => told.push(r.kind === 'refused' ? r.line : r.kind));
    tell();
    assert.equal(told.length, 100);
    assert.deepEqual([told[0], told[99]], ['deny openat /x/50', 'deny openat /x/149']);
    tell();
    assert.equal(told.length, 100, 'asked again with nothing new: nothing told');
    store.addViolation({ line: 'deny openat /x/last', timestamp: new Date() });
    tell();
    assert.deepEqual(told.slice(100), ['deny openat /x/last']);
  });

  it("ends with the server's exit code, or 128 + the signal's number as a shell reports a killed program", () => {
    assert.equal(exitCodeOf(0, null), 0);
    assert.equal(exitCodeOf(3, null), 3);
    assert.equal(exitCodeOf(null, null), 0);
    assert.equal(exitCodeOf(null, 'SIGTERM'), 143);
    assert.equal(exitCodeOf(null, 'SIGKILL'), 137);
    assert.equal(exitCodeOf(1, 'SIGINT'), 130, 'the signal wins');
    assert.equal(exitCodeOf(null, 'SIGNOTKNOWN' as NodeJS.Signals), 143, 'a signal Node does not know reads as SIGTERM');
  });
});
