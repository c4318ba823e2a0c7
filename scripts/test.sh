#!/usr/bin/env bash
# The test command: everything CI checks, in one run on a fresh machine.
#
#   1. lint with swift-format (.swift-format)
#   2. a build that must be free of warnings, then the platform audit (scripts/platform-audit.sh):
#      nothing above the Apple deployment floor or the Swift 6.0 compiler without a guard
#   3. the DocC documentation, built by the toolchain's docc with warnings as errors (scripts/docs.sh)
#   4. courier-bench --quick against its own loopback nginx, so the benchmark never rots
#      (no thresholds: CI machines are noisy; scripts/bench.sh alone runs the full benchmark)
#   5. httpbin (from PyPI) and the misbehaving server on free loopback ports, then every test
#      target, with the transfer memory tests (COURIER_MEMORY_TESTS=1). Among them,
#      CourierDemoTests run the courier-demo binary offline, against httpbin and on a terminal
#      (script and tmux), and CourierDocumentationTests run every article's code.
#   6. every test again under ThreadSanitizer, which must report nothing
#
# Integration tests read COURIER_HTTPBIN_URL and COURIER_MISBEHAVING_URL. Under CI=true a missing
# server fails them; locally they are skipped when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "lint (swift format)"
swift format lint --strict --recursive Package.swift Sources Plugins Tests
# Synchronization.Mutex hands a contended lock over with futex calls ThreadSanitizer cannot see, so
# step 6 would report what it guards as races now and then. Use LockedValue, NSLock or Atomic.
if grep -rnE --include='*.swift' --include='*.md' '\bMutex *[(<]' README.md Sources Plugins Tests; then
  echo "Mutex is used (above): ThreadSanitizer cannot check it on Linux; see LockedValue." >&2
  exit 1
fi

step "build, warnings are errors"
build_log="$(mktemp)"
swift build --build-tests 2>&1 | tee "$build_log" | grep -E "warning:|error:" || true
if grep -qE "warning:|error:" "$build_log"; then
  echo "The build printed warnings or errors (above)." >&2
  exit 1
fi

step "platform audit (floor: macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1; Swift 6.0)"
scripts/platform-audit.sh

step "documentation (docc, warnings are errors)"
scripts/docs.sh

step "benchmark, quick (every scenario briefly, no thresholds)"
mkdir -p .build/bench
scripts/bench.sh --quick --json .build/bench/quick.json

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
COURIER_MEMORY_TESTS="${COURIER_MEMORY_TESTS:-1}" swift test --skip-build --parallel

step "tests under ThreadSanitizer"
# A separate build folder keeps the sanitized objects apart. One process rather than --parallel:
# a sanitized binary starts slowly, and a process per test would take minutes longer. The memory
# tests measure memory, not races, and are left to the run above.
tsan_log="$(mktemp)"
swift build --build-tests --sanitize=thread --scratch-path .build-tsan 2>&1 | tail -n 1
set +e
# The migration corpus is compiled and run once, in the step above: a sanitized copy adds minutes
# and no race (COURIER_CORPUS_COMPILE=0 skips those three tests here).
COURIER_MEMORY_TESTS=0 COURIER_CORPUS_COMPILE=0 swift test --skip-build --sanitize=thread --scratch-path .build-tsan >"$tsan_log" 2>&1
tsan_status=$?
set -e
grep -E "Executed [0-9]+ tests" "$tsan_log" | tail -n 1 || true
if [ "$tsan_status" -ne 0 ] || grep -q "WARNING: ThreadSanitizer" "$tsan_log"; then
  grep -E -A 30 "WARNING: ThreadSanitizer|error:" "$tsan_log" | head -n 200 >&2
  echo "The ThreadSanitizer run failed or reported a data race (above)." >&2
  exit 1
fi
echo "ThreadSanitizer: no data races."
