#!/usr/bin/env bash
# Fuzzing: a libFuzzer harness (Tests/Fuzz/Harnesses) for every parser of untrusted bytes, built
# with -sanitize=fuzzer,address into .build-fuzz (never the normal build), each with its seed
# corpus (Tests/Fuzz/Corpus/<harness>) and dictionary (Tests/Fuzz/Dictionaries/<harness>.dict).
#
#   scripts/fuzz.sh --smoke              each harness a few seconds on its corpus, in parallel: what
#                                        scripts/test.sh runs (debug build, quick to make)
#   scripts/fuzz.sh --campaign SECONDS   each harness for SECONDS or 10 million runs, whichever
#                                        comes first, as many at once as the machine has cores, at
#                                        nice 19 (release build); then a table of the results
#   scripts/fuzz.sh --build [debug|release]
#                                        builds only; prints the folder of the harness binaries
#
# With COURIER_TEST_TARGETS set (Package.swift then holds only the targets it names, separated by
# commas, and what they need: it must name the harnesses' courier-migrate and CourierOpenAPIKit), the
# build also makes the test targets it names, instrumented alike, into one test bundle
# ($scratch/debug/CourierPackageTests.xctest, AddressSanitizer on): scripts/test.sh runs the libcurl
# transport's tests from it, so CI compiles Courier once for both.
# COURIER_FUZZ_HARNESSES="lines http-date" picks harnesses (all by default); COURIER_FUZZ_JOBS how
# many run at once (the number of cores by default); COURIER_FUZZ_SMOKE_SECONDS the smoke's time
# per harness (3). Every run stops with a finding when an input crashes, fails a harness's check,
# leaks, takes longer than 10 s (60 s in a campaign, which runs at nice 19: -timeout) or makes the
# process pass 2 GiB (-rss_limit_mb, which also refuses any single allocation that large). Findings are written to
# .build-fuzz/findings/<harness>/; replay one with `.build-fuzz/<config>/fuzz/harnesses/<harness> FILE`.
# A campaign's corpus grows in .build-fuzz/corpus/<harness>, kept from one campaign to the next.
#
# One binary holds every harness: scripts/fuzz.sh writes its table from the `enum …: FuzzHarness`
# declarations in Tests/Fuzz/Harnesses, and links named after the harnesses choose which one runs.
# Adding a harness is one file there, a corpus folder and, where the format has tokens, a dictionary.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-fuzz
mode="${1:-}"
timeout=10
case "$mode" in
--smoke) configuration=debug ;;
--campaign)
  seconds="${2:?usage: scripts/fuzz.sh --campaign SECONDS}"
  configuration=release
  # libFuzzer's timeout is wall-clock time: at nice 19 on a busy machine an input that takes half
  # a second of CPU can wait tens of seconds for it. A hang still stops the run.
  timeout=60
  ;;
--build) configuration="${2:-debug}" ;;
*)
  sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 64
  ;;
esac

# MARK: - Building

# The library targets the harnesses use, instrumented for coverage and AddressSanitizer (the C
# target too: its content decoders are fuzzed), with internal symbols open to @testable import.
# The coverage is what -sanitize=fuzzer instruments, without libFuzzer's main: SwiftPM also links
# the build plugin's tool (courier-openapi), which has a main of its own.
build_flags=(-c "$configuration" --scratch-path "$scratch" -Xswiftc -sanitize=address
  -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,indirect-calls,trace-cmp,pc-table
  -Xswiftc -enable-testing -Xcc -fsanitize=fuzzer-no-link,address)
if [ -n "${COURIER_TEST_TARGETS:-}" ]; then
  # Every target of the package it leaves (the harnesses' four among them) and the tests named.
  swift build "${build_flags[@]}" --build-tests 2>&1 |
    { grep -E "error:|warning:|complete!" | grep -v "Cannot export local symbol" || true; }
else
  for target in CourierPlugins CourierTesting courier-migrate CourierOpenAPIKit; do
    swift build "${build_flags[@]}" --target "$target" 2>&1 | { grep -E "error:|warning:|complete!" || true; }
  done
