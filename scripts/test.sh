#!/usr/bin/env bash
# The test command: everything CI checks, in one run on a fresh machine.
#
#   1. lint with swift-format (.swift-format)
#   2. a build that must be free of warnings
#   3. the DocC documentation, built by the toolchain's docc with warnings as errors (scripts/docs.sh)
#   4. httpbin from PyPI on a free loopback port, then every test target (with the transfer
#      memory tests, COURIER_MEMORY_TESTS=1), then httpbin stops. Among them, CourierDemoTests
#      run the courier-demo binary offline, against httpbin and on a terminal (script and tmux),
#      and CourierDocumentationTests run every article's code.
#
# Integration tests read COURIER_HTTPBIN_URL. Under CI=true a missing server fails them; locally
# they are skipped when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "lint (swift format)"
swift format lint --strict --recursive Package.swift Sources Plugins Tests

step "build, warnings are errors"
build_log="$(mktemp)"
swift build --build-tests 2>&1 | tee "$build_log" | grep -E "warning:|error:" || true
if grep -qE "warning:|error:" "$build_log"; then
  echo "The build printed warnings or errors (above)." >&2
  exit 1
fi

step "documentation (docc, warnings are errors)"
scripts/docs.sh

step "servers: httpbin and the misbehaving server"
misbehaving_pid=""
stop_servers() {
  scripts/httpbin.sh stop
  [ -n "$misbehaving_pid" ] && kill "$misbehaving_pid" 2>/dev/null || true
}
trap stop_servers EXIT
httpbin_env="$(scripts/httpbin.sh start)"
export "${httpbin_env?}"
echo "$httpbin_env"
misbehaving_port_file="$(mktemp)"
python3 scripts/misbehaving-server.py >"$misbehaving_port_file" &
misbehaving_pid=$!
for _ in $(seq 1 50); do [ -s "$misbehaving_port_file" ] && break; sleep 0.1; done
export COURIER_MISBEHAVING_URL="http://127.0.0.1:$(head -n 1 "$misbehaving_port_file")"
echo "COURIER_MISBEHAVING_URL=$COURIER_MISBEHAVING_URL"

step "tests"
# The transfer memory tests (300 MiB uploads and a download, ~30 s) run here; a plain
# `swift test` skips them. COURIER_MEMORY_TESTS=0 skips them here too.
export COURIER_MEMORY_TESTS="${COURIER_MEMORY_TESTS:-1}"
swift test --skip-build --parallel
