#!/usr/bin/env bash
# Generates a Courier client from each OpenAPI document given and builds it as an app target builds,
# against this checkout's Courier: how long generation takes, how many lines it writes, how long the
# generated module takes to compile (wall and CPU seconds) and how much memory the compiler needs at
# its peak, and whether the build has any error or warning.
#
#   scripts/openapi-corpus.sh [--configurations all] [--stubs] [--judge] [--darwin SDK] DOCUMENT...
#
#   --configurations all  build in the four configurations apps use (Swift 5 and 6, each with and
#                         without Xcode 26's settings); by default Swift 6 only
#   --stubs               also build a program that sends every typed target of the client to a
#                         stubbing provider: every sample must decode (Tests/CourierOpenAPITests/Runner)
#   --judge               and send every operation, with the document's examples or values made from
#                         its schemas, to a recording server on loopback, and have the OpenAPI judge
#                         (../shared/tools/openapi-judge, or $COURIER_OPENAPI_JUDGE, run by
#                         $COURIER_OPENAPI_JUDGE_PYTHON or .venv-openapi-judge, made here when missing)
#                         check each request against the document with --strict: every one must be valid
#   --darwin SDK          also typecheck the client for iOS against an iPhoneOS SDK, as a scratch copy
#                         of the package's CourierPlugins target (../shared/tools/darwin-typecheck.sh,
#                         or $DARWIN_TYPECHECK)
#
# The compile is the driver's batch mode on two jobs (what `swift build` does for a debug build),
# timed by /usr/bin/time: wall seconds, CPU seconds (user + system, every job) and the largest
# resident size of one compiler process. The documents are read where they are; nothing is copied
# into the repository. The last line is "N passed, N failed" (a document fails when it does not
# generate, its build has an error or a warning, a sample does not decode or a request is invalid).
set -euo pipefail
cd "$(dirname "$0")/.."

configurations=(6)
stubs=0
judge=0
sdk=""
documents=()
while [ $# -gt 0 ]; do
  case "$1" in
    --configurations) shift; [ "${1:-}" = all ] && configurations=(5 5x 6 6x) ;;
    --stubs) stubs=1 ;;
    --judge) judge=1 ;;
    --darwin) shift; sdk="${1:-}" ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) documents+=("$1") ;;
  esac
  shift
