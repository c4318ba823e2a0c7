#!/usr/bin/env bash
# The test command: everything CI checks, in one run on a fresh machine.
#
#   1. lint with swift-format (.swift-format)
#   2. a build that must be free of warnings
#   3. courier-bench --quick against its own loopback nginx, so the benchmark never rots
#      (no thresholds: CI machines are noisy; scripts/bench.sh alone runs the full benchmark)
#   4. httpbin from PyPI on a free loopback port, then every test target, then httpbin stops
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

step "benchmark, quick (every scenario briefly, no thresholds)"
mkdir -p .build/bench
scripts/bench.sh --quick --json .build/bench/quick.json

step "httpbin"
trap 'scripts/httpbin.sh stop' EXIT
httpbin_env="$(scripts/httpbin.sh start)"
export "${httpbin_env?}"
echo "$httpbin_env"

step "tests"
swift test --skip-build --parallel
