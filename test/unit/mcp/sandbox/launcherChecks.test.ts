// What the sandbox launcher checks before it starts a server (launcherChecks.ts), called directly: the
// reports a user reads when this machine cannot sandbox (another OS, missing tools, no user namespaces),
// a repository's write folder that leads out of the workspace through a symlink, and the seccomp helper
// kept executable. Fake tools are small files on a PATH of the test's own; where bubblewrap is installed,
// the real probe runs too.
import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepHelperExecutable, missingPieces, probeUserNamespaces, which, writeFoldersOutside } from '../../../../src/mcp/sandbox/launcherChecks';

const INSTALL = 'sudo apt-get install bubblewrap socat ripgrep (Fedora: sudo dnf install bubblewrap socat ripgrep)';
const USERNS_FIX =
  'allow unprivileged user namespaces: sudo sysctl -w kernel.unprivileged_userns_clone=1 (Debian), or on Ubuntu 24.04 and later sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0; in a container, run it with --security-opt seccomp=unconfined or as privileged';

describe('Sandbox launcher: what it checks before it starts (issue 28)', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'launcher-checks-')));
  // Made again before each run: the mutation run's mocha runs these suites many times in one process.
  before(() => mkdirSync(root, { recursive: true }));
  after(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  const folder = (...files: [name: string, mode: number, text?: string][]) => {
    const dir = join(root, `dir${++n}`);
    mkdirSync(dir);
    for (const [name, mode, text] of files) {
      writeFileSync(join(dir, name), text ?? '#!/bin/sh\nexit 0\n');
      chmodSync(join(dir, name), mode);
    }
    return dir;
  };

  describe('which', () => {
    it('finds the first executable file on the PATH, past a file that is not executable and a folder of that name', () => {
      const plain = folder(['tool', 0o644]);
      const withFolder = folder();
      mkdirSync(join(withFolder, 'tool'));
      const good = folder(['tool', 0o755]);
      const later = folder(['tool', 0o755]);
      assert.equal(which('tool', [plain, withFolder, good, later].join(':')), join(good, 'tool'));
      assert.equal(which('tool', [plain, withFolder].join(':')), undefined);
      assert.equal(which('tool', ''), undefined);
    });

    it("never takes an empty PATH entry as the current folder (a shell would: the launcher's cwd is nobody's choice)", () => {
      const cwd = folder(['tool', 0o755]);
      const good = folder(['tool', 0o755]);
      const before = process.cwd();
      process.chdir(cwd);
      try {
        assert.equal(which('tool', `:${good}`), join(good, 'tool'));
        assert.equal(which('tool', '::'), undefined);
      } finally {
        process.chdir(before);
      }
    });

    it("reads the launcher's own PATH by default", () => {
      const sh = which('sh');
      assert.ok(sh?.endsWith('/sh'), `sh on this PATH: ${sh}`);
      const path = process.env.PATH;
      delete process.env.PATH;
      try {
        assert.equal(which('sh'), undefined, 'no PATH, nothing found');
      } finally {
        process.env.PATH = path;
      }
    });
  });

  describe('missingPieces', () => {
    let tools = '';
    before(() => (tools = folder(['bwrap', 0o755], ['socat', 0o755], ['rg', 0o755])));
    const fine = () => ({ status: 0 });

    it('asks nothing on macOS (Seatbelt is built in) and says which other systems it cannot sandbox', () => {
      assert.deepEqual(missingPieces('darwin', '', fine), {});
      const fix = 'run VS Code in WSL or on Linux or macOS, or, if you trust this server, turn its sandbox off in your user settings ("sandbox": { "enabled": false })';
      assert.deepEqual(missingPieces('win32', tools, fine), {
        unavailable: { kind: 'unavailable', missing: 'a sandbox on Windows (this version sandboxes servers on Linux and macOS only)', fix },
      });
      assert.deepEqual(missingPieces('freebsd', tools, fine), {
        unavailable: { kind: 'unavailable', missing: 'a sandbox on freebsd (this version sandboxes servers on Linux and macOS only)', fix },
      });
    });

    it('names every missing tool and how to install "them", or the one missing and how to install "it"', () => {
      assert.deepEqual(missingPieces('linux', folder(), fine).unavailable, {
        kind: 'unavailable',
        missing: 'bubblewrap (bwrap), socat, ripgrep (rg) (not found on PATH)',
        fix: `install them: ${INSTALL}`,
      });
      const cases: [present: string[], missing: string][] = [
        [['socat', 'rg'], 'bubblewrap (bwrap)'],
        [['bwrap', 'rg'], 'socat'],
        [['bwrap', 'socat'], 'ripgrep (rg)'],
      ];
      for (const [present, missing] of cases) {
        const dir = folder(...present.map((name): [string, number] => [name, 0o755]));
        assert.deepEqual(missingPieces('linux', dir, fine).unavailable, { kind: 'unavailable', missing: `${missing} (not found on PATH)`, fix: `install it: ${INSTALL}` });
      }
      const path = process.env.PATH;
      delete process.env.PATH;
      try {
        assert.deepEqual(missingPieces('linux', undefined, fine).unavailable, {
          kind: 'unavailable',
          missing: 'bubblewrap (bwrap), socat, ripgrep (rg) (not found on PATH)',
          fix: `install them: ${INSTALL}`,
        }, 'a launcher without a PATH finds nothing');
      } finally {
        process.env.PATH = path;
      }
      assert.deepEqual(missingPieces('linux', folder(['rg', 0o755]), fine).unavailable, {
        kind: 'unavailable',
        missing: 'bubblewrap (bwrap), socat (not found on PATH)',
        fix: `install them: ${INSTALL}`,
      });
    });

    it('probes the bubblewrap it found, and gives the runtime the paths of all three', () => {
      const probed: string[] = [];
      const found = missingPieces('linux', `${folder()}:${tools}`, (bwrap) => (probed.push(bwrap), { status: 0 }));
      assert.deepEqual(found, { tools: { bwrap: join(tools, 'bwrap'), socat: join(tools, 'socat'), rg: join(tools, 'rg') } });
      assert.deepEqual(probed, [join(tools, 'bwrap')]);
    });

    it("says that user namespaces are off, with bubblewrap's first line of complaint and how to turn them on", () => {
      const failed = (said: string) => ({ kind: 'unavailable', missing: `user namespaces (bubblewrap could not create its sandbox: ${said})`, fix: USERNS_FIX });
      const complaint = folder(['bwrap', 0o755, '#!/bin/sh\nprintf "  bwrap: setting up uid map: Permission denied\\nsecond line\\n" >&2\nexit 1\n'], ['socat', 0o755], ['rg', 0o755]);
      assert.deepEqual(missingPieces('linux', complaint).unavailable, failed('bwrap: setting up uid map: Permission denied'));
      const silent = folder(['bwrap', 0o755, '#!/bin/sh\nexit 3\n'], ['socat', 0o755], ['rg', 0o755]);
      assert.deepEqual(missingPieces('linux', silent).unavailable, failed('exit 3'));
      // A bubblewrap that cannot run at all: spawnSync's error says why.
      assert.deepEqual(missingPieces('linux', tools, () => ({ status: null, stderr: '', error: new Error('spawnSync bwrap EACCES') })).unavailable, failed('spawnSync bwrap EACCES'));
      const gone = probeUserNamespaces(join(root, 'no-such-bwrap'));
      assert.equal(gone.status, null);
      assert.match(gone.error?.message ?? '', /ENOENT/);
    });

    it('passes where bubblewrap, socat and ripgrep are installed and user namespaces work (this machine)', function () {
      if (process.platform !== 'linux' || !which('bwrap') || !which('socat') || !which('rg')) this.skip();
      const real = which('bwrap')!;
      assert.equal(probeUserNamespaces(real).status, 0, probeUserNamespaces(real).stderr);
      assert.deepEqual(missingPieces(), { tools: { bwrap: real, socat: which('socat'), rg: which('rg') } });
    });
  });

  describe('writeFoldersOutside', () => {
    // A workspace with a symlink out of it, a sibling whose name starts like it, and the server's own folder.
    const ws = join(root, 'ws');
    const ws2 = join(root, 'second');
    const sibling = join(root, 'ws-sibling');
    const outside = join(root, 'outside');
    const ownDir = join(root, 'own');
    before(() => {
      for (const dir of [join(ws, 'sub'), join(ws2, 'sub'), sibling, outside, ownDir]) mkdirSync(dir, { recursive: true });
      symlinkSync(outside, join(ws, 'out'));
      symlinkSync(sibling, join(ws, 'next-door'));
      symlinkSync(ws, join(root, 'alias'));
      symlinkSync(join(ws2, 'sub'), join(ws, 'into-second'));
    });
    const sandbox = (allowWrite: string[], writeWithin?: string[]) => ({ filesystem: { allowWrite, denyWrite: [], denyRead: [], allowRead: [], protect: [], ...(writeWithin && { writeWithin }) }, ownDir });
    const outsideSays = (path: string, target: string) =>
      `the folder ${path} that the workspace settings let this server write (sandbox.filesystem.allowWrite) is ${target} on disk, outside the workspace folders; a repository may only open its own folders to writing`;

    it('lets a repository write its own folders, also through a link into one of them, and the server its own folder', () => {
      assert.equal(writeFoldersOutside(sandbox([ws, join(ws, 'sub'), join(ws, 'into-second'), join(root, 'alias'), ownDir], [ws, ws2])), undefined);
    });

    it('refuses a write folder whose real path is outside the workspace folders: a symlink out, or a sibling named alike', () => {
      assert.equal(writeFoldersOutside(sandbox([ws, join(ws, 'out')], [ws])), outsideSays(join(ws, 'out'), outside));
      assert.equal(writeFoldersOutside(sandbox([join(ws, 'next-door')], [ws])), outsideSays(join(ws, 'next-door'), sibling));
      assert.equal(writeFoldersOutside(sandbox([join(ws, 'into-second')], [ws])), outsideSays(join(ws, 'into-second'), join(ws2, 'sub')));
      // A folder that does not exist (yet) is judged by its name.
      assert.equal(writeFoldersOutside(sandbox([join(root, 'nowhere', 'x')], [ws])), outsideSays(join(root, 'nowhere', 'x'), join(root, 'nowhere', 'x')));
    });

    it('checks nothing for user settings (no writeWithin), and reads a folder given with a trailing separator or the root as what holds all', () => {
      assert.equal(writeFoldersOutside(sandbox([join(ws, 'out')])), undefined);
      assert.equal(writeFoldersOutside(sandbox([join(ws, 'out'), outside], ['/'])), undefined);
      assert.equal(writeFoldersOutside(sandbox(['/not-there/ws/a'], ['/not-there/ws/'])), undefined);
      assert.equal(writeFoldersOutside(sandbox(['/not-there/ws-a'], ['/not-there/ws/'])), outsideSays('/not-there/ws-a', '/not-there/ws-a'));
    });
  });

  describe('keepHelperExecutable', () => {
    const bundleIn = (...helpers: [arch: string, mode: number][]) => {
      const dist = folder();
      for (const [arch, mode] of helpers) {
        mkdirSync(join(dist, 'vendor', 'seccomp', arch), { recursive: true });
        writeFileSync(join(dist, 'vendor', 'seccomp', arch, 'apply-seccomp'), 'binary');
        chmodSync(join(dist, 'vendor', 'seccomp', arch, 'apply-seccomp'), mode);
      }
      return { bundle: join(dist, 'sandboxLauncher.mjs'), mode: (arch: string) => statSync(join(dist, 'vendor', 'seccomp', arch, 'apply-seccomp')).mode & 0o777 };
    };

    it("makes the seccomp helper of this machine's architecture executable again after an unpacker dropped the bit", () => {
      const x64 = bundleIn(['x64', 0o644], ['arm64', 0o644]);
      keepHelperExecutable(x64.bundle, 'x64');
      assert.deepEqual([x64.mode('x64'), x64.mode('arm64')], [0o755, 0o644]);
      const arm = bundleIn(['x64', 0o600], ['arm64', 0o600]);
      keepHelperExecutable(arm.bundle, 'arm64');
      assert.deepEqual([arm.mode('x64'), arm.mode('arm64')], [0o600, 0o755]);
      const other = bundleIn(['x64', 0o644]);
      keepHelperExecutable(other.bundle, 'ia32');
      assert.equal(other.mode('x64'), 0o755, 'any other architecture reads as x64');
    });

    it("finds the helper beside the running launcher's own bundle, for the architecture it runs on", () => {
      const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
      const running = bundleIn([arch, 0o644]);
      const saved = process.argv[1]!;
      process.argv[1] = running.bundle;
      try {
        keepHelperExecutable();
      } finally {
        process.argv[1] = saved;
      }
      assert.equal(running.mode(arch), 0o755);
      // A Node run without a script (no argv[1]) looks in its own folder, where no helper is.
      const argv = process.argv.splice(1);
      try {
        assert.doesNotThrow(() => keepHelperExecutable());
      } finally {
        process.argv.push(...argv);
      }
    });

    it('leaves a helper that is executable as it is, and a build without helpers alone', () => {
      const kept = bundleIn(['x64', 0o700]);
      keepHelperExecutable(kept.bundle, 'x64');
      assert.equal(kept.mode('x64'), 0o700);
      assert.doesNotThrow(() => keepHelperExecutable(join(folder(), 'sandboxLauncher.mjs'), 'x64'));
    });
  });
});