done
[ ${#documents[@]} -gt 0 ] || { echo "usage: $0 [--configurations all] [--stubs] [--judge] [--darwin SDK] DOCUMENT..." >&2; exit 2; }

swift build --product courier-openapi 2>&1 | tail -n 1
swift build --target CourierPlugins 2>&1 | tail -n 1
swift build --target CourierTesting 2>&1 | tail -n 1
products="$(cd "$(swift build --show-bin-path)" && pwd -P)"
module_maps=()
for map in "$products"/*.build/module.modulemap; do
  [ -f "$map" ] && module_maps+=(-Xcc "-fmodule-map-file=$map")
done
xcode26=(-default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
  -enable-upcoming-feature InferIsolatedConformances)
# The recording server the runner starts uses Courier's `package` declarations.
package_name="$(basename "$PWD" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9_]/_/g; s/^\([0-9]\)/_\1/')"
if [ "$judge" = 1 ]; then
  judge_script="${COURIER_OPENAPI_JUDGE:-../shared/tools/openapi-judge/validate_requests.py}"
  judge_python="${COURIER_OPENAPI_JUDGE_PYTHON:-.venv-openapi-judge/bin/python}"
  [ -f "$judge_script" ] || { echo "the OpenAPI judge is missing: $judge_script" >&2; exit 2; }
  if [ ! -x "$judge_python" ]; then
    python3 -m venv .venv-openapi-judge
    .venv-openapi-judge/bin/pip install --quiet --disable-pip-version-check \
      -r "$(dirname "$judge_script")/requirements.txt"
    judge_python=.venv-openapi-judge/bin/python
  fi
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

passed=0
failed=0
printf '%-24s %7s %5s %8s  %-6s %8s %8s %8s %s\n' document "gen s" files lines config "wall s" "CPU s" "peak MB" \
  diagnostics
for document in "${documents[@]}"; do
  name="$(basename "$document")"
  name="${name%.*}"
  output="$scratch/$name"
  start=$(date +%s%N)
  samples=()
  [ "$stubs" = 1 ] || [ "$judge" = 1 ] && samples=(--samples)
  if ! "$products/courier-openapi" generate "$document" --output "$output" --name API "${samples[@]}" \
    >"$scratch/$name.generate.log" 2>&1; then
    echo "$name: generation failed:" >&2
    tail -n 5 "$scratch/$name.generate.log" >&2
    failed=$((failed + 1))
    continue
  fi
  elapsed=$((($(date +%s%N) - start) / 10000000))
  generation="$((elapsed / 100)).$(printf '%02d' $((elapsed % 100)))"
  files=$(ls "$output"/*.swift | wc -l)
  lines=$(cat "$output"/*.swift | wc -l)
  warnings=$(grep -c "warning: #" "$scratch/$name.generate.log" || true)
  ok=1
  for configuration in "${configurations[@]}"; do
    mode="${configuration%x}"
    settings=()
    [ "$configuration" != "$mode" ] && settings=("${xcode26[@]}")
    log="$scratch/$name.$configuration.log"
    objects="$scratch/$name.$configuration.objects"
    mkdir -p "$objects"
    set +e
    (cd "$objects" && /usr/bin/time -f "TIME %e %U %S %M" swiftc -swift-version "$mode" "${settings[@]}" \
      -parse-as-library -c -j 2 -enable-batch-mode -Onone -module-name API -I "$products/Modules" \
      -module-cache-path "$products/TypecheckModuleCache" "${module_maps[@]}" "$output"/*.swift) >"$log" 2>&1
    set -e
    read -r _ seconds user system peak < <(grep '^TIME ' "$log" | tail -n 1)
    cpu=$(awk "BEGIN { print $user + $system }")
    errors=$(grep -c ' error: ' "$log" || true)
    warns=$(grep -c ' warning: ' "$log" || true)
    printf '%-24s %7s %5d %8d  %-6s %8s %8s %8d %s\n' "$name" "$generation" "$files" "$lines" "$configuration" \
      "$seconds" "$cpu" $((peak / 1024)) "$errors errors, $warns warnings ($warnings generator warnings)"
    rm -rf "$objects"
    if [ "$errors" != 0 ] || [ "$warns" != 0 ] || grep -q 'Command exited with non-zero status' "$log"; then
      grep -E ' (error|warning): ' "$log" | sort -u | head -n 20 >&2 || tail -n 20 "$log" >&2
      ok=0
    fi
  done
  if { [ "$stubs" = 1 ] || [ "$judge" = 1 ]; } && [ "$ok" = 1 ]; then
    printf 'extension API: SampleClient {}\nlet sampleClients: [String: any SampleClient.Type] = ["%s": API.self]\n' \
      "$name" >"$scratch/Clients.swift"
    objects=()
    # Each Swift target's objects of its current sources only: a file renamed since an earlier
    # build leaves its old object behind, which would define the same symbols twice.
    for target in Courier CourierPlugins CourierTesting; do
      while read -r source; do
        objects+=("$products/$target.build/$(basename "$source").o")
      done <"$products/$target.build/sources"
    done
    objects+=("$products/CCourierCurl.build"/*.o)
    if swiftc -swift-version 6 -parse-as-library -package-name "$package_name" -o "$scratch/$name-runner" \
      -module-name runner -I "$products/Modules" -module-cache-path "$products/TypecheckModuleCache" \
      "${module_maps[@]}" "$output"/*.swift "$scratch/Clients.swift" Tests/CourierOpenAPITests/Runner/*.swift \
      Tests/CourierTestSupport/RecordingServer/*.swift "${objects[@]}" >"$scratch/$name.runner.log" 2>&1; then
      if [ "$stubs" = 1 ]; then
        "$scratch/$name-runner" stubs >"$scratch/$name.stubs.log" 2>&1 || true
        grep '^FAIL' "$scratch/$name.stubs.log" | head -n 20 >&2 || true
        tail -n 1 "$scratch/$name.stubs.log"
        grep -q "0 typed samples failed" "$scratch/$name.stubs.log" || ok=0
      fi
      if [ "$judge" = 1 ]; then
        "$scratch/$name-runner" capture "$name" "$scratch/$name.requests.jsonl" >"$scratch/$name.capture.log" 2>&1 || true
        grep '^FAIL' "$scratch/$name.capture.log" | head -n 20 >&2 || true
        sent="$(grep '^sent: ' "$scratch/$name.capture.log" || echo 'sent: none')"
        base="$(sed -n 's/^base: //p' "$scratch/$name.capture.log")"
        grep -q '^sent: .*failed: 0$' "$scratch/$name.capture.log" || ok=0
        if [ -n "$base" ]; then
          "$judge_python" "$judge_script" "$document" "$scratch/$name.requests.jsonl" --strict --base-url "$base" \
            --out "$scratch/$name.verdicts.jsonl" >"$scratch/$name.judge.log" 2>&1 || ok=0
          # The invalid requests: the operation, and each error's category, place and reason.
          "$judge_python" -c '
import json, sys
for line in open(sys.argv[1]):
    verdict = json.loads(line)
    if not verdict.get("valid"):
        for error in verdict.get("errors", []):
            print(f"INVALID {verdict.get(\"operation\")}: {error[\"category\"]} {error[\"where\"]}: {error[\"message\"][:300]}")
' "$scratch/$name.verdicts.jsonl" 2>/dev/null | head -n 40 >&2 || true
          echo "$name: $sent; $(grep '^validate_requests:' "$scratch/$name.judge.log" || tail -n 3 "$scratch/$name.judge.log")"
        else
          ok=0
          tail -n 5 "$scratch/$name.capture.log" >&2
        fi
      fi
    else
      grep -E ' error: ' "$scratch/$name.runner.log" | sort -u | head -n 20 >&2 || tail -n 20 "$scratch/$name.runner.log" >&2
      ok=0
    fi
  fi
  if [ -n "$sdk" ] && [ "$ok" = 1 ]; then
    # A scratch copy of the package with the client in CourierPlugins, the one target the typecheck
    # builds that may import Courier; an `import CourierPlugins` inside it is only a warning there.
    copy="$scratch/darwin-package-$name"
    mkdir -p "$copy"
    cp -R Package.swift Sources Plugins "$copy/"
    mkdir -p "$copy/Plugins/GeneratedClient"
    cp "$output"/*.swift "$copy/Plugins/GeneratedClient/"
    if "${DARWIN_TYPECHECK:-../shared/tools/darwin-typecheck.sh}" "$sdk" "$copy" >"$scratch/$name.darwin.log" 2>&1; then
      echo "$name: $(tail -n 1 "$scratch/$name.darwin.log")"
    else
      grep -E 'error: ' "$scratch/$name.darwin.log" | head -n 20 >&2 || true
      echo "$name: $(tail -n 1 "$scratch/$name.darwin.log")"
      ok=0
    fi
  fi
  if [ "$ok" = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
