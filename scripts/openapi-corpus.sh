#!/usr/bin/env bash
# Generates a Courier client from each OpenAPI document given and builds it as an app target builds,
# against this checkout's Courier: how long generation takes, how many lines it writes, how long the
# generated module takes to compile and how much memory the compiler needs at its peak, and whether
# the build has any error or warning.
#
#   scripts/openapi-corpus.sh [--configurations all] [--stubs] DOCUMENT...
#
#   --configurations all  build in the four configurations apps use (Swift 5 and 6, each with and
#                         without Xcode 26's settings); by default Swift 6 only
#   --stubs               also build a program that sends every typed target of the client to a
#                         stubbing provider: every sample must decode (Tests/CourierOpenAPITests/Runner)
#
# The compile is the driver's batch mode on two jobs (what `swift build` does for a debug build),
# timed by /usr/bin/time: wall seconds and the largest resident size of one compiler process. The
# documents are read where they are; nothing is copied into the repository. The last line is
# "N passed, N failed" (a document fails when it does not generate or its build has an error or a
# warning).
set -euo pipefail
cd "$(dirname "$0")/.."

configurations=(6)
stubs=0
documents=()
while [ $# -gt 0 ]; do
  case "$1" in
    --configurations) shift; [ "${1:-}" = all ] && configurations=(5 5x 6 6x) ;;
    --stubs) stubs=1 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) documents+=("$1") ;;
  esac
  shift
done
[ ${#documents[@]} -gt 0 ] || { echo "usage: $0 [--configurations all] [--stubs] DOCUMENT..." >&2; exit 2; }

swift build --product courier-openapi 2>&1 | tail -n 1
swift build --target CourierPlugins 2>&1 | tail -n 1
products="$(cd "$(swift build --show-bin-path)" && pwd -P)"
module_maps=()
for map in "$products"/*.build/module.modulemap; do
  [ -f "$map" ] && module_maps+=(-Xcc "-fmodule-map-file=$map")
done
xcode26=(-default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
  -enable-upcoming-feature InferIsolatedConformances)
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

passed=0
failed=0
printf '%-28s %8s %6s %8s  %-6s %9s %9s %s\n' document "gen s" files lines config "build s" "peak MB" diagnostics
for document in "${documents[@]}"; do
  name="$(basename "$document")"
  name="${name%.*}"
  output="$scratch/$name"
  start=$(date +%s%N)
  samples=()
  [ "$stubs" = 1 ] && samples=(--samples)
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
    (cd "$objects" && /usr/bin/time -f "TIME %e %M" swiftc -swift-version "$mode" "${settings[@]}" -parse-as-library \
      -c -j 2 -enable-batch-mode -Onone -module-name API -I "$products/Modules" \
      -module-cache-path "$products/TypecheckModuleCache" "${module_maps[@]}" "$output"/*.swift) >"$log" 2>&1
    set -e
    read -r _ seconds peak < <(grep '^TIME ' "$log" | tail -n 1)
    errors=$(grep -c ' error: ' "$log" || true)
    warns=$(grep -c ' warning: ' "$log" || true)
    printf '%-28s %8s %6d %8d  %-6s %9s %9d %s\n' "$name" "$generation" "$files" "$lines" "$configuration" \
      "$seconds" $((peak / 1024)) "$errors errors, $warns warnings ($warnings generator warnings)"
    if [ "$errors" != 0 ] || [ "$warns" != 0 ] || grep -q 'Command exited with non-zero status' "$log"; then
      grep -E ' (error|warning): ' "$log" | sort -u | head -n 20 >&2 || tail -n 20 "$log" >&2
      ok=0
    fi
  done
  if [ "$stubs" = 1 ] && [ "$ok" = 1 ]; then
    printf 'extension API: SampleClient {}\nlet sampleClients: [String: any SampleClient.Type] = ["%s": API.self]\n' \
      "$name" >"$scratch/Clients.swift"
    objects=()
    for target in Courier CourierPlugins CourierTesting CCourierCurl; do
      [ -d "$products/$target.build" ] && objects+=("$products/$target.build"/*.o)
    done
    if swiftc -swift-version 6 -parse-as-library -o "$scratch/$name-runner" -module-name runner \
      -I "$products/Modules" -module-cache-path "$products/TypecheckModuleCache" "${module_maps[@]}" \
      "$output"/*.swift "$scratch/Clients.swift" Tests/CourierOpenAPITests/Runner/SampleRunner.swift "${objects[@]}" \
      >"$scratch/$name.runner.log" 2>&1; then
      "$scratch/$name-runner" stubs | tail -n 1
      "$scratch/$name-runner" stubs | grep -q "0 typed samples failed" || ok=0
    else
      tail -n 20 "$scratch/$name.runner.log" >&2
      ok=0
    fi
  fi
  if [ "$ok" = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
