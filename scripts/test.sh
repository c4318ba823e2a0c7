#!/usr/bin/env bash
# The test command: everything CI checks, in one run on a fresh machine.
#
#   1. lint with swift-format (.swift-format)
#   2. a build that must be free of warnings, the completion call shapes typechecked in Swift 5
#      language mode (Tests/CourierTests/CompletionCallShapes.swift), then the platform audit
#      (scripts/platform-audit.sh): nothing above the Apple deployment floor or the Swift 6.0
#      compiler without a guard
#   3. the DocC documentation, built by the toolchain's docc with warnings as errors (scripts/docs.sh),
#      and the public API: its listing (Tests/API/public-api.txt) current, every break since the last
#      release (Tests/API/baseline.txt) named in CHANGELOG.md, and that check's own self-test
#      (scripts/api-check.py)
#   4. courier-bench --quick against its own loopback nginx, so the benchmark never rots
#      (the debug build, no thresholds: CI machines are noisy; scripts/bench.sh alone runs the full
#      benchmark, in release)
#   5. httpbin (from PyPI), the misbehaving server, the SSE server (scripts/sse-server.py), the
#      WebSocket peer (scripts/websocket-server.sh, PyPI's websockets), the
#      HTTPS test servers (scripts/tls-server.sh) on free loopback ports and the test resolver of
#      child processes (scripts/test-resolver.c), then every test target,
#      with the transfer memory tests (COURIER_MEMORY_TESTS=1), over the default transport (libcurl
#      on Linux). Among them, CourierDemoTests run the courier-demo binary offline, against httpbin
#      and on a terminal (script and tmux), and CourierDocumentationTests run every article's code
#      and build the app corpus (Tests/AppCorpus) in Swift 5 and 6 modes, each with and without
#      Xcode 26's settings, with no error or warning allowed, then run it.
#      CourierOpenAPITests build the clients courier-openapi generates from Tests/CourierOpenAPITests/
#      Documents in the same four configurations, run them against stubs, and have the OpenAPI judge
#      (../shared/tools/openapi-judge, in a virtual environment made here from PyPI) check every
#      request they send; scripts/openapi-corpus.sh runs on one of them as a smoke.
#   6. the cancellation storm (issue 13 §1) over both transports, in a test process of its own
#      under a time limit, so a deadlock fails the run instead of hanging it
#   7. the integration tests again over URLSessionTransport (COURIER_TRANSPORT=urlsession), so that
#      both transports pass the same suites
#   8. the libcurl transport's resource test (10,000 requests, no descriptor or memory growth) in a
#      process of its own
#   9. the fuzz smoke: every libFuzzer harness (Tests/Fuzz, scripts/fuzz.sh) a few seconds on its
#      corpus, so a parser of untrusted bytes that regresses fails here; then, from the same
#      instrumented build, the libcurl transport's tests under AddressSanitizer
#  10. the tests again under ThreadSanitizer, which must report nothing (the app corpus's runner
#      sanitized too; the suites of single-threaded code, the demo's and the input matrices are
#      left out), and the storm again
#
# Integration tests read COURIER_HTTPBIN_URL, COURIER_MISBEHAVING_URL, COURIER_SSE_URL,
# COURIER_WEBSOCKET_URL, COURIER_TLS_SERVER and COURIER_TEST_RESOLVER (scripts/test-resolver.c,
# compiled in step 5). Under CI=true a missing server fails them; locally they are skipped when it
# is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says how long the run has taken so far: CI has 30 minutes in all.
step() { printf '\n==> %s (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

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

step "completion call shapes, Swift 5 language mode"
# The test target checks them in Swift 6 mode; existing call sites must resolve in both.
# Courier imports its C target (CCourierCurl) on Linux; a client needs the module map SwiftPM wrote.
module_maps=()
for map in .build/debug/*.build/module.modulemap; do
  [ -f "$map" ] && module_maps+=(-Xcc "-fmodule-map-file=$map")
done
swiftc -typecheck -swift-version 5 -suppress-warnings -I .build/debug/Modules "${module_maps[@]}" \
  Tests/CourierTests/CompletionCallShapes.swift

step "platform audit (floor: macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1; Swift 6.0)"
scripts/platform-audit.sh

step "documentation (docc, warnings are errors)"
scripts/docs.sh

step "public API: the listing, breaks since the last release against CHANGELOG.md, the check's self-test"
python3 scripts/api-check.py
python3 scripts/api-check.py --self-test

step "benchmark, quick (every scenario briefly, no thresholds, on the debug build)"
# The debug build made above: the point is that every scenario still runs. A release build of the
# benchmark takes three minutes here, and CI's figures would be noise either way.
mkdir -p .build/bench
COURIER_BENCH_CONFIGURATION=debug scripts/bench.sh --quick --json .build/bench/quick.json

step "servers: httpbin, the misbehaving server, the SSE server, the WebSocket peer and the HTTPS test servers"
misbehaving_pid=""
sse_pid=""
stop_servers() {
  scripts/httpbin.sh stop
  scripts/websocket-server.sh stop
  scripts/tls-server.sh stop
  [ -n "$misbehaving_pid" ] && kill "$misbehaving_pid" 2>/dev/null || true
  [ -n "$sse_pid" ] && kill "$sse_pid" 2>/dev/null || true
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
sse_port_file="$(mktemp)"
python3 scripts/sse-server.py >"$sse_port_file" &
sse_pid=$!
for _ in $(seq 1 50); do [ -s "$sse_port_file" ] && break; sleep 0.1; done
export COURIER_SSE_URL="http://127.0.0.1:$(head -n 1 "$sse_port_file")"
echo "COURIER_SSE_URL=$COURIER_SSE_URL"
websocket_env="$(scripts/websocket-server.sh start)"
export "${websocket_env?}"
echo "$websocket_env"
tls_env="$(scripts/tls-server.sh start)"
export "${tls_env?}"
echo "$tls_env"
# The getaddrinfo of child test processes (LD_PRELOAD): `.test` names reach 127.0.0.1, `slow…` ones
# after a wait. Compiled here, never by the package: gcc, or the toolchain's clang.
mkdir -p .build/test-resolver
"${CC:-$(command -v gcc || command -v clang)}" -shared -fPIC -O2 -o .build/test-resolver/test-resolver.so \
  scripts/test-resolver.c -ldl
export COURIER_TEST_RESOLVER="$PWD/.build/test-resolver/test-resolver.so"
echo "COURIER_TEST_RESOLVER=$COURIER_TEST_RESOLVER"

step "the OpenAPI judge's virtual environment (PyPI), and the OpenAPI corpus script on our documents"
# The judge of generated clients' requests lives beside the repository, as CI lays it out.
judge=../shared/tools/openapi-judge
if [ -f "$judge/validate_requests.py" ]; then
  python3 -m venv .venv-openapi-judge
  .venv-openapi-judge/bin/pip install --quiet --disable-pip-version-check -r "$judge/requirements.txt"
  export COURIER_OPENAPI_JUDGE="$PWD/$judge/validate_requests.py"
  export COURIER_OPENAPI_JUDGE_PYTHON="$PWD/.venv-openapi-judge/bin/python"
  echo "COURIER_OPENAPI_JUDGE=$COURIER_OPENAPI_JUDGE"
else
  # The judge is an outside tool beside the repository, not something this script can install: a
  # checkout without it still generates, builds and stubs every document, and says what it skipped.
  echo "NOTE: the OpenAPI judge is not at $judge/validate_requests.py: requests are not judged in this run" >&2
fi
# The script itself, on one of the documents (generate, build, decode every sample, judge every
# request): the tests step builds all of them in four configurations and judges them; the long run
# over real documents is the script on its own (GeneratingFromOpenAPI.md).
corpus_judge=()
[ -n "${COURIER_OPENAPI_JUDGE:-}" ] && corpus_judge=(--judge)
scripts/openapi-corpus.sh --stubs "${corpus_judge[@]}" Tests/CourierOpenAPITests/Documents/pets.json

step "tests"
# The transfer memory tests (300 MiB uploads and a download, ~30 s) run here; a plain
# `swift test` skips them. COURIER_MEMORY_TESTS=0 skips them here too.
COURIER_MEMORY_TESTS="${COURIER_MEMORY_TESTS:-1}" COURIER_CANCELLATION_TESTS= swift test --skip-build --parallel

step "cancellation storm, its own process, at most 5 minutes"
# Hundreds of requests cancelled at random over every API (CancellationStormTests). A regression is
# a deadlock, so the test binary runs under `timeout` (which kills it, not a wrapper); the run above
# skipped it (COURIER_CANCELLATION_TESTS unset).
run_storm() {
  COURIER_CANCELLATION_TESTS=1 timeout -k 10 300 "$1/CourierPackageTests.xctest" \
    CourierIntegrationTests.CancellationStormTests,CourierIntegrationTests.CurlCancellationStormTests
}
run_storm "$(swift build --show-bin-path)" || {
  echo "The cancellation storm failed or did not end within 5 minutes (a deadlock?)." >&2
  exit 1
}

step "integration tests over URLSessionTransport"
# The same suites, with DefaultTransport.shared (every provider built without a transport) on
# URLSession instead of libcurl.
COURIER_TRANSPORT=urlsession COURIER_MEMORY_TESTS="${COURIER_MEMORY_TESTS:-1}" \
  swift test --skip-build --parallel --filter CourierIntegrationTests

step "libcurl transport: 10,000 requests leave no descriptor or memory behind (own process)"
COURIER_RESOURCE_TESTS=1 swift test --skip-build --filter CurlResourceTests

# Fails the test command when a sanitized run failed (its exit status, $1) or one of its logs (the
# arguments after $3) holds the sanitizer's report ($2, an extended regular expression); prints
# each log's count of tests and, on failure, each log's reports and failures. $3 names the run.
check_sanitized() {
  local status="$1" pattern="$2" name="$3" log failed=0
  shift 3
  if [ "$status" -ne 0 ] || grep -qE "$pattern" "$@"; then failed=1; fi
  for log in "$@"; do
    grep -E "Executed [0-9]+ tests|Test run with" "$log" | tail -n 1 || true
    if [ "$failed" = 1 ]; then
      { grep -E -A 40 "$pattern|error:|failed" "$log" || true; } | head -n 200 >&2
    fi
  done
  if [ "$failed" = 1 ]; then
    echo "The $name failed or reported a problem (above; logs: $*)." >&2
    exit 1
  fi
  echo "$name: nothing reported."
}

# Runs the tests built in the scratch folder $1 (the rest of the arguments go to `swift test`), and
# fails when the run fails or its log matches the pattern $2; $3 names the sanitizer.
checked_run() {
  local scratch="$1" pattern="$2" sanitizer="$3" log status=0
  shift 3
  log="$(mktemp)"
  swift test --skip-build --scratch-path "$scratch" "$@" >"$log" 2>&1 || status=$?
  check_sanitized "$status" "$pattern" "$sanitizer sanitizer run" "$log"
}

step "fuzz smoke, and the libcurl transport's tests under AddressSanitizer, from one build"
# Every libFuzzer harness (Tests/Fuzz, scripts/fuzz.sh) a few seconds on its corpus, so a parser of
# untrusted bytes that regresses fails here; a campaign is `scripts/fuzz.sh --campaign`. Its build
# (.build-fuzz: AddressSanitizer and coverage) makes the two test targets that hold the libcurl
# transport's tests too, which then run from it: one instrumented build of Courier for both, not
# two. Package.swift holds only the targets named and what they need (COURIER_TEST_TARGETS: the
# test targets, and the harnesses' own). LeakSanitizer is on; scripts/lsan-suppressions.txt names
# what XCTest itself keeps to the end.
export COURIER_TEST_TARGETS=CourierTests,CourierIntegrationTests,courier-migrate,CourierOpenAPIKit
scripts/fuzz.sh --smoke
LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt" \
  checked_run .build-fuzz "ERROR: (AddressSanitizer|LeakSanitizer)" address \
  --filter 'Curl|CoreWireTests|MisbehavingServerTests'

step "tests under ThreadSanitizer"
# A separate build folder keeps the sanitized objects apart. Three processes (below) rather than
# --parallel: a sanitized binary starts slowly, and a process per test would take minutes longer. The
# memory tests measure memory, not races, and are left to the run above; the storm runs after, in a
# process of its own under its time limit, as above. The app corpus's compile-only checks run once,
# in the tests step: a sanitized copy adds minutes and no race (COURIER_CORPUS_COMPILE=0).
# The app corpus's runner (AppCorpusTests) is built with -sanitize=thread here (COURIER_SANITIZER),
# so its checks of where callbacks run are made under the sanitizer too.
# Left out, neither built nor run: the test targets of single-threaded code (the OpenAPI generator,
# its document reader, the migration tool) and the demo's (they run the demo's binary, whose
# sanitizer reports would land in the child's captured output, unread). Skipped under
# COURIER_SANITIZER: the suites that send one path through thousands of inputs (the secrets
# matrices, the property tests, the redaction shapes; SanitizedRun.skipInputMatrix). The tests step
# ran them all, and the paths they share are raced here by the suites that test them: about 4
# minutes of CI's 30. (Not `swift test --skip`: it hands the test process the name of every other
# test in one argument, longer than Linux allows.)
tsan_targets=CourierTests,CourierPluginsTests,CourierTestingTests,CourierIntegrationTests
tsan_targets="$tsan_targets,CourierDocumentationTests"
# Package.swift holds only these targets and what they need (COURIER_TEST_TARGETS), so the build
# compiles nothing the run leaves out.
export COURIER_TEST_TARGETS="$tsan_targets"
swift build --build-tests --sanitize=thread --scratch-path .build-tsan 2>&1 | tail -n 1
tsan_bin="$(swift build --sanitize=thread --scratch-path .build-tsan --show-bin-path)"
# Three processes at once, so that the wire tests' waits leave no core idle: the XCTest suites in
# two halves (the integration suites, and the rest), named by class (a list of every test would be
# longer than one argument may be), and the Swift Testing tests.
tsan_classes="$("$tsan_bin/CourierPackageTests.xctest" --list-tests |
  sed -n 's#^\([^ /]*\)/.*#\1#p' | sort -u)"
tsan_logs="$(mktemp -d)"
tsan_status=0
(
  export COURIER_MEMORY_TESTS=0 COURIER_CANCELLATION_TESTS= COURIER_CORPUS_COMPILE=0 COURIER_SANITIZER=thread
  "$tsan_bin/CourierPackageTests.xctest" "$(grep '^CourierIntegrationTests\.' <<<"$tsan_classes" | paste -sd,)" \
    >"$tsan_logs/integration.log" 2>&1 &
  pids=($!)
  "$tsan_bin/CourierPackageTests.xctest" "$(grep -v '^CourierIntegrationTests\.' <<<"$tsan_classes" | paste -sd,)" \
    >"$tsan_logs/others.log" 2>&1 &
  pids+=($!)
  swift test --skip-build --sanitize=thread --scratch-path .build-tsan --disable-xctest \
    >"$tsan_logs/swift-testing.log" 2>&1 &
  pids+=($!)
  status=0
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  exit "$status"
) || tsan_status=$?
check_sanitized "$tsan_status" "WARNING: ThreadSanitizer" "ThreadSanitizer run" "$tsan_logs"/*.log
storm_log="$(mktemp)"
storm_status=0
run_storm "$tsan_bin" >"$storm_log" 2>&1 || storm_status=$?
check_sanitized "$storm_status" "WARNING: ThreadSanitizer" "cancellation storm under ThreadSanitizer" "$storm_log"
echo "All steps passed in $((SECONDS / 60))m$((SECONDS % 60))s."
