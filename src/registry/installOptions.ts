// The ways a registry server can run here: each package (npm with npx, PyPI with uvx, an OCI image with
// docker, NuGet with dnx) and each remote (Streamable HTTP or SSE). A way we cannot run says why,
// rather than being dropped, so the user learns why a server offers nothing to install.
// No `vscode` import.
import { packageSchema, remoteSchema, type RegistryPackage, type RegistryRemote, type ServerJson } from './serverJson';

/** How an installed server runs; written to its settings (`registry.package`) so an update runs it the same way. */
export type RunKind = 'npm' | 'pypi' | 'oci' | 'nuget' | 'remote';

export interface InstallOption {
  kind: RunKind | string;
  /** E.g. "npm package", "Docker image", "Remote (Streamable HTTP)". */
  label: string;
  /** The package and version, or the URL. */
  detail: string;
  /** The program that runs a package (npx, uvx, docker, dnx). */
  command?: string;
  package?: RegistryPackage;
  remote?: RegistryRemote;
  /** Why this way cannot be installed; absent when it can. */
  unsupported?: string;
}

const RUNNERS: Record<string, { command: string; label: string }> = {
  npm: { command: 'npx', label: 'npm package' },
  pypi: { command: 'uvx', label: 'PyPI package' },
  oci: { command: 'docker', label: 'Docker image' },
  nuget: { command: 'dnx', label: 'NuGet package' },
};