fi

products="$scratch/$configuration"
out="$products/fuzz"
mkdir -p "$out/harnesses"
table="$out/FuzzHarnesses.swift"
{
  echo "// Written by scripts/fuzz.sh from Tests/Fuzz/Harnesses: the harnesses this binary runs."
  echo "let fuzzHarnesses: [FuzzHarnessEntry] = ["
  sed -n 's/^ *enum \([A-Za-z0-9_]*\): FuzzHarness.*/    FuzzHarnessEntry(\1.self),/p' Tests/Fuzz/Harnesses/*.swift
  echo "]"
} >"$table"

optimization=-Onone
[ "$configuration" = release ] && optimization=-O
objects=()
for module in CCourierCurl Courier CourierPlugins CourierTesting courier_migrate CourierOpenAPIKit; do
  objects+=("$products/$module.build"/*.o)
done
# ld.gold warns "Cannot export local symbol '__asan_…'" for every instrumented object: harmless.
swiftc -swift-version 6 -parse-as-library "$optimization" -sanitize=fuzzer,address -warnings-as-errors \
  -I "$products/Modules" -Xcc "-fmodule-map-file=$products/CCourierCurl.build/module.modulemap" \
  Tests/Fuzz/Support/*.swift Tests/Fuzz/Harnesses/*.swift "$table" "${objects[@]}" \
  -o "$out/courier-fuzz.new" 2>&1 | { grep -v "Cannot export local symbol" || true; }
# Renamed into place: a campaign still running the old binary keeps it.
mv -f "$out/courier-fuzz.new" "$out/courier-fuzz"

# The harnesses and their own options, as the binary lists them: `name option…` per line.
harness_list="$(ASAN_OPTIONS=detect_leaks=0 "$out/courier-fuzz")"  # it exits from its list at once
rm -f "$out/harnesses"/*
while read -r name _; do ln -s ../courier-fuzz "$out/harnesses/$name"; done <<<"$harness_list"
echo "fuzz: built in $SECONDS s ($configuration)"
if [ "$mode" = --build ]; then
  echo "$out/harnesses"
  exit 0
fi

# MARK: - Running

chosen="${COURIER_FUZZ_HARNESSES:-$(cut -d ' ' -f 1 <<<"$harness_list" | tr '\n' ' ')}"
jobs="${COURIER_FUZZ_JOBS:-$(nproc)}"
logs="$out/logs"  # one folder per configuration: a smoke never touches a campaign's logs
rm -rf "$logs"
mkdir -p "$logs" "$scratch/findings"

# Runs harness $1 for $2 seconds and at most $3 inputs, on the checked-in corpus and the working
# corpus folder $4 (new inputs go there), logging to $logs/$1.log; its status is libFuzzer's.
run_harness() {
  local name="$1" time="$2" runs="$3" corpus="$4" options dictionary=() started="$SECONDS" status=0
  options="$(grep "^$name\( \|$\)" <<<"$harness_list" | cut -s -d ' ' -f 2-)"
  [ -f "Tests/Fuzz/Dictionaries/$name.dict" ] && dictionary=("-dict=Tests/Fuzz/Dictionaries/$name.dict")
  mkdir -p "$corpus" "$scratch/findings/$name" "Tests/Fuzz/Corpus/$name"
  # shellcheck disable=SC2086  # the harness's options are separate words
  "$out/harnesses/$name" -max_total_time="$time" -runs="$runs" -timeout="$timeout" -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$scratch/findings/$name/" "${dictionary[@]}" $options \
    "$corpus" "Tests/Fuzz/Corpus/$name" >"$logs/$name.log" 2>&1 || status=$?
  echo $((SECONDS - started)) >"$logs/$name.seconds"
  return "$status"
}

# The last coverage line libFuzzer printed for harness $1 (`cov: … ft: … corp: …`), and its stats.
final_stat() { sed -n "s/^stat::$2: *//p" "$logs/$1.log" | tail -n 1; }
summary() {
  local name="$1" line executions rate findings
  line="$(grep -E '^#[0-9]+' "$logs/$name.log" | tail -n 1)"
  executions="$(final_stat "$name" number_of_executed_units)"
  rate="$(final_stat "$name" average_exec_per_sec)"
  findings="$(find "$scratch/findings/$name" -type f -newer "$logs/started" | wc -l)"
  printf '| %-20s | %12s | %8s | %6s | %5s | %6s | %-16s | %8s |\n' "$name" "${executions:-?}" \
    "$(cat "$logs/$name.seconds" 2>/dev/null)" "$(sed -n 's/.*corp: \([0-9]*\).*/\1/p' <<<"$line")" \
    "$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$line")" "$(sed -n 's/.*ft: \([0-9]*\).*/\1/p' <<<"$line")" \
    "${rate:-?}/s" "$findings"
}

