// The toolchain installer (scripts/host/setupHost.mjs) run the way `npm test` and `npm start` run it:
// with an outer npm's variables in the environment. Installs local fixture packages, one of which makes
// the check code-server's install script makes, so the test needs nothing from the network.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(__dirname, '..', '..', '..', '..');
const packages = join(root, 'test', 'fixtures', 'packages');

interface SetupModule {
  cleanNpmEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  npmInstall(options: { step: string; target: string; packages: string[]; env: NodeJS.ProcessEnv; logFile: string; hint?: string }): Promise<void>;
}
const load = () => import(pathToFileURL(join(root, 'scripts', 'host', 'setupHost.mjs')).href) as Promise<SetupModule>;

/** What `npm test` (npm 10 on Node 18, say) exports to the scripts it runs. */
function outerNpmEnvironment(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    npm_config_user_agent: 'npm/10.8.2 node/v18.20.4 linux x64 workspaces/false',
    npm_config_nodedir: '/nonexistent/node-headers',
    npm_package_name: 'mcp-client',
    npm_lifecycle_event: 'test',
    npm_execpath: '/nonexistent/npm-cli.js',
    NPM_CONFIG_LOGLEVEL: 'silent',
    INIT_CWD: root,
    PATH: [join(root, 'node_modules', '.bin'), '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin', process.env.PATH].join(delimiter),
  };
}

describe('toolchain setup run from npm', function () {
  this.timeout(120_000);
  let work: string;
  let tarballs: Record<string, string>;

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'mcp-client-setup-test-'));
    tarballs = {};
    for (const name of ['agent-check', 'failing-install']) {
      const pack = spawnSync('npm', ['pack', '--silent', '--pack-destination', work, join(packages, name)], { encoding: 'utf8' });
      assert.equal(pack.status, 0, pack.stderr);
      tarballs[name] = join(work, pack.stdout.trim().split('\n').pop()!);
    }
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('keeps nothing of the outer npm in the environment of its installs', async () => {
    const { cleanNpmEnvironment } = await load();
    const clean = cleanNpmEnvironment({ ...outerNpmEnvironment(), HOME: '/home/u', https_proxy: 'http://proxy:3128' });
    assert.deepEqual(Object.keys(clean).filter((k) => /^npm_/i.test(k) || k === 'INIT_CWD'), []);
    assert.equal(clean.HOME, '/home/u');
    assert.equal(clean.https_proxy, 'http://proxy:3128');
    assert.ok(!clean.PATH!.split(delimiter).some((entry) => entry.endsWith(join('node_modules', '.bin')) || entry.endsWith('node-gyp-bin')), clean.PATH);
    assert.ok(clean.PATH!.split(delimiter).length > 0);
  });

  it('installs a package whose install script checks npm_config_user_agent, with an outer npm on another Node', async () => {
    const { npmInstall } = await load();
    const target = join(work, 'agent-check-install');
    await npmInstall({ step: 'agent check', target, packages: [tarballs['agent-check']], env: outerNpmEnvironment(), logFile: join(work, 'logs', 'agent.log') });
    assert.ok(existsSync(join(target, 'node_modules', 'agent-check', 'check.js')));
    assert.deepEqual(readdirSync(work).filter((n) => n.includes('.partial-')), []);
  });

  it('names the failing step, repeats the installer’s last lines and says what to do', async () => {
    const { npmInstall } = await load();
    const target = join(work, 'failing-install');
    const logFile = join(work, 'logs', 'failing.log');
    await assert.rejects(
      npmInstall({ step: 'code-server 9.9.9', target, packages: [tarballs['failing-install']], env: outerNpmEnvironment(), logFile, hint: 'install libkrb5-dev, then try again' }),
      (error: Error) => {
        assert.equal(error.name, 'SetupError');
        assert.match(error.message, /^setup: code-server 9\.9\.9 failed: npm install .* exited with 3/); // the install script's own exit code
        assert.match(error.message, /gyp ERR! missing krb5\.h/);
        assert.match(error.message, /build line 40/);
        assert.doesNotMatch(error.message, /build line 1\n/); // only the tail, not the whole log
        assert.match(error.message, /what to do: install libkrb5-dev, then try again/);
        assert.match(error.message, new RegExp(`full output: ${logFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        return true;
      },
    );
    assert.match(readFileSync(logFile, 'utf8'), /build line 1\n/);
    assert.ok(!existsSync(target), 'no half-made install is left');
    assert.deepEqual(readdirSync(work).filter((n) => n.includes('.partial-')), []);
  });
});