// Package names as their registries allow them. They end up on a command line after the runner (npx,
// uvx…), so a name such as `--call=…` must never pass for a package.
const VALID_IDENTIFIER: Record<string, RegExp> = {
  npm: /^(@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/i,
  pypi: /^[a-z0-9][\w.-]*$/i,
  nuget: /^[a-z0-9][\w.-]*$/i,
  oci: /^[a-z0-9][\w.:/@-]*$/i,
};
const VALID_VERSION = /^[\w][\w.+-]*$/;

export function installOptions(server: ServerJson): InstallOption[] {
  const options = [...(server.packages ?? []).map(packageOption), ...(server.remotes ?? []).map(remoteOption)];
  // Installable ways first, in the publisher's order; the others after them, with their reason.
  return [...options.filter((o) => !o.unsupported), ...options.filter((o) => o.unsupported)];
}

function packageOption(raw: unknown): InstallOption {
  const parsed = packageSchema.safeParse(raw);
  if (!parsed.success) {
    const kind = typeof (raw as { registryType?: unknown })?.registryType === 'string' ? (raw as { registryType: string }).registryType : 'package';
    return { kind, label: `${kind} package`, detail: '', unsupported: `its entry is malformed (${parsed.error.issues[0]?.path.join('.') || 'package'}: ${parsed.error.issues[0]?.message})` };
  }
  const pkg = parsed.data;
  const runner = RUNNERS[pkg.registryType];
  const detail = pkg.version && pkg.registryType !== 'oci' ? `${pkg.identifier} ${pkg.version}` : pkg.identifier;
  const base = { kind: pkg.registryType, label: runner?.label ?? `${pkg.registryType} package`, detail, command: runner?.command, package: pkg };
  if (pkg.registryType === 'mcpb') return { ...base, label: 'MCP bundle', unsupported: 'MCP bundles (.mcpb) are not supported yet' };
  if (!runner) return { ...base, unsupported: `${pkg.registryType} packages are not supported` };
  const transport = pkg.transport?.type ?? 'stdio';
  if (transport !== 'stdio') return { ...base, unsupported: `this package runs a local ${transport} server, which MCP Client cannot start; choose another way` };
  if (!VALID_IDENTIFIER[pkg.registryType]!.test(pkg.identifier)) return { ...base, unsupported: `"${pkg.identifier}" is not a valid ${pkg.registryType} name` };
  if (pkg.version !== undefined && !VALID_VERSION.test(pkg.version)) return { ...base, unsupported: `"${pkg.version}" is not a valid version` };
  return withEnvironmentCheck(withVariableCheck(base, pkg), pkg);
}

function remoteOption(raw: unknown): InstallOption {
  const parsed = remoteSchema.safeParse(raw);
  if (!parsed.success) return { kind: 'remote', label: 'Remote', detail: '', unsupported: `its entry is malformed (${parsed.error.issues[0]?.message})` };
  const remote = parsed.data;
  const name = remote.type === 'streamable-http' ? 'Streamable HTTP' : remote.type === 'sse' ? 'SSE' : remote.type;
  const base = { kind: 'remote', label: `Remote (${name})`, detail: remote.url, remote };
  if (remote.type !== 'streamable-http' && remote.type !== 'sse') return { ...base, unsupported: `the "${remote.type}" transport is not supported` };
  if (!/^https?:\/\/|^\{/.test(remote.url)) return { ...base, unsupported: `"${remote.url}" is not an http(s) URL` };
  return withVariableCheck(base, remote);
}

/**
 * Environment variables that change how the runner itself (npx, uvx, docker, dnx, the shell, the loader)
 * behaves, not the server: a registry entry that sets one could load code into the runner
 * (`LD_PRELOAD`, `NODE_OPTIONS`), send it to another package index (`npm_config_registry`, `UV_INDEX_URL`)
 * or another Docker daemon (`DOCKER_HOST`), or find other programs (`PATH`). Such an entry is refused.
 */
const RUNNER_ENVIRONMENT =
  /^(LD_\w+|DYLD_\w+|PATH|PATHEXT|HOME|USERPROFILE|SHELL|COMSPEC|ENV|BASH_ENV|ZDOTDIR|PROMPT_COMMAND|IFS|TMPDIR|TEMP|TMP|XDG_\w+|NODE_OPTIONS|NODE_PATH|NODE_EXTRA_CA_CERTS|NODE_TLS_REJECT_UNAUTHORIZED|NODE_REPL_EXTERNAL_MODULE|NPM_CONFIG_\w+|YARN_\w+|PNPM_\w+|COREPACK_\w+|BUN_\w+|DENO_\w+|PYTHON\w*|PIP_\w+|UV_\w+|VIRTUAL_ENV|CONDA_\w+|PERL5\w*|PERLLIB|RUBYOPT|RUBYLIB|GEM_\w+|BUNDLE_\w+|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|CLASSPATH|DOTNET_\w+|NUGET_\w+|MSBUILD\w*|CORECLR_\w+|COR_\w+|DOCKER_\w+|CONTAINER_HOST|BUILDKIT_\w+|GIT_\w+|SSH_\w+|SSL_CERT_\w+|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|OPENSSL_\w+|(HTTP|HTTPS|ALL|NO|FTP)_PROXY|BROWSER|EDITOR|VISUAL|PAGER|GOFLAGS|GOPROXY|GOPATH|CARGO_\w+|RUSTC_\w+|RUSTFLAGS)$/i;

function withEnvironmentCheck(option: InstallOption, pkg: RegistryPackage): InstallOption {
  if (option.unsupported) return option;
  const names = (pkg.environmentVariables ?? []).map((v) => v.name).filter((name) => RUNNER_ENVIRONMENT.test(name));
  return names.length ? { ...option, unsupported: `its entry sets ${names.join(', ')}, which would change how ${option.command ?? 'the runner'} itself runs` } : option;
}

/**
 * Settings expand `${env:…}`, `${input:…}` and the like. A value from the registry that contained such a
 * reference would make the settings send the user's environment variables or stored secrets to the
 * server (a header to a remote, say), so such an entry is refused instead of being installed.
 */
function withVariableCheck(option: InstallOption, source: unknown): InstallOption {
  const found = /\$\{[^}]*\}/.exec(JSON.stringify(source));
  return found ? { ...option, unsupported: `its entry contains "${found[0]}", which settings would expand as a variable` } : option;
}