touch "$logs/started"
export -f run_harness
export out scratch logs harness_list timeout
# The Swift runtime's own crash handler reads the stack as AddressSanitizer reports it: libFuzzer's
# handler alone writes the input and the trace.
export SWIFT_BACKTRACE=enable=no
# Leaks of Foundation itself, each explained in the file.
export LSAN_OPTIONS="suppressions=$PWD/Tests/Fuzz/LeakSuppressions.txt"
if [ "$mode" = --smoke ]; then
  smoke_seconds="${COURIER_FUZZ_SMOKE_SECONDS:-3}"
  smoke_corpus="$(mktemp -d)"
  trap 'rm -rf "$smoke_corpus"' EXIT
  # shellcheck disable=SC2016  # expanded by the inner shell
  if ! printf '%s\n' $chosen | xargs -P "$jobs" -I {} bash -c \
    'run_harness {} "$0" -1 "$1/{}" || { echo "fuzz smoke: {} failed" >&2; exit 1; }' \
    "$smoke_seconds" "$smoke_corpus"; then
    for name in $chosen; do
      grep -qE "ERROR: |==ERROR|Fatal error|Precondition failed|deadly signal|timeout|out-of-memory" \
        "$logs/$name.log" 2>/dev/null || continue
      echo "--- $name ($logs/$name.log):" >&2
      grep -E -B 2 -A 30 "ERROR: |==ERROR|Fatal error|Precondition failed|deadly signal" "$logs/$name.log" |
        head -n 60 >&2
    done
    echo "The fuzz smoke found a problem (above); its input is in $scratch/findings/." >&2
    exit 1
  fi
  for name in $chosen; do
    printf '%-20s %s\n' "$name" "$(grep -E '^#[0-9]+' "$logs/$name.log" | tail -n 1 | cut -c 1-90)"
  done
  echo "fuzz smoke: every harness ran its corpus and ${smoke_seconds} s of new inputs with no finding" \
    "(${SECONDS} s with the build)."
  exit 0
fi

# A campaign: every harness at nice 19, $jobs at a time, then the table.
status=0
# shellcheck disable=SC2016  # expanded by the inner shell
printf '%s\n' $chosen | nice -n 19 xargs -P "$jobs" -I {} bash -c \
  'run_harness {} "$0" 10000000 "$1/corpus/{}" || echo "{} stopped with a finding" >&2' \
  "$seconds" "$scratch" || status=1
echo
echo "scripts/fuzz.sh --campaign $seconds ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, jobs $jobs)"
printf '| %-20s | %12s | %8s | %6s | %5s | %6s | %-16s | %8s |\n' harness executions "time (s)" corpus cov ft \
  "executions/s" findings
printf '|%s|%s|%s|%s|%s|%s|%s|%s|\n' ---------------------- -------------- ---------- -------- ------- -------- \
  ------------------ ----------
for name in $chosen; do summary "$name"; done
if [ -n "$(find "$scratch/findings" -type f -newer "$logs/started")" ]; then
  echo "Findings (inputs in $scratch/findings/):" >&2
  find "$scratch/findings" -type f -newer "$logs/started" >&2
  status=1
fi
exit "$status"
